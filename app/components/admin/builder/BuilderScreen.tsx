import { formatDateTime } from "~/lib/admin/site-zone";
import { lazy, Suspense, useEffect, useState } from "react";
import type { PageDocument } from "~/lib/document/schema";
import type { MediaMap } from "~/lib/elements/context";
import { deleteElementAction, moveElementToBlockAction, moveSelectedAction, select, startEditing } from "~/lib/builder/actions";
import { clearBackup, readBackup, reloadDraft, saveNow, startAutosave, type PageRef } from "~/lib/builder/persistence";
import { BuilderContext, commit, createBuilderStore, initialBuilderState, redo, undo, useBuilder, type BuilderStore } from "~/lib/builder/store";
import { Canvas } from "./canvas/Canvas";
import { RevisionsDialog } from "./RevisionsDialog";
import { ConflictDialog } from "./ConflictDialog";
import { SidePanel } from "./SidePanel";
import { TopBar } from "./TopBar";
import { UndoToast } from "./UndoToast";
import { offerUndo } from "~/lib/builder/undo-offer";
import { trackPublication, type PublicationInfo } from "~/lib/builder/publish-state";
import { ToolDialogs } from "./tools/ToolDialogs";
import { ImagePickerProvider } from "./tools/ImagePicker";
import { useWarnBeforeLeaving } from "~/lib/admin/use-warn-before-leaving";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { NNBSP } from "~/lib/typography/french";
import { CommentsContext, createCommentsStore } from "~/components/admin/comments/comments-store";
import { useBuilderComments } from "./BuilderComments";
import { PresenceNotice, PresenceStrip, ReadOnlyBanner } from "~/components/admin/presence/PresenceParts";
import { useBuilderPresence } from "~/components/admin/presence/use-builder-presence";

// Aperçu is an iframe of the site (tools/LivePreview): loaded the first time it is asked for.
const LivePreview = lazy(() => import("./tools/LivePreview").then((m) => ({ default: m.LivePreview })));

interface BuilderProps {
  page: PageRef;
  title: string;
  path: string;
  doc: PageDocument;
  version: number;
  media: MediaMap;
  onClose: () => void;
  /** What the server said at opening: the draft is the published version, the other language's state. */
  publication?: PublicationInfo;
  /** False for an article: its editor's bar publishes both languages, the builder only saves. */
  publishHere?: boolean;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT"));
}

/**
 * Keyboard: Ctrl/Cmd+S saves; Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z (or Y) undo and redo; Alt+arrows move the
 * selection; Alt+Shift+Up/Down move an element to the previous or next block.
 */
function useShortcuts(store: BuilderStore, page: PageRef) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const mod = e.metaKey || e.ctrlKey;
      if (mod && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void saveNow(page, store);
        return;
      }
      if (isTyping(e.target)) return;
      const s = store.getState();
      // Read-only (decision 049): no shortcut edits, not even by opening an element's text.
      if (s.readOnly) return;
      if (mod && e.key.toLowerCase() === "z") {
        e.preventDefault();
        if (e.shiftKey) redo(store);
        else undo(store);
      } else if (mod && e.key.toLowerCase() === "y") {
        e.preventDefault();
        redo(store);
      } else if (s.mode === "edit" && e.altKey && e.shiftKey && (e.key === "ArrowUp" || e.key === "ArrowDown") && s.selected?.kind === "element") {
        e.preventDefault();
        moveElementToBlockAction(store, e.key === "ArrowUp" ? "up" : "down");
      } else if (s.mode === "edit" && e.altKey && e.key.startsWith("Arrow") && s.selected) {
        e.preventDefault();
        moveSelectedAction(store, e.key.slice(5).toLowerCase() as "up" | "down" | "left" | "right");
      } else if (e.key === "Escape" && s.selected) {
        select(store, null);
      } else if (s.mode === "edit" && s.selected?.kind === "element" && (e.key === "Delete" || e.key === "Backspace")) {
        e.preventDefault();
        deleteElementAction(store, s.selected.id);
      } else if (s.mode === "edit" && s.selected?.kind === "element" && e.key === "Enter") {
        e.preventDefault();
        startEditing(store, s.selected.id);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, page]);
}

export function BuilderScreen(props: BuilderProps) {
  const [store] = useState(() => {
    const s = createBuilderStore(initialBuilderState(props.doc, props.version));
    trackPublication(s, props.publication ?? { publishedAtOpen: false, otherLang: null });
    return s;
  });
  // Comments live beside the document (decision 048): their own store, never in the undo history or a save.
  const [comments] = useState(() => createCommentsStore(props.page.pageId, props.page.lang));
  useBuilderComments(store, comments);
  return (
    <BuilderContext.Provider value={store}>
      <CommentsContext.Provider value={comments}>
        <ImagePickerProvider>
          <BuilderBody {...props} store={store} />
        </ImagePickerProvider>
      </CommentsContext.Provider>
    </BuilderContext.Provider>
  );
}

function BuilderBody({ page, title, media, onClose, store, publication, publishHere = true }: BuilderProps & { store: BuilderStore }) {
  const [dialog, setDialog] = useState<null | "revisions" | "unsaved" | "conflict">(null);
  const [backup, setBackup] = useState(() => {
    const b = readBackup(page);
    return b && JSON.stringify(b.doc) !== JSON.stringify(store.getState().doc) ? b : null;
  });
  const saveState = useBuilder((s) => s.saveState);
  const message = useBuilder((s) => s.message);
  const mode = useBuilder((s) => s.mode);
  useShortcuts(store, page);
  useEffect(() => startAutosave(page, store), [page, store]);
  useWarnBeforeLeaving(saveState !== "saved");
  const presence = useBuilderPresence(page, store);
  const subject = publication?.titleIsH1 ? "article" : "page";

  // The builder's own controls are light whatever the member's public theme; the canvas keeps the page's (Canvas.tsx).
  return (
    <div
      className="fixed inset-0 z-[80] flex flex-col bg-neutral-100 text-ink [color-scheme:light]"
      lang="fr"
      data-testid="builder"
      data-presence={presence.phase.kind}
    >
      <TopBar
        page={page}
        title={title}
        onClose={async () => {
          // Read-only: nothing to save here (what was not saved before a take-over is in this browser's backup).
          if (store.getState().readOnly) return onClose();
          // What could not be saved (offline, a conflict) is only left behind on purpose.
          if (store.getState().saveState === "saved" || (await saveNow(page, store))) onClose();
          else setDialog("unsaved");
        }}
        onRevisions={() => setDialog("revisions")}
        publishHere={publishHere}
        presence={<PresenceStrip presence={presence} subject={subject} tone="dark" />}
      />
      <ReadOnlyBanner
        presence={presence}
        subject={subject}
        kept={
          <>
            Vos modifications non enregistrées ont été conservées dans ce navigateur{NNBSP}: reprenez la main pour les enregistrer, ou retrouvez-les («{NNBSP}
            Restaurer
            {NNBSP}») à la prochaine ouverture de la page.
          </>
        }
      />
      {backup ? (
        <div className="flex items-center gap-3 bg-amber-100 px-4 py-2 text-sm" role="status" data-testid="backup-banner">
          <span className="flex-1">
            Des modifications non enregistrées de ce navigateur ont été retrouvées ({formatDateTime(new Date(backup.savedAt).toISOString())}).
          </span>
          <button
            type="button"
            className="rounded bg-ink px-3 py-1 font-semibold text-white"
            disabled={presence.readOnly}
            onClick={() => {
              const stale = backup.baseVersion !== store.getState().version;
              commit(store, backup.doc, { announcement: "Modifications restaurées" });
              offerUndo(store, "Modifications restaurées");
              // The copy is based on an older version: saving it is checked against that version, so the
              // newer work on the server is never overwritten without the Recharger / Écraser choice.
              if (stale) store.setState({ version: backup.baseVersion, message: "Attention : la page a été enregistrée ailleurs depuis cette copie." });
              setBackup(null);
            }}
            data-action="restore-backup"
          >
            Restaurer
          </button>
          <button
            type="button"
            className="rounded px-3 py-1 hover:bg-amber-200"
            onClick={() => {
              clearBackup(page);
              setBackup(null);
            }}
          >
            Ignorer
          </button>
        </div>
      ) : null}
      {message ? (
        <div
          className={`flex items-center gap-3 px-4 py-2 text-sm ${saveState === "conflict" || saveState === "error" ? "bg-red-100 text-red-900" : "bg-emerald-100 text-emerald-900"}`}
          role="alert"
          data-testid="builder-message"
        >
          <span className="flex-1">{message}</span>
          {saveState === "conflict" ? (
            <>
              <button
                type="button"
                className="rounded bg-brand-yellow px-3 py-1 font-semibold text-ink"
                onClick={() => setDialog("conflict")}
                data-action="conflict-compare"
              >
                Comparer bloc par bloc
              </button>
              <button
                type="button"
                className="rounded bg-ink px-3 py-1 font-semibold text-white"
                onClick={() => void reloadDraft(page, store)}
                data-action="conflict-reload"
              >
                Recharger
              </button>
              <button
                type="button"
                className="rounded border border-red-800 px-3 py-1 font-semibold"
                onClick={() => void saveNow(page, store, { force: true })}
                data-action="conflict-overwrite"
              >
                Écraser
              </button>
            </>
          ) : (
            <button
              type="button"
              className="rounded px-2 py-1 hover:bg-black/5"
              onClick={() => store.setState({ message: null })}
              aria-label="Fermer le message"
            >
              ✕
            </button>
          )}
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        {/* Read-only: the panel's controls are out of reach; the canvas stays readable and scrolls, its clicks, keys and drops stop here. */}
        <div className="contents" inert={presence.readOnly}>
          <SidePanel />
        </div>
        {/* A region, not <main>: the back-office layout around the builder already has the page's main. */}
        <section
          className="min-w-0 flex-1"
          aria-label="Canevas de la page"
          data-read-only={presence.readOnly || undefined}
          {...(presence.readOnly ? BLOCK_EDITS : {})}
        >
          {mode === "preview" ? (
            <Suspense fallback={<div className="h-full bg-neutral-200" data-testid="preview-spinner" role="status" aria-label="Chargement de l'aperçu…" />}>
              <LivePreview pageId={page.pageId} lang={page.lang} media={media} />
            </Suspense>
          ) : (
            <Canvas lang={page.lang} media={media} pageSource={{ pageId: page.pageId, title, otherLang: publication?.otherLang?.lang ?? null }} />
          )}
        </section>
      </div>
      <Announcer />
      <UndoToast />
      <ToolDialogs page={page} />
      {dialog === "revisions" ? (
        <RevisionsDialog page={page} media={media} otherLang={publication?.otherLang?.lang ?? null} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === "conflict" ? <ConflictDialog page={page} media={media} onClose={() => setDialog(null)} /> : null}
      {dialog === "unsaved" ? (
        <ConfirmDialog
          title={`Fermer sans enregistrer${NNBSP}?`}
          confirmLabel="Fermer quand même"
          testId="unsaved-close-confirm"
          onCancel={() => setDialog(null)}
          onConfirm={onClose}
        >
          <p>Des modifications ne sont pas enregistrées. Elles seront perdues si vous fermez l'éditeur.</p>
        </ConfirmDialog>
      ) : null}
      <PresenceNotice presence={presence} subject={subject} onBack={onClose} />
    </div>
  );
}

/** Stops, before the canvas's own handlers, every event that would start an edit (capture phase). */
const stop = (e: { preventDefault: () => void; stopPropagation: () => void }) => {
  e.preventDefault();
  e.stopPropagation();
};
/** Keys that move the focus or scroll: the read-only canvas is still read with the keyboard. */
const READING_KEYS = /^(Tab|Arrow(Up|Down|Left|Right)|Page(Up|Down)|Home|End)$/;
const BLOCK_EDITS = {
  onClickCapture: stop,
  onDoubleClickCapture: stop,
  onPointerDownCapture: stop,
  onKeyDownCapture: (e: { key: string; altKey: boolean; preventDefault: () => void; stopPropagation: () => void }) => {
    if (!READING_KEYS.test(e.key) || e.altKey) stop(e);
  },
  onDragStartCapture: stop,
  onDragOverCapture: stop,
  onDropCapture: stop,
  onPasteCapture: stop,
};

/**
 * The polite announcement of each change (moves, undo, saves), on its own: every edit sets a new one, and
 * reading it in BuilderBody re-rendered the whole screen (top bar, side panel, canvas) on every edit.
 */
function Announcer() {
  const announcement = useBuilder((s) => s.announcement);
  return (
    <div aria-live="polite" className="sr-only" data-testid="builder-announcer">
      {announcement}
    </div>
  );
}
