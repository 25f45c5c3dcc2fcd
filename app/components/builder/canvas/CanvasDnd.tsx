import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import type { ReactNode } from "react";
import { commit, useBuilderStore } from "~/lib/builder/store";
import { announcements, applyDrop, collision, keyboardCoordinates, screenReaderInstructions } from "./dnd";

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
export function CanvasDnd({ children }: { children: ReactNode }) {
  const store = useBuilderStore();
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor, KEYBOARD_SENSOR));
  function onDragEnd(event: DragEndEvent) {
    const doc = store.getState().doc;
    const next = applyDrop(doc, event);
    if (next !== doc) commit(store, next);
  }
  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd} accessibility={ACCESSIBILITY}>
      {children}
    </DndContext>
  );
}
