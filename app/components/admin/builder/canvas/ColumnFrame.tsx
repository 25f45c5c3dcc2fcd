import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { memo, useMemo, useRef, useState } from "react";
import { ELEMENT_TYPES, type Column, type ElementType } from "~/lib/document/schema";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from "~/lib/document/ops";
import { columnClass } from "~/lib/elements/layout";
import { LayerBackground, lookClass, lookStyle } from "~/lib/elements/layer-look";
import { DEVICE_LABEL } from "~/lib/document/devices";
import { deviceVarProps } from "~/lib/elements/device-vars";
import { effectiveWidth, isWidthOverridden } from "~/lib/document/devices";
import { resetColumnWidthAction } from "~/lib/builder/device-actions";
import { DeviceMark } from "../DeviceMark";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { addElementAction, resizeColumnAction, select } from "~/lib/builder/actions";
import { useBuilderKey, useBuilderStore } from "~/lib/builder/store";
import type { DragData } from "./dnd";
import { ElementFrame } from "./ElementFrame";
import { useRevealWhenSelected } from "./reveal";
import { useDismiss } from "~/components/kit/useDismiss";

function fullReason(width: number): string {
  return width >= MAX_COLUMN_WIDTH ? "la colonne occupe toute la largeur" : "la rangée est pleine (12/12) : réduisez d'abord une autre colonne";
}

export const ColumnFrame = memo(function ColumnFrame({
  column,
  index,
  mobileGrid,
  maxWidth,
  wraps,
}: {
  column: Column;
  index: number;
  /** The section has mobile widths (its mobile grid has 12 tracks). */
  mobileGrid: boolean;
  /** How wide the column may grow at the device shown without its row passing 12 (devices.ts maxWidthAt). */
  maxWidth: number;
  /** The column starts a new row at the device shown (the row before is full). */
  wraps: boolean;
}) {
  const store = useBuilderStore();
  const edit = useBuilderKey("mode", (m) => m === "edit");
  const device = useBuilderKey("device", (d) => d);
  const width = effectiveWidth(column, device);
  const full = width >= maxWidth;
  const overridden = isWidthOverridden(column, device);
  const data: DragData = { type: "column", columnId: column.id, label: `Colonne ${index + 1}` };
  const { setNodeRef, isOver } = useDroppable({ id: `drop-${column.id}`, data, disabled: !edit });
  const selected = useBuilderKey("selected", (sel) => sel?.kind === "column" && sel.id === column.id);
  const frameRef = useRevealWhenSelected<HTMLDivElement>(selected, setNodeRef);
  const ids = useMemo(() => column.elements.map((e) => e.id), [column.elements]);
  const [menu, setMenu] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuList = useRef<HTMLUListElement>(null);
  useDismiss(menu, () => setMenu(false), [menuButton, menuList], menuButton);
  const hidden = column.hide?.[device] === true;
  if (hidden && !edit) return null;
  const { style: deviceVars, ...deviceAttrs } = deviceVarProps(column);
  return (
    // A click on the column itself (not on an element) selects the column (issue 11 §6).
    <div
      ref={frameRef}
      className={`${columnClass(column, mobileGrid)} ${lookClass(column, false)} ${edit ? `min-h-16 rounded border border-dashed p-2 ${isOver ? "border-brand-teal bg-brand-teal/10" : selected ? "border-solid border-brand-teal outline-2 outline-brand-teal" : "border-neutral-300"}` : ""} ${hidden ? "opacity-40" : ""}`}
      {...deviceAttrs}
      style={deviceVars ? { ...lookStyle(column), ...deviceVars } : lookStyle(column)}
      data-builder-column={column.id}
      data-selected={selected ? "true" : undefined}
      onClick={(e) => {
        if (!edit) return;
        e.stopPropagation();
        select(store, { kind: "column", id: column.id });
      }}
    >
      <LayerBackground background={column.background} />
      {hidden ? <span className="self-start rounded bg-neutral-700 px-1.5 text-[10px] text-white">Masquée sur {DEVICE_LABEL[device]}</span> : null}
      {edit ? (
        <div className="flex flex-wrap items-center gap-1 text-xs text-neutral-600" role="group" aria-label={`Colonne ${index + 1}`}>
          <button
            type="button"
            className="h-6 w-6 rounded border border-neutral-300 bg-white disabled:opacity-40"
            disabled={width <= MIN_COLUMN_WIDTH}
            onClick={() => resizeColumnAction(store, column.id, width - 1)}
            aria-label="Réduire la largeur"
            data-action="width-decrease"
          >
            −
          </button>
          <span className="min-w-10 text-center font-semibold" data-column-width>
            {width}/12
          </span>
          <button
            type="button"
            className="h-6 w-6 rounded border border-neutral-300 bg-white disabled:opacity-40"
            disabled={full || width >= MAX_COLUMN_WIDTH}
            onClick={() => resizeColumnAction(store, column.id, width + 1)}
            aria-label={full ? `Augmenter la largeur (impossible : ${fullReason(width)})` : "Augmenter la largeur"}
            title={full ? fullReason(width) : undefined}
            data-action="width-increase"
          >
            +
          </button>
          {device !== "desktop" && overridden ? (
            <DeviceMark device={device} label="Largeur" onReset={() => resetColumnWidthAction(store, column.id, device)} compact />
          ) : null}
          {wraps ? (
            <span
              className="rounded bg-amber-100 px-1 text-[10px] text-amber-900"
              title="La rangée précédente est pleine : cette colonne passe à la ligne, comme sur le site."
              data-column-wraps
            >
              ↵ à la ligne
            </span>
          ) : null}
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
