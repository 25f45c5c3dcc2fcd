import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo, useMemo } from "react";
import type { Block } from "~/lib/document/schema";
import { safeStyle } from "~/lib/elements/style";
import { BLOCK_INNER_CLASS } from "~/lib/elements/layout";
import { deviceVarProps } from "~/lib/elements/device-vars";
import { deleteBlockAction, duplicateBlockAction, select } from "~/lib/builder/actions";
import { useBuilderKey, useBuilderStore } from "~/lib/builder/store";
import { CanvasDnd } from "./CanvasDnd";
import type { DragData } from "./dnd";
import { SectionFrame } from "./SectionFrame";
import { useRevealWhenSelected } from "./reveal";
import { ToolbarButton } from "./ToolbarButton";
import { CommentButton, CommentMarker } from "./CommentMarker";

const DEVICE_LABEL = { mobile: "mobile", tablet: "tablette", desktop: "ordinateur" } as const;

export const BlockFrame = memo(function BlockFrame({ block, index }: { block: Block; index: number }) {
  const store = useBuilderStore();
  const selected = useBuilderKey("selected", (sel) => sel?.kind === "block" && sel.id === block.id);
  const edit = useBuilderKey("mode", (m) => m === "edit");
  const device = useBuilderKey("device", (d) => d);
  const data: DragData = { type: "block", label: `Bloc ${index + 1}` };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id, data, disabled: !edit });
  const frameRef = useRevealWhenSelected<HTMLElement>(selected, setNodeRef);
  const hidden = block.hide?.[device] === true;
  if (hidden && !edit) return null;
  const { style: deviceVars, ...deviceAttrs } = deviceVarProps(block);
  return (
    <section
      ref={frameRef}
      {...deviceAttrs}
      style={{ ...safeStyle(block.styles), ...deviceVars, transform: CSS.Translate.toString(transform), transition }}
      className={`doc-block builder-block group/block relative ${edit ? (selected ? "outline-2 outline-brand-yellow" : "hover:outline-1 hover:outline-dashed hover:outline-neutral-400") : ""} ${isDragging ? "z-30 opacity-60" : ""} ${hidden ? "opacity-40" : ""}`}
      data-builder-block={block.id}
      data-selected={selected ? "true" : undefined}
      onClick={(e) => {
        if (!edit) return;
        e.stopPropagation();
        select(store, { kind: "block", id: block.id });
      }}
    >
      {edit ? (
        <div
          className={`absolute left-2 top-2 z-20 flex items-center gap-1 text-xs ${selected ? "" : "opacity-0 focus-within:opacity-100 group-hover/block:opacity-100"}`}
          role="toolbar"
          aria-label={`Bloc ${index + 1}`}
        >
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Déplacer le bloc ${index + 1}`}
            className="h-7 cursor-grab rounded bg-brand-yellow px-2 font-semibold text-ink"
            data-drag-handle="block"
          >
            ⠿ Bloc {index + 1}
          </button>
          <ToolbarButton className="h-7 rounded bg-ink px-2 text-white" action="duplicate-block" onPress={() => duplicateBlockAction(store, block.id)}>
            Dupliquer
          </ToolbarButton>
          <CommentButton target={{ kind: "block", id: block.id }} className="h-7 rounded bg-ink px-2 text-white" />
          <ToolbarButton className="h-7 rounded bg-ink px-2 text-red-300" action="delete-block" onPress={() => deleteBlockAction(store, block.id)}>
            Supprimer
          </ToolbarButton>
        </div>
      ) : null}
      {hidden ? (
        <span className="absolute right-2 top-2 z-10 rounded bg-neutral-700 px-1.5 text-[10px] text-white">Masqué sur {DEVICE_LABEL[device]}</span>
      ) : null}
      {edit ? <CommentMarker target={{ kind: "block", id: block.id }} className={`absolute right-2 ${hidden ? "top-7" : "top-2"}`} /> : null}
      {/* In edit mode the block's toolbar gets its own strip: it never covers the first section's toolbar. */}
      <div className={`${BLOCK_INNER_CLASS} ${edit ? "pb-2 pt-10" : ""}`}>
        <BlockSections block={block} />
      </div>
    </section>
  );
});

/**
 * The block's own drag scope and sections, memoised on the block: when the block list changes (a block
 * moved from the canvas or the Structure panel), every block frame re-renders for its sortable position,
 * but this scope and its sections only for the blocks whose content changed.
 */
const BlockSections = memo(function BlockSections({ block }: { block: Block }) {
  const sectionIds = useMemo(() => block.sections.map((s) => s.id), [block.sections]);
  return (
    <CanvasDnd>
      <SortableContext items={sectionIds} strategy={verticalListSortingStrategy}>
        {block.sections.map((s, i) => (
          <SectionFrame key={s.id} section={s} blockId={block.id} index={i} />
        ))}
      </SortableContext>
    </CanvasDnd>
  );
});
