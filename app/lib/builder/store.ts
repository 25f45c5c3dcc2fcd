import { createContext, useCallback, useContext, useSyncExternalStore } from "react";
import type { PageDocument } from "~/lib/document/schema";
import type { MediaType } from "~/lib/media/media-schemas";

/**
 * The builder's state in one small external store. Components subscribe to the slice they need
 * (useBuilder(selector)), so selecting an element re-renders two elements, not five hundred, and an
 * edit re-renders only the blocks whose objects changed (operations share untouched branches).
 */
export type Device = "mobile" | "tablet" | "desktop";
export type Mode = "edit" | "preview";
export type Tab = "blocks" | "settings" | "layers" | "comments";
/** A section or a column is selected on its own (issue 11): its settings, not the whole block's. */
export type Selection = { kind: "block" | "section" | "column" | "element"; id: string } | null;
type SaveState = "saved" | "dirty" | "saving" | "error" | "conflict";
/**
 * The Médiathèque asked for by the builder (seed 001 §3 "open-media-library"): to add a new image, video or PDF,
 * or for an element whose content (and alt) the chosen item replaces, or for a section's or column's background.
 */
export type MediaRequest = {
  kind: "media";
  mediaType: MediaType | "all";
  elementId?: string;
  /** The background image of this section or column (issue 21): the focal point starts in the middle. */
  layerId?: string;
};
/** The tool dialog open over the builder (each loads on demand but the Médiathèque's picker). */
type ToolDialog = { kind: "text" | "icon" | "gallery-type"; elementId: string } | { kind: "export" | "ai" } | MediaRequest;

export interface BuilderState {
  doc: PageDocument;
  selected: Selection;
  editingId: string | null;
  mode: Mode;
  device: Device;
  tab: Tab;
  past: PageDocument[];
  future: PageDocument[];
  /** The document as last stored on the server, and the version it was stored under. */
  savedDoc: PageDocument;
  version: number;
  saveState: SaveState;
  message: string | null;
  /** Polite announcement for screen readers (moves, undo, saves). */
  announcement: string;
  tool: ToolDialog | null;
  /** Another tab holds the page, or this one chose to read it (decision 049): the document cannot change. */
  readOnly: boolean;
}

export const HISTORY_LIMIT = 200;

export interface BuilderStore {
  getState: () => BuilderState;
  setState: (patch: Partial<BuilderState> | ((s: BuilderState) => Partial<BuilderState>)) => void;
  subscribe: (listener: () => void) => () => void;
  /** A listener told only when `key`'s value changes (by identity), see useBuilderKey. */
  subscribeKey: (key: keyof BuilderState, listener: () => void) => () => void;
}

/** A freshly opened builder: the stored draft, nothing selected, edit mode on desktop, no history. */
export function initialBuilderState(doc: PageDocument, version: number): BuilderState {
  return {
    doc,
    savedDoc: doc,
    version,
    selected: null,
    editingId: null,
    mode: "edit",
    device: "desktop",
    tab: "blocks",
    past: [],
    future: [],
    saveState: "saved",
    message: null,
    announcement: "",
    tool: null,
    readOnly: false,
  };
}

export function createBuilderStore(initial: BuilderState): BuilderStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const keyed = new Map<keyof BuilderState, Set<() => void>>();
  return {
    getState: () => state,
    setState(patch) {
      const prev = state;
      const next = typeof patch === "function" ? patch(state) : patch;
      state = { ...state, ...next };
      for (const l of listeners) l();
      for (const key of Object.keys(next) as (keyof BuilderState)[]) {
        if (prev[key] === state[key]) continue;
        const set = keyed.get(key);
        if (set) for (const l of set) l();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeKey(key, listener) {
      let set = keyed.get(key);
      if (!set) keyed.set(key, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

export const BuilderContext = createContext<BuilderStore | null>(null);

export function useBuilderStore(): BuilderStore {
  const store = useContext(BuilderContext);
  if (!store) throw new Error("useBuilderStore hors du constructeur");
  return store;
}

export function useBuilder<T>(selector: (s: BuilderState) => T): T {
  const store = useBuilderStore();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

/**
 * One value of the state, for the components the canvas has by the thousand (a frame per block, section,
 * column and element): they are told only when that value changes. Through useBuilder every frame ran its
 * selectors on every change of the store (an autosave's "saving" and "saved", an announcement, each edit):
 * about 6,000 checks per change on a page of 1,000 elements (scripts/bench/builder --large, decision 035).
 */
export function useBuilderKey<K extends keyof BuilderState, T>(key: K, select: (value: BuilderState[K]) => T): T {
  const store = useBuilderStore();
  const subscribe = useCallback((listener: () => void) => store.subscribeKey(key, listener), [store, key]);
  const read = () => select(store.getState()[key]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Consecutive changes with the same merge key within this delay are one undo step (typing in a field). */
const MERGE_WINDOW_MS = 1000;
let lastMerge: { key: string; at: number } | null = null;

/**
 * Applies a document change as one undoable step. With `mergeKey`, a change that follows another with
 * the same key within MERGE_WINDOW_MS joins it: typing "24px" in a settings field is one step, not four.
 */
export function commit(store: BuilderStore, doc: PageDocument, extra: Partial<BuilderState> = {}, mergeKey?: string) {
  const now = Date.now();
  const merge = mergeKey !== undefined && lastMerge?.key === mergeKey && now - lastMerge.at < MERGE_WINDOW_MS;
  lastMerge = mergeKey === undefined ? null : { key: mergeKey, at: now };
  store.setState((s) => {
    if (s.readOnly) return {};
    if (doc === s.doc) return extra;
    const past = merge && s.past.length > 0 ? s.past : s.past.length >= HISTORY_LIMIT ? [...s.past.slice(1), s.doc] : [...s.past, s.doc];
    return { ...extra, doc, past, future: [], saveState: s.saveState === "conflict" ? "conflict" : "dirty" };
  });
}

export function undo(store: BuilderStore) {
  store.setState((s) => {
    const prev = s.past[s.past.length - 1];
    if (!prev || s.readOnly) return {};
    return { doc: prev, past: s.past.slice(0, -1), future: [s.doc, ...s.future], saveState: "dirty", announcement: "Modification annulée" };
  });
}

export function redo(store: BuilderStore) {
  store.setState((s) => {
    const next = s.future[0];
    if (!next || s.readOnly) return {};
    return { doc: next, past: [...s.past, s.doc], future: s.future.slice(1), saveState: "dirty", announcement: "Modification rétablie" };
  });
}
