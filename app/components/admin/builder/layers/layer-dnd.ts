import { closestCenter, type Announcements, type CollisionDetection, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { LayerKind } from "~/lib/builder/layers";

/** What a row of the Structure panel carries while dragged: its kind, its parent and its name (announced). */
export interface LayerDragData {
  kind: LayerKind;
  parentId: string | null;
  label: string;
}

/** Blocks among blocks; sections on sections or a block; columns within their section; elements on elements or a column. */
export function layerAccepts(active: LayerDragData | undefined, target: LayerDragData | undefined): boolean {
  if (!active || !target) return false;
  switch (active.kind) {
    case "block":
      return target.kind === "block";
    case "section":
      return target.kind === "section" || target.kind === "block";
    case "column":
      return target.kind === "column" && target.parentId === active.parentId;
    case "element":
      return target.kind === "element" || target.kind === "column";
  }
}

const data = (d: { data: { current?: unknown } } | null | undefined) => d?.data.current as LayerDragData | undefined;

/** The closest row the dragged one may land on (pointer and keyboard alike: rows are one vertical list). */
export const layerCollision: CollisionDetection = (args) => {
  const active = data(args.active);
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => layerAccepts(active, data(c))) });
};

/** Arrow keys jump to the next row the dragged one may land on, skipping the others. */
export const layerKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const active = data(args.context.active);
  const all = args.context.droppableContainers;
  const filtered = {
    getEnabled: () => all.getEnabled().filter((c) => c.id === args.context.active?.id || layerAccepts(active, data(c))),
    get: (id: Parameters<typeof all.get>[0]) => all.get(id),
  };
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered as unknown as typeof all } });
};

const label = (d: unknown) => (d as LayerDragData | undefined)?.label ?? "élément";

export const layerAnnouncements: Announcements = {
  onDragStart: ({ active }) => `${label(active.data.current)} saisi. Flèches haut et bas pour choisir sa place, Espace pour déposer, Échap pour annuler.`,
  onDragOver: ({ active, over }) =>
    over && over.id !== active.id
      ? `${label(active.data.current)} à la place de ${label(over.data.current)}.`
      : `${label(active.data.current)} à sa place d'origine.`,
  onDragEnd: ({ active, over }) =>
    over && over.id !== active.id
      ? `${label(active.data.current)} déposé à la place de ${label(over.data.current)}.`
      : `${label(active.data.current)} relâché : rien n'a changé.`,
  onDragCancel: ({ active }) => `Déplacement de ${label(active.data.current)} annulé.`,
};

export const layerInstructions = {
  draggable:
    "Pour déplacer, appuyez sur Espace ou Entrée, puis sur les flèches haut et bas, et sur Espace pour déposer ou Échap pour annuler. Raccourci : Alt + flèche haut ou bas.",
};
