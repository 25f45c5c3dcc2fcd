import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState, type ReactNode } from "react";
import { listAccessibility } from "../list-dnd";

const POINTER = { activationConstraint: { distance: 6 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * A list reordered by drag with the mouse or the keyboard (the builder's dnd-kit sensors: Space to lift,
 * arrows to move, Space to drop, Escape to cancel); each move is announced.
 */
export function SortableList<T extends { id: string }>({
  items,
  onChange,
  render,
  name,
  testId,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  render: (item: T, index: number, handle: ReactNode) => ReactNode;
  name: (item: T) => string;
  testId?: string;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const [message, setMessage] = useState("");
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = items.findIndex((i) => i.id === e.active.id);
    const to = items.findIndex((i) => i.id === e.over?.id);
    if (from < 0 || to < 0) return;
    onChange(arrayMove(items, from, to));
    setMessage(`« ${name(items[from])} » déplacé en position ${to + 1} sur ${items.length}`);
  };
  const ids = items.map((i) => i.id);
  const accessibility = listAccessibility(
    ids,
    (id) => {
      const item = items.find((i) => i.id === id);
      return item ? `« ${name(item)} »` : undefined;
    },
    "cette entrée",
  );
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className="space-y-3" data-testid={testId}>
            {items.map((item, i) => (
              <SortableRow key={item.id} id={item.id} label={`Déplacer « ${name(item)} »`}>
                {(handle) => render(item, i, handle)}
              </SortableRow>
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <p className="sr-only" aria-live="polite">
        {message}
      </p>
    </>
  );
}

function SortableRow({ id, label, children }: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      className="inline-flex h-11 w-11 shrink-0 cursor-grab items-center justify-center rounded-lg text-lg text-neutral-600 hover:bg-neutral-100"
      aria-label={label}
      data-testid="drag-handle"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`rounded-xl border border-neutral-200 bg-neutral-50 p-3 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-entry-id={id}
    >
      {children(handle)}
    </li>
  );
}
