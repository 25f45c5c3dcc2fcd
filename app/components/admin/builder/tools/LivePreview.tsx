import { useEffect, useRef, useState } from "react";
import { select, updateElementAction } from "~/lib/builder/actions";
import { fromPreviewSchema, isPreviewEditable, readMessage, toPreviewSchema, type FromPreview, type ToPreview } from "~/lib/builder/preview-messages";
import { useBuilder, useBuilderStore, type BuilderStore, type Device } from "~/lib/builder/store";
import type { PageDocument, PageElement } from "~/lib/document/schema";
import { findElement } from "~/lib/document/ops";
import type { MediaMap } from "~/lib/elements/context";
import type { Lang } from "~/lib/i18n/routes";

/** Seed 001 §9: mobile 375 px, tablet 768 px, desktop the full width. */
const PREVIEW_WIDTH: Record<Device, string> = { mobile: "375px", tablet: "768px", desktop: "100%" };

/** The elements of a document by id, and its shape (blocks, sections, columns and element order). */
function index(doc: PageDocument) {
  const elements = new Map<string, PageElement>();
  const shape: string[] = [];
  // Everything but the children and an element's content and styles (those travel as archimed-update-element):
  // a field added to the model later (per-device widths and styles, say) changes the shape without a change here.
  for (const b of doc.blocks) {
    shape.push(JSON.stringify({ ...b, sections: b.sections.length }));
    for (const s of b.sections)
      for (const c of s.columns) {
        shape.push(`${s.id}:${JSON.stringify({ ...c, elements: c.elements.length })}`);
        for (const e of c.elements) {
          elements.set(e.id, e);
          shape.push(JSON.stringify({ ...e, content: undefined, styles: undefined }));
        }
      }
  }
  return { elements, shape: shape.join("|") };
}

/**
 * A text edited in the preview (archimed-element-update): cleaned like the builder's own inline edits
 * (preview-edit.ts, loaded with the rich-text editor's schema on first use), then one undoable edit, which
 * goes back to the preview as archimed-update-element. Updates for elements not edited in place are ignored.
 */
async function applyPreviewEdit(store: BuilderStore, elementId: string, content: string) {
  const before = findElement(store.getState().doc, elementId);
  if (!before || !isPreviewEditable(before.type)) return;
  const { cleanPreviewEdit } = await import("./preview-edit");
  // Read again after the load: the element may have changed or gone meanwhile.
  const el = findElement(store.getState().doc, elementId);
  if (!el || el.type !== before.type || !isPreviewEditable(el.type)) return;
  const clean = cleanPreviewEdit(el.type, content, el.styles.textAlign);
  // Nothing kept that changes the element (a stripped payload): nothing to do, the preview already shows
  // the stored content again once its editing ends.
  if (clean === el.content) return;
  select(store, { kind: "element", id: el.id });
  updateElementAction(store, el.id, { content: clean });
}

/**
 * Aperçu (seed 001 §2 "Live preview"): the page in an iframe at the device's width, with the site's
 * stylesheets and the one renderer. Changes reach it as messages, without a reload: one element's
 * content and styles as archimed-update-element, anything else as the whole document.
 */
export function LivePreview({ pageId, lang, media }: { pageId: string; lang: Lang; media: MediaMap }) {
  const store = useBuilderStore();
  const device = useBuilder((s) => s.device);
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const origin = window.location.origin;
    const send = (m: ToPreview) => frame.current?.contentWindow?.postMessage(toPreviewSchema.parse(m), origin);
    let sent: PageDocument | null = null;
    const sendDocument = () => {
      sent = store.getState().doc;
      send({ type: "archimed-document", doc: sent, lang, media });
    };
    const onMessage = (event: MessageEvent) => {
      const m = readMessage<FromPreview>(event, frame.current?.contentWindow ?? null, fromPreviewSchema, origin);
      if (!m) return;
      if (m.type === "archimed-preview-ready") {
        sendDocument();
        setReady(true);
      } else if (m.type === "archimed-element-click") {
        if (findElement(store.getState().doc, m.elementId)) select(store, { kind: "element", id: m.elementId });
      } else if (m.type === "archimed-element-update") {
        void applyPreviewEdit(store, m.elementId, m.content);
      }
    };
    window.addEventListener("message", onMessage);
    const unsubscribe = store.subscribe(() => {
      const doc = store.getState().doc;
      if (!sent || doc === sent) return;
      const before = index(sent);
      const after = index(doc);
      if (before.shape !== after.shape) return sendDocument();
      for (const [id, el] of after.elements) {
        if (before.elements.get(id) !== el) send({ type: "archimed-update-element", elementId: id, content: el.content, styles: el.styles });
      }
      sent = doc;
    });
    return () => {
      window.removeEventListener("message", onMessage);
      unsubscribe();
    };
  }, [store, lang, media]);

  return (
    <div className="relative h-full overflow-auto bg-neutral-200 p-4" data-testid="live-preview">
      <iframe
        ref={frame}
        // The page and language in the address: the preview says their publication state above the page.
        src={`/admin/archimed-preview?page=${encodeURIComponent(pageId)}&lang=${lang}`}
        title="Aperçu de la page"
        className="mx-auto block h-full min-h-[70vh] rounded bg-white shadow transition-[width]"
        style={{ width: PREVIEW_WIDTH[device], maxWidth: "100%" }}
        data-device={device}
      />
      {ready ? (
        <p className="pointer-events-none absolute left-4 top-1 rounded bg-white/90 px-2 text-xs text-neutral-600" data-testid="preview-hint">
          Double-cliquez sur un titre, un texte ou un bouton pour le modifier ici.
        </p>
      ) : null}
      {ready ? null : (
        <div className="absolute inset-0 flex items-center justify-center" role="status" data-testid="preview-spinner">
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-yellow border-t-transparent" aria-hidden="true" />
          <span className="sr-only">Chargement de l'aperçu…</span>
        </div>
      )}
    </div>
  );
}
