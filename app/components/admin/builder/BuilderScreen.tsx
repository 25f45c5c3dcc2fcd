import { lazy, Suspense, useEffect, useState } from "react";
import type { PageDocument } from "~/lib/document/schema";
import type { MediaMap } from "~/lib/elements/context";
import { deleteElementAction, moveElementToBlockAction, moveSelectedAction, select, startEditing } from "~/lib/builder/actions";
import { clearBackup, readBackup, reloadDraft, saveNow, startAutosave, type PageRef } from "~/lib/builder/persistence";
import { BuilderContext, commit, createBuilderStore, initialBuilderState, redo, undo, useBuilder, type BuilderStore } from "~/lib/builder/store";
import { Canvas } from "./canvas/Canvas";
import { RevisionsDialog } from "./RevisionsDialog";
import { BuilderMediaHost } from "~/components/admin/media/BuilderMediaHost";
import { SidePanel } from "./SidePanel";
import { TopBar } from "./TopBar";
import { UndoToast } from "./UndoToast";
import { offerUndo } from "~/lib/builder/undo-offer";
import { trackPublication, type PublicationInfo } from "~/lib/builder/publish-state";
import { ToolDialogs } from "./tools/ToolDialogs";
import { ImagePickerProvider } from "./tools/ImagePicker";
import { useWarnBeforeLeaving } from "~/lib/admin/use-warn-before-leaving";

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
  return (
    <BuilderContext.Provider value={store}>
      <ImagePickerProvider>
        <BuilderBody {...props} store={store} />
      </ImagePickerProvider>
    </BuilderContext.Provider>
  );
}

function BuilderBody({ page, title, media, onClose, store, publication }: BuilderProps & { store: BuilderStore }) {
  const [dialog, setDialog] = useState<null | "revisions">(null);
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

  return (
    <div className="fixed inset-0 z-[80] flex flex-col bg-neutral-100 text-ink" lang="fr" data-testid="builder">
      <TopBar
        page={page}
        title={title}
        onClose={async () => {
          if (
            store.getState().saveState === "saved" ||
            (await saveNow(page, store)) ||
            window.confirm("Des modifications ne sont pas enregistrées. Fermer quand même ?")
          )
            onClose();
        }}
        onRevisions={() => setDialog("revisions")}
      />
      {backup ? (
        <div className="flex items-center gap-3 bg-amber-100 px-4 py-2 text-sm" role="status" data-testid="backup-banner">
          <span className="flex-1">
            Des modifications non enregistrées de ce navigateur ont été retrouvées ({new Date(backup.savedAt).toLocaleString("fr-FR")}).
          </span>
          <button
            type="button"
            className="rounded bg-ink px-3 py-1 font-semibold text-white"
            onClick={() => {
              const stale = backup.baseVersion !== store.getState().version;
              commit(store, backup.doc, { announcement: "Modifications restaurées" });
              offerUndo(store, "Modifications restaurées");
              // The copy is based on an older version: saving it is checked against that version, so the
              // newer work on the server is never overwritten without the Recharger / Écraser choice.
              if (stale) store.setState({ version: backup.baseVersion, message: "Attention : la page a été enregistrée ailleurs depuis cette copie." });
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
        <SidePanel />
        {/* A region, not <main>: the back-office layout around the builder already has the page's main. */}
        <section className="min-w-0 flex-1" aria-label="Canevas de la page">
          {mode === "preview" ? (
            <Suspense fallback={<div className="h-full bg-neutral-200" data-testid="preview-spinner" role="status" aria-label="Chargement de l'aperçu…" />}>
              <LivePreview lang={page.lang} media={media} />
            </Suspense>
          ) : (
            <Canvas lang={page.lang} media={media} pageSource={{ pageId: page.pageId, title, otherLang: publication?.otherLang?.lang ?? null }} />
          )}
        </section>
      </div>
      <Announcer />
      <UndoToast />
      <ToolDialogs page={page} />
      {dialog === "revisions" ? <RevisionsDialog page={page} onClose={() => setDialog(null)} /> : null}
      <BuilderMediaHost />
    </div>
  );
}

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
