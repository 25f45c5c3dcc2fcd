import { openMediaLibrary } from "~/components/admin/media/BuilderMediaPicker";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { lazy, memo, Suspense } from "react";
import type { PageElement } from "~/lib/document/schema";
import { elementDefinition, rendererFor, type InlineEditing } from "~/lib/elements/registry";
import { elementClass } from "~/lib/elements/layout";
import { deviceVarProps } from "~/lib/elements/device-vars";
import { deleteElementAction, duplicateElementAction, select, startEditing, stopEditing, updateElementAction } from "~/lib/builder/actions";
import { elementName } from "~/lib/builder/layers";
import { useBuilderKey, useBuilderStore } from "~/lib/builder/store";
import type { DragData } from "./dnd";
import { InlineInput } from "./InlineInput";
import { buttonInputStyle, InlineLook } from "./InlineLook";
import { useRevealWhenSelected } from "./reveal";
import { ToolbarButton } from "./ToolbarButton";
import { CommentButton, CommentMarker } from "./CommentMarker";
import { useToolbarPosition } from "./toolbar-position";
// Tiptap and ProseMirror are most of the builder's weight: kept out of the opening path, and fetched
// once the builder is idle (preloadRichText), so a double-click finds the editor ready.
let richText: Promise<typeof import("./RichTextEditor")> | undefined;
export function preloadRichText() {
  richText ??= import("./RichTextEditor");
  return richText;
}
const RichTextEditor = lazy(() => preloadRichText().then((m) => ({ default: m.RichTextEditor })));

const NOT_EDITABLE: InlineEditing = { kind: "none" };
const DEVICE_LABEL = { mobile: "mobile", tablet: "tablette", desktop: "ordinateur" } as const;

export const ElementFrame = memo(function ElementFrame({ element, columnId }: { element: PageElement; columnId: string }) {
  const store = useBuilderStore();
  const selected = useBuilderKey("selected", (sel) => sel?.kind === "element" && sel.id === element.id);
  const editing = useBuilderKey("editingId", (id) => id === element.id);
  const edit = useBuilderKey("mode", (m) => m === "edit");
  const device = useBuilderKey("device", (d) => d);
  // How it is edited (in place, or through a library) is its registry entry's; an unknown type is not.
  const def = elementDefinition(element.type);
  const label = def?.label ?? element.type;
  const inline = def?.inline ?? NOT_EDITABLE;
  const library = def?.library ?? null;
  // Named from its content as in the layers panel ("Texte · Trois offres claires"): a drag announced as "Élément
  // Texte au-dessus de Élément Texte" told a screen-reader user nothing of where it was.
  const data: DragData = { type: "element", columnId, label: `Élément ${elementName(element)}` };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: element.id,
    data,
    disabled: !edit || editing,
  });
  const frameRef = useRevealWhenSelected<HTMLDivElement>(selected, setNodeRef);
  const toolbarRef = useToolbarPosition<HTMLDivElement>(selected && edit && !editing);
  const hidden = element.hide?.[device] === true;
  if (hidden && !edit) return null;
  const Render = rendererFor(element.type);
  const { style: deviceVars, ...deviceAttrs } = deviceVarProps(element, element.type);

  const commitContent = (content: string, textAlign: string | null = null) => {
    // A heading's alignment comes back apart (its content is inline HTML): it goes to the element's styles.
    const align = textAlign !== null && textAlign !== (element.styles.textAlign ?? "left") ? { styles: { ...element.styles, textAlign } } : {};
    if (content !== element.content || "styles" in align) updateElementAction(store, element.id, { content, ...align });
    stopEditing(store);
  };

  return (
    <div
      ref={frameRef}
      {...deviceAttrs}
      style={{ ...deviceVars, transform: CSS.Translate.toString(transform), transition }}
      className={`builder-element group/el relative rounded-sm ${edit ? "cursor-pointer" : ""} ${selected ? "outline-2 outline-offset-2 outline-brand-teal" : edit ? "hover:outline-1 hover:outline-dashed hover:outline-offset-2 hover:outline-brand-teal/70" : ""} ${isDragging ? "z-20 opacity-60" : ""} ${hidden ? "opacity-40" : ""}`}
      data-builder-element={element.id}
      data-selected={selected ? "true" : undefined}
      onClick={(e) => {
        if (!edit) return;
        e.stopPropagation();
        select(store, { kind: "element", id: element.id });
      }}
      onClickCapture={(e) => {
        // In edit mode a click on the rendered content only selects: a video facade must not start
        // its player (which would then swallow the double-click that edits it), a link must not follow.
        if (!edit || editing || !(e.target as HTMLElement).closest(".el")) return;
        e.preventDefault();
        e.stopPropagation();
        select(store, { kind: "element", id: element.id });
      }}
      onDoubleClick={(e) => {
        if (!edit) return;
        if (library === "image" || library === "video") {
          // An image or a video is changed by choosing another from the Médiathèque (seed 001 §3
          // "open-media-library" targeted at the element); its URL (a YouTube or Vimeo embed, say) stays
          // editable with Modifier.
          e.stopPropagation();
          openMediaLibrary(store, { mediaType: library, elementId: element.id });
          return;
        }
        if (library === "icon") {
          e.stopPropagation();
          store.setState({ selected: { kind: "element", id: element.id }, tool: { kind: "icon", elementId: element.id } });
          return;
        }
        if (inline.kind === "none") return;
        e.stopPropagation();
        startEditing(store, element.id);
      }}
    >
      {edit ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Déplacer l'élément ${label}`}
          className={`absolute -left-7 top-0 z-10 flex h-6 w-6 cursor-grab items-center justify-center rounded bg-ink text-xs text-white ${selected ? "" : "opacity-0 focus-visible:opacity-100 group-hover/el:opacity-100"}`}
          data-drag-handle="element"
        >
          ⠿
        </button>
      ) : null}
      {hidden ? (
        <span className="absolute right-0 top-0 z-10 rounded bg-neutral-700 px-1.5 text-[10px] text-white">Masqué sur {DEVICE_LABEL[device]}</span>
      ) : null}
      {edit ? <CommentMarker target={{ kind: "element", id: element.id }} className={`absolute -top-3 ${hidden ? "right-24" : "-right-2"}`} /> : null}
      {editing && inline.kind === "rich" ? (
        <div className={`el el-${element.type}`}>
          <InlineLook element={element}>
            <Suspense fallback={<div className="opacity-60" dangerouslySetInnerHTML={{ __html: element.content }} />}>
              <RichTextEditor html={element.content} kind={inline.editor} textAlign={element.styles.textAlign} onCommit={commitContent} />
            </Suspense>
          </InlineLook>
        </div>
      ) : editing && inline.kind === "input" ? (
        <InlineInput
          value={element.content}
          label={inline.label}
          hint={inline.hint}
          inputStyle={inline.buttonLook ? buttonInputStyle(element.styles) : undefined}
          onCommit={commitContent}
        />
      ) : (
        <div className={elementClass(element.type)}>
          <Render element={element} />
        </div>
      )}
      {selected && edit && !editing ? (
        <div
          ref={toolbarRef}
          className="absolute left-0 top-0 z-20 flex w-max gap-1 rounded-md bg-ink p-1 text-xs text-white shadow-lg"
          role="toolbar"
          data-element-toolbar=""
          aria-label={`Actions de l'élément ${label}`}
        >
          {inline.kind !== "none" ? (
            <ToolbarButton className="rounded px-2 py-1 hover:bg-white/15" onPress={() => startEditing(store, element.id)}>
              Modifier
            </ToolbarButton>
          ) : null}
          {inline.kind === "rich" ? (
            <ToolbarButton
              className="rounded px-2 py-1 hover:bg-white/15"
              action="open-text-editor"
              onPress={() => store.setState({ tool: { kind: "text", elementId: element.id } })}
            >
              Éditeur de texte
            </ToolbarButton>
          ) : null}
          {library === "icon" ? (
            <ToolbarButton
              className="rounded px-2 py-1 hover:bg-white/15"
              action="open-icon-library"
              onPress={() => store.setState({ tool: { kind: "icon", elementId: element.id } })}
            >
              Changer l'icône
            </ToolbarButton>
          ) : null}
          <CommentButton target={{ kind: "element", id: element.id }} className="rounded px-2 py-1 hover:bg-white/15" />
          <ToolbarButton className="rounded px-2 py-1 hover:bg-white/15" action="duplicate-element" onPress={() => duplicateElementAction(store, element.id)}>
            Dupliquer
          </ToolbarButton>
          <ToolbarButton
            className="rounded px-2 py-1 text-red-300 hover:bg-white/15"
            action="delete-element"
            onPress={() => deleteElementAction(store, element.id)}
          >
            Supprimer
          </ToolbarButton>
        </div>
      ) : null}
    </div>
  );
});
