import { lazy, Suspense } from "react";
import { updateElementAction } from "~/lib/builder/actions";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { findElement } from "~/lib/document/ops";
import { setGalleryType } from "~/lib/document/gallery-edit";
import type { PageRef } from "~/lib/builder/persistence";
import { BuilderMediaPicker } from "~/components/admin/media/BuilderMediaPicker";

// Each tool is its own chunk, fetched when its dialog first opens: the builder's opening path stays as it was.
const TextEditorDialog = lazy(() => import("./TextEditorDialog").then((m) => ({ default: m.TextEditorDialog })));
const AiDialog = lazy(() => import("./AiDialog").then((m) => ({ default: m.AiDialog })));
const ExportDialog = lazy(() => import("./ExportDialog").then((m) => ({ default: m.ExportDialog })));
const GalleryTypeDialog = lazy(() => import("./GalleryTypeDialog").then((m) => ({ default: m.GalleryTypeDialog })));
const IconLibraryDialog = lazy(() => import("./IconLibraryDialog").then((m) => ({ default: m.IconLibraryDialog })));

/** Renders the open tool dialog (store.tool); closing any of them clears it. */
export function ToolDialogs({ page }: { page: PageRef }) {
  const store = useBuilderStore();
  const tool = useBuilder((s) => s.tool);
  const element = useBuilder((s) => (s.tool && "elementId" in s.tool && s.tool.elementId ? findElement(s.doc, s.tool.elementId) : undefined));
  if (!tool) return null;
  const close = () => store.setState({ tool: null });
  let dialog = null;
  if (tool.kind === "text" && element) dialog = <TextEditorDialog key={element.id} element={element} onClose={close} />;
  else if (tool.kind === "icon" && element)
    dialog = <IconLibraryDialog onClose={close} onChoose={(svg) => updateElementAction(store, element.id, { content: svg })} />;
  else if (tool.kind === "gallery-type" && element)
    dialog = (
      <GalleryTypeDialog
        onClose={close}
        onConfirm={(type, options) => updateElementAction(store, element.id, { content: setGalleryType(element.content, type, options) })}
      />
    );
  else if (tool.kind === "ai") dialog = <AiDialog onClose={close} />;
  else if (tool.kind === "export") dialog = <ExportDialog page={page} onClose={close} />;
  else if (tool.kind === "media") dialog = <BuilderMediaPicker request={tool} onClose={close} />;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-[90] grid place-items-center bg-black/30" role="status" aria-label="Chargement…">
          <span className="h-8 w-8 animate-spin rounded-full border-4 border-white border-t-transparent" />
        </div>
      }
    >
      {dialog}
    </Suspense>
  );
}
