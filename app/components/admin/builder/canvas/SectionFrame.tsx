import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo } from "react";
import type { Section } from "~/lib/document/schema";
import { deleteSectionAction, duplicateSectionAction, moveSelectedAction, select } from "~/lib/builder/actions";
import { useBuilderKey, useBuilderStore } from "~/lib/builder/store";
import { ColumnFrame } from "./ColumnFrame";
import { hasMobileWidths, sectionGridClass } from "~/lib/elements/layout";
import { LayerBackground, lookClass, lookStyle } from "~/lib/elements/layer-look";
import { DEVICE_LABEL } from "~/lib/document/devices";
import { deviceVarProps } from "~/lib/elements/device-vars";
import { maxWidthAt, wrappedColumns } from "~/lib/document/devices";
import type { DragData } from "./dnd";
import { useRevealWhenSelected } from "./reveal";

export const SectionFrame = memo(function SectionFrame({ section, blockId, index }: { section: Section; blockId: string; index: number }) {
  const store = useBuilderStore();
  const edit = useBuilderKey("mode", (m) => m === "edit");
  const device = useBuilderKey("device", (d) => d);
  const mobileGrid = hasMobileWidths(section.columns);
  // On mobile, columns without a mobile width stack: that is no wrap worth pointing at.
  const wrapped = device !== "mobile" || mobileGrid ? wrappedColumns(section.columns, device) : new Set<number>();
  const selected = useBuilderKey("selected", (sel) => sel?.kind === "section" && sel.id === section.id);
  const data: DragData = { type: "section", blockId, label: `Section ${index + 1}` };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: section.id, data, disabled: !edit });
  const frameRef = useRevealWhenSelected<HTMLDivElement>(selected, setNodeRef);
  const hidden = section.hide?.[device] === true;
  if (hidden && !edit) return null;
  const { style: deviceVars, ...deviceAttrs } = deviceVarProps(section);
  return (
    // A click on the section itself (not on one of its columns or elements) selects the section (issue 11 §6).
    <div
      ref={frameRef}
      {...deviceAttrs}
      style={{ ...deviceVars, transform: CSS.Translate.toString(transform), transition }}
      className={`relative ${edit ? `rounded-md border pt-8 ${selected ? "border-brand-teal outline-2 outline-brand-teal" : "border-transparent hover:border-neutral-300"}` : ""} ${isDragging ? "z-20 opacity-60" : ""} ${hidden ? "opacity-40" : ""}`}
      data-builder-section={section.id}
      data-selected={selected ? "true" : undefined}
      onClick={(e) => {
        if (!edit) return;
        e.stopPropagation();
        select(store, { kind: "section", id: section.id });
      }}
    >
      {edit ? (
        <div className="absolute left-0 top-0 flex items-center gap-1 text-xs" role="toolbar" aria-label={`Section ${index + 1}`}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            onKeyDown={(e) => {
              if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
                e.preventDefault();
                e.stopPropagation();
                moveSelectedAction(store, e.key === "ArrowUp" ? "up" : "down", section.id);
                return;
              }
              listeners?.onKeyDown?.(e);
            }}
            aria-label={`Déplacer la section ${index + 1}`}
            className="h-6 cursor-grab rounded bg-neutral-200 px-1.5 text-neutral-700"
            data-drag-handle="section"
          >
            ⠿ Section
          </button>
          <button
            type="button"
            className="h-6 rounded bg-neutral-200 px-2 text-neutral-800 hover:bg-neutral-300"
            onClick={() => duplicateSectionAction(store, section.id)}
            data-action="duplicate-section"
          >
            Dupliquer
          </button>
          <button
            type="button"
            className="h-6 rounded bg-neutral-200 px-2 text-red-700 hover:bg-red-100"
            onClick={() => deleteSectionAction(store, section.id)}
            data-action="delete-section"
          >
            Supprimer
          </button>
        </div>
      ) : null}
      {hidden ? (
        <span className="absolute right-2 top-1 z-10 rounded bg-neutral-700 px-1.5 text-[10px] text-white">Masquée sur {DEVICE_LABEL[device]}</span>
      ) : null}
      <div className={`${sectionGridClass(section)} ${lookClass(section, false)}`} style={lookStyle(section)}>
        <LayerBackground background={section.background} />
        {section.columns.map((col, i) => (
          <ColumnFrame key={col.id} column={col} index={i} mobileGrid={mobileGrid} maxWidth={maxWidthAt(section.columns, i, device)} wraps={wrapped.has(i)} />
        ))}
      </div>
    </div>
  );
});
