import { ApiClientError } from "~/lib/admin/api-client";
import { pagesApi } from "~/lib/api/client";
import type { PageDocument } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import { syncPublication } from "./publish-state";
import type { BuilderStore } from "./store";

/**
 * Never losing work: every change is backed up in this browser at once, the draft is saved to the
 * server a few seconds after the last change, Enregistrer saves now, and a save based on a stale
 * version is refused by the server and offered back as reload-or-overwrite.
 */
export interface PageRef {
  pageId: string;
  lang: Lang;
}

const AUTOSAVE_DELAY_MS = 2500;
const BACKUP_DELAY_MS = 300;
/** Longest wait for an idle moment before the backup is written anyway. */
const BACKUP_IDLE_TIMEOUT_MS = 1000;

export const backupKey = ({ pageId, lang }: PageRef) => `archimed-draft:${pageId}:${lang}`;

interface LocalBackup {
  doc: PageDocument;
  baseVersion: number;
  savedAt: string;
}

export function readBackup(ref: PageRef): LocalBackup | null {
  try {
    const raw = localStorage.getItem(backupKey(ref));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalBackup;
    return parsed && typeof parsed.baseVersion === "number" && parsed.doc && Array.isArray(parsed.doc.blocks) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearBackup(ref: PageRef) {
  try {
    localStorage.removeItem(backupKey(ref));
  } catch {
    /* storage unavailable */
  }
}

function writeBackup(ref: PageRef, store: BuilderStore) {
  const s = store.getState();
  try {
    if (s.doc === s.savedDoc) localStorage.removeItem(backupKey(ref));
    else localStorage.setItem(backupKey(ref), JSON.stringify({ doc: s.doc, baseVersion: s.version, savedAt: new Date().toISOString() } satisfies LocalBackup));
  } catch {
    /* quota or private mode: the server autosave still runs */
  }
}

let inFlight: Promise<boolean> | null = null;

export async function saveNow(ref: PageRef, store: BuilderStore, { force = false } = {}): Promise<boolean> {
  // Every waiter wakes when a save ends: loop, so that only one of them starts the next request
  // (two requests on one version would make the builder conflict with itself).
  while (inFlight) await inFlight;
  const s = store.getState();
  // A read-only tab (another holds the page, decision 049) sends nothing: what it has stays in the local backup.
  if (s.readOnly) return false;
  if (s.doc === s.savedDoc && !force) {
    store.setState({ saveState: "saved" });
    return true;
  }
  const doc = s.doc;
  store.setState({ saveState: "saving", message: null });
  inFlight = (async () => {
    try {
      const r = await pagesApi.saveDraft(ref.pageId, ref.lang, { doc, version: s.version, ...(force ? { force: true as const } : {}) });
      const now = store.getState();
      // The server answers with the stored document when sanitizing changed it: that is what "saved" means,
      // and, when nothing was typed meanwhile, what the canvas shows (no ghost of a removed attribute).
      const stored = r.doc ?? doc;
      const untouched = now.doc === doc;
      store.setState({
        version: r.version,
        savedDoc: stored,
        ...(untouched && r.doc ? { doc: stored } : {}),
        saveState: untouched ? "saved" : "dirty",
        message: null,
        announcement: "Brouillon enregistré",
      });
      if (now.doc === doc) clearBackup(ref);
      return true;
    } catch (e) {
      if (e instanceof ApiClientError && e.code === "stale_version") store.setState({ saveState: "conflict", message: e.message });
      else store.setState({ saveState: "error", message: e instanceof Error ? `Enregistrement impossible : ${e.message}` : "Enregistrement impossible." });
      return false;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

export async function publishNow(ref: PageRef, store: BuilderStore): Promise<boolean> {
  if (!(await saveNow(ref, store))) return false;
  try {
    await pagesApi.publish(ref.pageId, ref.lang, store.getState().version);
    store.setState({ message: "Page publiée : les visiteurs voient maintenant cette version.", announcement: "Page publiée" });
    return true;
  } catch (e) {
    if (e instanceof ApiClientError && e.code === "stale_version") store.setState({ saveState: "conflict", message: e.message });
    else store.setState({ saveState: "error", message: e instanceof Error ? `Publication impossible : ${e.message}` : "Publication impossible." });
    return false;
  }
}

/** Reloads the server's draft, dropping local changes (the conflict dialog's "Recharger"). */
export async function reloadDraft(ref: PageRef, store: BuilderStore) {
  const { draft } = await pagesApi.draft(ref.pageId, ref.lang);
  clearBackup(ref);
  store.setState({
    doc: draft.doc,
    savedDoc: draft.doc,
    version: draft.version,
    past: [],
    future: [],
    saveState: "saved",
    message: null,
    selected: null,
    editingId: null,
  });
  syncPublication(store, draft.status === "published");
}

/** Local backup on every change and a server autosave after a pause; returns the unsubscribe. */
export function startAutosave(ref: PageRef, store: BuilderStore): () => void {
  let backupTimer: ReturnType<typeof setTimeout> | undefined;
  let backupIdle: number | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let lastDoc = store.getState().doc;
  const cancelBackup = () => {
    clearTimeout(backupTimer);
    if (backupIdle !== undefined) window.cancelIdleCallback(backupIdle);
    backupIdle = undefined;
  };
  // The backup serialises the whole document (tens of milliseconds on a long page): written when the page is
  // idle, it does not hold up the next click or key (scripts/bench/builder, decision 035).
  const backupWhenIdle = () => {
    if (typeof window.requestIdleCallback !== "function") return writeBackup(ref, store);
    backupIdle = window.requestIdleCallback(
      () => {
        backupIdle = undefined;
        writeBackup(ref, store);
      },
      { timeout: BACKUP_IDLE_TIMEOUT_MS },
    );
  };
  const unsubscribe = store.subscribe(() => {
    const s = store.getState();
    if (s.doc === lastDoc) return;
    lastDoc = s.doc;
    cancelBackup();
    backupTimer = setTimeout(backupWhenIdle, BACKUP_DELAY_MS);
    clearTimeout(saveTimer);
    if (s.saveState !== "conflict") saveTimer = setTimeout(() => void saveNow(ref, store), AUTOSAVE_DELAY_MS);
  });
  const flushBackup = () => writeBackup(ref, store);
  window.addEventListener("pagehide", flushBackup);
  return () => {
    unsubscribe();
    cancelBackup();
    clearTimeout(saveTimer);
    window.removeEventListener("pagehide", flushBackup);
  };
}
