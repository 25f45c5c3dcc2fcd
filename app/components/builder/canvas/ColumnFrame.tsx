import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { memo, useMemo, useRef, useState } from "react";
import { ELEMENT_TYPES, type Column, type ElementType } from "~/lib/document/schema";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from "~/lib/document/ops";
import { columnClass } from "~/lib/elements/DocumentView";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { addElementAction, resizeColumnAction, select } from "~/lib/builder/actions";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import type { DragData } from "./dnd";
import { ElementFrame } from "./ElementFrame";
import { useRevealWhenSelected } from "./reveal";
import { useDismiss } from "../useDismiss";

export const ColumnFrame = memo(function ColumnFrame({ column, index }: { column: Column; index: number }) {
  const store = useBuilderStore();
  const edit = useBuilder((s) => s.mode === "edit");
  const data: DragData = { type: "column", columnId: column.id, label: `Colonne ${index + 1}` };
  const { setNodeRef, isOver } = useDroppable({ id: `drop-${column.id}`, data, disabled: !edit });
  const selected = useBuilder((s) => s.selected?.kind === "column" && s.selected.id === column.id);
  const frameRef = useRevealWhenSelected<HTMLDivElement>(selected, setNodeRef);
  const ids = useMemo(() => column.elements.map((e) => e.id), [column.elements]);
  const [menu, setMenu] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuList = useRef<HTMLUListElement>(null);
  useDismiss(menu, () => setMenu(false), [menuButton, menuList], menuButton);
  return (
    // A click on the column itself (not on an element) selects the column (issue 11 §6).
    <div
      ref={frameRef}
      className={`${columnClass(column.width)} ${edit ? `min-h-16 rounded border border-dashed p-2 ${isOver ? "border-brand-teal bg-brand-teal/10" : selected ? "border-solid border-brand-teal outline-2 outline-brand-teal" : "border-neutral-300"}` : ""}`}
      data-builder-column={column.id}
      data-selected={selected ? "true" : undefined}
      onClick={(e) => {
        if (!edit) return;
        e.stopPropagation();
        select(store, { kind: "column", id: column.id });
      }}
    >
      {edit ? (
        <div className="flex items-center gap-1 text-xs text-neutral-600" role="group" aria-label={`Colonne ${index + 1}`}>
          <button
            type="button"
            className="h-6 w-6 rounded border border-neutral-300 bg-white disabled:opacity-40"
            disabled={column.width <= MIN_COLUMN_WIDTH}
            onClick={() => resizeColumnAction(store, column.id, column.width - 1)}
            aria-label="Réduire la largeur"
            data-action="width-decrease"
          >
            −
          </button>
          <span className="min-w-10 text-center font-semibold" data-column-width>
            {column.width}/12
          </span>
          <button
            type="button"
            className="h-6 w-6 rounded border border-neutral-300 bg-white disabled:opacity-40"
            disabled={column.width >= MAX_COLUMN_WIDTH}
            onClick={() => resizeColumnAction(store, column.id, column.width + 1)}
            aria-label="Augmenter la largeur"
            data-action="width-increase"
          >
            +
          </button>
          <div className="relative ml-auto">
            <button
              ref={menuButton}
              type="button"
              className="rounded border border-neutral-300 bg-white px-2 py-0.5"
              aria-expanded={menu}
              onClick={() => setMenu((m) => !m)}
              data-action="add-element-menu"
            >
              + Élément
            </button>
            {menu ? (
              <ul ref={menuList} className="absolute right-0 top-full z-30 mt-1 w-44 rounded-lg border border-neutral-200 bg-white p-1 shadow-xl" role="menu">
                {ELEMENT_TYPES.map((t: ElementType) => (
                  <li key={t} role="none">
                    <button
                      type="button"
                      role="menuitem"
                      className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-neutral-100"
                      onClick={(e) => {
                        // The block around would otherwise take the selection from the new element.
                        e.stopPropagation();
                        setMenu(false);
                        addElementAction(store, t, column.id);
                      }}
                    >
                      {ELEMENT_REGISTRY[t].label}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {column.elements.map((el) => (
          <ElementFrame key={el.id} element={el} columnId={column.id} />
        ))}
      </SortableContext>
    </div>
  );
});
