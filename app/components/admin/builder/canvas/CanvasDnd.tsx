import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragMoveEvent } from "@dnd-kit/core";
import { memo, type ReactNode } from "react";
import { commit, useBuilderStore } from "~/lib/builder/store";
import { moveElement } from "~/lib/document/ops";
import { hideCrossBlockPlaceholder, showCrossBlockPlaceholder } from "./cross-block-placeholder";
import { announcements, applyDrop, collision, columnDropAt, keyboardCoordinates, screenReaderInstructions, type DragData } from "./dnd";

// Module constants, not literals: useSensor memoizes on its options, and a new sensor list gives dnd-kit's
// internal context a new value, which re-renders every draggable on each edit (scripts/bench/builder.mjs).
const POINTER_SENSOR = { activationConstraint: { distance: 6 } };
const KEYBOARD_SENSOR = { coordinateGetter: keyboardCoordinates };
const ACCESSIBILITY = { announcements, screenReaderInstructions };

/**
 * One drag-and-drop scope. The canvas has one for the blocks, and each block one for its sections and
 * elements: adding or removing an element then re-registers it only with the hooks of its own block,
 * not with the ~900 frames of a long page. Elements move within and between the columns of their block.
 */
export const CanvasDnd = memo(function CanvasDnd({ children }: { children: ReactNode }) {
  const store = useBuilderStore();
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor, KEYBOARD_SENSOR));
  // Over another block's column, the placeholder shows where the element will land (cross-block-placeholder.ts).
  const onDragMove = (event: DragMoveEvent) => showCrossBlockPlaceholder(store.getState().doc, event);
  function onDragEnd(event: DragEndEvent) {
    hideCrossBlockPlaceholder();
    const doc = store.getState().doc;
    let next = applyDrop(doc, event);
    // An element let go over another block, outside this block's scope: the column under the pointer takes it.
    const a = event.active.data.current as DragData | undefined;
    const start = event.activatorEvent;
    if (!event.over && a?.type === "element" && start && "clientX" in start && typeof start.clientX === "number") {
      const x = start.clientX + event.delta.x;
      const y = (start as MouseEvent).clientY + event.delta.y;
      const drop = columnDropAt(doc, String(event.active.id), x, y, (px, py) => document.elementsFromPoint(px, py));
      if (drop) {
        next = moveElement(doc, String(event.active.id), drop.columnId, drop.index);
        if (next !== doc) {
          commit(store, next, { selected: { kind: "element", id: String(event.active.id) }, announcement: "Élément déplacé dans un autre bloc" });
          return;
        }
      }
    }
    if (next !== doc) commit(store, next);
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={hideCrossBlockPlaceholder}
      accessibility={ACCESSIBILITY}
    >
      {children}
    </DndContext>
  );
});
