import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { memo, useCallback, useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { moveLayerAction, moveLayerByAction, selectLayer } from "~/lib/builder/layer-actions";
import { allContainerIds, ancestorsOf, layerRows, type LayerRow } from "~/lib/builder/layers";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import type { PageDocument } from "~/lib/document/schema";
import { layerAccepts, layerAnnouncements, layerCollision, layerInstructions, layerKeyboardCoordinates, type LayerDragData } from "./layer-dnd";

// Module constants: useSensor memoizes on its options (see canvas/CanvasDnd.tsx).
const POINTER_SENSOR = { activationConstraint: { distance: 6 } };
const KEYBOARD_SENSOR = { coordinateGetter: layerKeyboardCoordinates };
const ACCESSIBILITY = { announcements: layerAnnouncements, screenReaderInstructions: layerInstructions };
/** Up to this many elements the tree opens unfolded; a longer page opens with its blocks folded. */
const OPEN_ALL_UP_TO = 60;

function initialExpanded(doc: PageDocument): Set<string> {
  let elements = 0;
  for (const b of doc.blocks) for (const s of b.sections) for (const c of s.columns) elements += c.elements.length;
  return new Set(elements <= OPEN_ALL_UP_TO ? allContainerIds(doc) : []);
}

/**
 * The Structure panel (issue 11 §6): every block, section, column and element of the page as a tree,
 * named from its content. A click selects the node in the canvas (which scrolls to it); the handle drags
 * it (pointer, or Espace then arrows: announced in French), Alt + arrows move it one place. Moves go
 * through the document operations and the undo history of the canvas. Folded nodes render no rows.
 */
export function LayersPanel() {
  const store = useBuilderStore();
  const doc = useBuilder((s) => s.doc);
  const selectedId = useBuilder((s) => s.selected?.id ?? null);
  const [expanded, setExpanded] = useState<Set<string>>(() => initialExpanded(store.getState().doc));
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor, KEYBOARD_SENSOR));

  // The selection (made in the canvas, say) is always visible in the tree.
  useEffect(() => {
    if (!selectedId) return;
    const around = ancestorsOf(store.getState().doc, selectedId);
    setExpanded((prev) => (around.every((id) => prev.has(id)) ? prev : new Set([...prev, ...around])));
  }, [selectedId, store]);

  const rows = useMemo(() => layerRows(doc, expanded), [doc, expanded]);
  // Stable, so a move re-renders only the rows whose name or place changed (rows are memoised on plain values).
  const toggle = useCallback(
    (id: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.over.id === e.active.id) return;
    if (!layerAccepts(e.active.data.current as LayerDragData | undefined, e.over.data.current as LayerDragData | undefined)) return;
    moveLayerAction(store, String(e.active.id), String(e.over.id));
  }

  return (
    <div className="space-y-3" data-testid="layers-panel">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-bold">Structure</h2>
        <button
          type="button"
          className="rounded border border-neutral-300 px-2 py-1 text-xs hover:border-ink"
          onClick={() => setExpanded(new Set(allContainerIds(store.getState().doc)))}
          data-action="layers-expand-all"
        >
          Tout déplier
        </button>
        <button type="button" className="rounded border border-neutral-300 px-2 py-1 text-xs hover:border-ink" onClick={() => setExpanded(new Set())}>
          Tout replier
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-600">La page est vide : ajoutez un bloc depuis l'onglet Blocs.</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={layerCollision} onDragEnd={onDragEnd} accessibility={ACCESSIBILITY}>
          <ul className="text-sm" aria-label="Structure de la page">
            {rows.map((r) => (
              <LayerItem
                key={r.id}
                id={r.id}
                kind={r.kind}
                name={r.name}
                depth={r.depth}
                parentId={r.parentId}
                hasChildren={r.hasChildren}
                selected={r.id === selectedId}
                expanded={expanded.has(r.id)}
                onToggle={toggle}
              />
            ))}
          </ul>
        </DndContext>
      )}
      <p className="text-xs text-neutral-500">Glissez la poignée ⠿ pour déplacer, ou Alt + flèches haut et bas.</p>
    </div>
  );
}

/**
 * The way into the Structure panel, at the top of the side panel (the top bar keeps its two tabs, seed
 * 001): pressed, the panel shows the tree; pressed again, the selection's settings (or the Blocs tab).
 */
export function StructureToggle() {
  const store = useBuilderStore();
  const on = useBuilder((s) => s.tab === "layers");
  return (
    <button
      type="button"
      aria-pressed={on}
      className={`mb-4 flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold ${on ? "border-ink bg-ink text-white" : "border-neutral-300 hover:border-ink"}`}
      onClick={() => store.setState((s) => ({ tab: on ? (s.selected ? "settings" : "blocks") : "layers" }))}
      data-tab="layers"
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M4 5h16M8 12h12M12 19h8" />
      </svg>
      <span className="flex-1 text-left">Structure de la page</span>
      <span aria-hidden="true">{on ? "✕" : "›"}</span>
    </button>
  );
}

const INDENT = ["pl-0", "pl-4", "pl-8", "pl-12"];

/**
 * One row: draggable by its handle and a drop target, without a SortableContext (whose item list changes
 * with every move and would re-render every row): a move re-renders the rows whose values changed.
 */
const LayerItem = memo(function LayerItem({
  id,
  kind,
  name,
  depth,
  parentId,
  hasChildren,
  selected,
  expanded,
  onToggle,
}: Pick<LayerRow, "id" | "kind" | "name" | "depth" | "parentId" | "hasChildren"> & {
  selected: boolean;
  expanded: boolean;
  onToggle: (id: string) => void;
}) {
  const store = useBuilderStore();
  const row = { id, name };
  const data = useMemo<LayerDragData>(() => ({ kind, parentId, label: name }), [kind, parentId, name]);
  const drag = useDraggable({ id, data });
  const drop = useDroppable({ id, data });
  const { attributes, listeners, setActivatorNodeRef, transform, isDragging } = drag;
  const setDragRef = drag.setNodeRef;
  const setDropRef = drop.setNodeRef;
  const setNodeRef = useCallback(
    (node: HTMLLIElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );
  const dropHere = drop.isOver && !isDragging;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
      e.preventDefault();
      // The builder's own Alt + arrows (on the canvas selection) must not move it a second time.
      e.stopPropagation();
      const target = e.currentTarget as HTMLElement;
      const attr = target.hasAttribute("data-layer-handle") ? "data-layer-handle" : "data-layer-select";
      // The row moves in the list: focus follows it (React may re-insert its node, which drops focus).
      if (moveLayerByAction(store, row.id, e.key === "ArrowUp" ? -1 : 1))
        requestAnimationFrame(() => document.querySelector<HTMLElement>(`[${attr}="${globalThis.CSS.escape(row.id)}"]`)?.focus());
    }
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={`${INDENT[depth]} ${isDragging ? "relative z-10 opacity-70" : ""}`}
      data-layer={id}
      data-layer-kind={kind}
    >
      <div
        className={`flex items-center gap-1 rounded border-t-2 ${dropHere ? "border-brand-teal" : "border-transparent"} ${selected ? "bg-brand-yellow/30" : "hover:bg-neutral-100"}`}
      >
        {hasChildren ? (
          <button
            type="button"
            className="h-7 w-6 shrink-0 rounded text-neutral-600 hover:bg-neutral-200"
            aria-expanded={expanded}
            aria-label={`${expanded ? "Replier" : "Déplier"} ${row.name}`}
            onClick={() => onToggle(row.id)}
          >
            {expanded ? "▾" : "▸"}
          </button>
        ) : (
          <span className="w-6 shrink-0" />
        )}
        <button
          type="button"
          className={`min-w-0 flex-1 truncate py-1 text-left ${kind === "block" ? "font-semibold" : ""}`}
          aria-current={selected ? "true" : undefined}
          title={row.name}
          onClick={() => selectLayer(store, row.id)}
          onKeyDown={onKeyDown}
          data-layer-select={row.id}
        >
          {row.name}
        </button>
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          onKeyDown={(e) => {
            onKeyDown(e);
            if (!e.defaultPrevented) listeners?.onKeyDown?.(e);
          }}
          aria-label={`Déplacer ${row.name}`}
          className="h-7 w-7 shrink-0 cursor-grab rounded text-neutral-500 hover:bg-neutral-200"
          data-layer-handle={row.id}
        >
          ⠿
        </button>
      </div>
    </li>
  );
});
