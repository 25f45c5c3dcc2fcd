import { closestCenter, pointerWithin, type Announcements, type CollisionDetection, type DragEndEvent, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { moveBlock, moveElement, moveSection } from "~/lib/document/ops";
import type { PageDocument } from "~/lib/document/schema";

/** What each draggable carries, so a drop knows what moved and where it may land. */
export type DragData =
  | { type: "block"; label: string }
  | { type: "section"; blockId: string; label: string }
  | { type: "element"; columnId: string; label: string }
  | { type: "column"; columnId: string; label: string };

const ACCEPTS: Record<string, string[]> = { block: ["block"], section: ["section"], element: ["element", "column"] };

function accepts(active: DragData | undefined, target: DragData | undefined): boolean {
  if (!active || !target || !(ACCEPTS[active.type] ?? []).includes(target.type)) return false;
  return active.type !== "section" || (target.type === "section" && target.blockId === active.blockId);
}

/**
 * Blocks land among blocks, sections among the sections of their block, elements in any column.
 * A pointer drag lands where the pointer is (an element under it, else the column under it) and
 * nowhere when the pointer is over no target: drag handles sit beside their element, so comparing
 * rectangle centres would drop things far from the pointer. Keyboard drags use the closest centre.
 */
export const collision: CollisionDetection = (args) => {
  const active = args.active.data.current as DragData | undefined;
  if (!active) return [];
  const droppableContainers = args.droppableContainers.filter((c) => accepts(active, c.data.current as DragData | undefined));
  if (!args.pointerCoordinates) return closestCenter({ ...args, droppableContainers });
  const under = pointerWithin({ ...args, droppableContainers });
  const items = under.filter((c) => (c.data?.droppableContainer?.data.current as DragData | undefined)?.type !== "column");
  return items.length ? items : under;
};

/** Arrow keys move to the next target the dragged thing may land on (not to any droppable around it). */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const active = args.context.active?.data.current as DragData | undefined;
  const all = args.context.droppableContainers;
  const filtered = {
    getEnabled: () =>
      all.getEnabled().filter((c) => {
        const target = c.data.current as DragData | undefined;
        // An element's own column surrounds it: as a keyboard target it would swallow every arrow.
        if (active?.type === "element" && target?.type === "column" && target.columnId === active.columnId) return false;
        return accepts(active, target);
      }),
    get: (id: Parameters<typeof all.get>[0]) => all.get(id),
  };
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered as unknown as typeof all } });
};

/** The document after a drop; a drop outside any target leaves it unchanged. */
export function applyDrop(doc: PageDocument, event: DragEndEvent): PageDocument {
  const { active, over } = event;
  if (!over || active.id === over.id) return doc;
  const a = active.data.current as DragData | undefined;
  const o = over.data.current as DragData | undefined;
  if (!a || !o) return doc;
  if (a.type === "block" && o.type === "block") {
    const from = doc.blocks.findIndex((b) => b.id === active.id);
    const to = doc.blocks.findIndex((b) => b.id === over.id);
    return from < 0 || to < 0 ? doc : moveBlock(doc, from, to);
  }
  if (a.type === "section" && o.type === "section" && a.blockId === o.blockId) {
    const block = doc.blocks.find((b) => b.id === a.blockId);
    if (!block) return doc;
    const from = block.sections.findIndex((s) => s.id === active.id);
    const to = block.sections.findIndex((s) => s.id === over.id);
    return from < 0 || to < 0 ? doc : moveSection(doc, block.id, from, to);
  }
  if (a.type === "element" && (o.type === "element" || o.type === "column")) {
    const columnId = o.columnId;
    const column = doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns)).find((c) => c.id === columnId);
    if (!column) return doc;
    if (o.type === "column") return moveElement(doc, String(active.id), columnId, column.elements.length);
    const to = column.elements.findIndex((e) => e.id === over.id);
    return moveElement(doc, String(active.id), columnId, to < 0 ? column.elements.length : to);
  }
  return doc;
}

const label = (d: unknown) => (d as DragData | undefined)?.label ?? "élément";

/** French announcements for screen readers during pointer and keyboard drags. */
export const announcements: Announcements = {
  onDragStart: ({ active }) => `${label(active.data.current)} saisi. Flèches pour déplacer, Espace pour déposer, Échap pour annuler.`,
  onDragOver: ({ active, over }) =>
    over ? `${label(active.data.current)} au-dessus de ${label(over.data.current)}.` : `${label(active.data.current)} hors de toute zone.`,
  onDragEnd: ({ active, over }) =>
    over ? `${label(active.data.current)} déposé sur ${label(over.data.current)}.` : `${label(active.data.current)} relâché hors zone : rien n'a changé.`,
  onDragCancel: ({ active }) => `Déplacement de ${label(active.data.current)} annulé.`,
};

export const screenReaderInstructions = {
  draggable:
    "Pour déplacer, appuyez sur Espace ou Entrée, puis utilisez les flèches, et Espace pour déposer ou Échap pour annuler. Raccourci : Alt + flèches sur la sélection.",
};

/**
 * Where an element dropped outside its own block's drag scope lands: the column under the pointer in
 * another block (each block has its own scope, decision 006), before the element under the pointer or at
 * the column's end. Null when no column is there: dropping outside a target does nothing.
 */
export function columnDropAt(
  doc: PageDocument,
  activeId: string,
  x: number,
  y: number,
  under: (x: number, y: number) => Element[],
): { columnId: string; index: number } | null {
  for (const node of under(x, y)) {
    if (node.closest(`[data-builder-element="${CSS.escape(activeId)}"]`)) continue;
    const col = node.closest("[data-builder-column]");
    if (!col) continue;
    const columnId = col.getAttribute("data-builder-column") ?? "";
    const column = doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns)).find((c) => c.id === columnId);
    if (!column) return null;
    const target = node.closest("[data-builder-element]");
    const targetId = target?.getAttribute("data-builder-element");
    let index = targetId ? column.elements.findIndex((e) => e.id === targetId) : -1;
    if (index >= 0 && target) {
      const box = target.getBoundingClientRect();
      if (y > box.top + box.height / 2) index++;
    }
    return { columnId, index: index < 0 ? column.elements.length : index };
  }
  return null;
}
