import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PageStates } from "~/components/admin/PageStates";
import { pagesApi } from "~/lib/api/client";
import type { PublicationState } from "~/lib/content/publication-state";
import { fromPreviewSchema, isPreviewEditable, readMessage, toPreviewSchema, type FromPreview, type ToPreview } from "~/lib/builder/preview-messages";
import { editInPlace, PREVIEW_TEXT_NODE } from "~/components/admin/builder/tools/preview-inline";
import type { RenderDocument } from "~/lib/document/schema";
import { findElementWhere, mapElements } from "~/lib/document/walk";
import { RenderProvider, type MediaMap } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
import { withDeviceCss } from "~/lib/elements/device-css";
// The registry hands the gallery renderer over (the public island loads it on demand): no suspending here.
import "~/lib/elements/registry";
import type { Lang } from "~/lib/i18n/routes";

/**
 * The live preview's page (seed 001 §2 "Live preview"): the document the builder sends, drawn by the
 * one renderer with the site's own stylesheets. A click on an element tells the builder which one; a
 * double-click on a text edits it in place (preview-inline.ts) and sends it as archimed-element-update.
 */
export function PreviewScreen() {
  const [state, setState] = useState<{ doc: RenderDocument; lang: Lang; media: MediaMap } | null>(null);
  // ?page=…&lang=…: each language's state is said above the page (issue 20 §3), in the Pages list's words;
  // opened on its own (À relire's "Aperçu"), the preview shows the stored draft, as no builder sends one.
  const [search] = useSearchParams();
  const pageId = search.get("page");
  const lang: Lang = search.get("lang") === "en" ? "en" : "fr";
  const [states, setStates] = useState<Partial<Record<Lang, PublicationState>> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!pageId) return;
    let live = true;
    void pagesApi
      .one(pageId)
      .then(({ page }) => {
        if (live) setStates(Object.fromEntries(Object.values(page.translations).map((t) => [t.lang, t.state])));
      })
      .catch(() => {});
    if (window.parent === window) {
      void pagesApi.draft(pageId, lang).then(
        ({ draft }) => live && setState({ doc: draft.doc, lang: draft.lang, media: draft.media }),
        (e: unknown) => live && setLoadError(e instanceof Error ? e.message : "Aperçu impossible"),
      );
    }
    return () => {
      live = false;
    };
  }, [pageId, lang]);
  const docRef = useRef<RenderDocument | null>(null);
  // Bumped when an inline edit ends: the document is drawn afresh, its DOM React's again (editInPlace changed it).
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    docRef.current = state?.doc ?? null;
  }, [state]);
  useEffect(() => {
    const post = (m: FromPreview) => {
      const parsed = fromPreviewSchema.safeParse(m);
      if (parsed.success) window.parent.postMessage(parsed.data, window.location.origin);
    };
    const onMessage = (event: MessageEvent) => {
      const m = readMessage<ToPreview>(event, window.parent === window ? null : window.parent, toPreviewSchema, window.location.origin);
      if (!m) return;
      if (m.type === "archimed-document") setState({ doc: m.doc, lang: m.lang, media: m.media });
      else {
        setState(
          (s) =>
            s && {
              ...s,
              doc: mapElements(s.doc, (e) => (e.id === m.elementId ? { ...e, content: m.content, styles: m.styles } : e)),
            },
        );
      }
    };
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>("[data-element-id]");
      if (!target) return;
      // In the preview a click chooses what to edit: links and buttons do not navigate away.
      event.preventDefault();
      const id = target.dataset.elementId ?? "";
      const el = findIn(docRef.current, id);
      if (el) post({ type: "archimed-element-click", elementId: el.id, elementType: el.type, elementContent: el.content });
    };
    const onDoubleClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>("[data-element-id]");
      const el = target ? findIn(docRef.current, target.dataset.elementId ?? "") : null;
      if (!target || !el || !isPreviewEditable(el.type)) return;
      const node = target.querySelector<HTMLElement>(PREVIEW_TEXT_NODE[el.type]);
      if (!node || node.isContentEditable) return;
      event.preventDefault();
      editInPlace(node, el.type, (content) => {
        setDrawn((n) => n + 1);
        if (content !== null) post({ type: "archimed-element-update", elementId: el.id, content });
      });
    };
    window.addEventListener("message", onMessage);
    document.addEventListener("click", onClick, true);
    document.addEventListener("dblclick", onDoubleClick, true);
    if (window.parent !== window) post({ type: "archimed-preview-ready" });
    return () => {
      window.removeEventListener("message", onMessage);
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("dblclick", onDoubleClick, true);
    };
  }, []);
  const stateBar = states ? (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-neutral-50 px-4 py-1.5 text-sm text-ink"
      lang="fr"
      data-testid="preview-states"
    >
      <span className="font-semibold">État :</span>
      <PageStates states={states} tone="light" />
    </div>
  ) : null;
  if (!state)
    return loadError ? (
      <p role="alert" lang="fr" className="m-4 rounded bg-red-50 p-3 text-red-800">
        {loadError}
      </p>
    ) : (
      <div data-testid="preview-waiting">{stateBar}</div>
    );
  return (
    <RenderProvider value={{ lang: state.lang, media: state.media, surface: "preview" }}>
      {stateBar}
      <main lang={state.lang} data-testid="preview-document" className="min-h-screen bg-[var(--surface)] text-[var(--text)]">
        <DocumentView key={drawn} doc={withDeviceCss(state.doc)} />
      </main>
    </RenderProvider>
  );
}

function findIn(doc: RenderDocument | null, id: string) {
  return doc ? (findElementWhere(doc, (e) => e.id === id) ?? null) : null;
}
