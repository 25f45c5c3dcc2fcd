import { createContext, useContext, useSyncExternalStore } from "react";
import type { PageDocument } from "~/lib/document/schema";

/**
 * The builder's state in one small external store. Components subscribe to the slice they need
 * (useBuilder(selector)), so selecting an element re-renders two elements, not five hundred, and an
 * edit re-renders only the blocks whose objects changed (operations share untouched branches).
 */
export type Device = "mobile" | "tablet" | "desktop";
export type Mode = "edit" | "preview";
export type Tab = "blocks" | "settings" | "layers";
/** A section or a column is selected on its own (issue 11): its settings, not the whole block's. */
export type Selection = { kind: "block" | "section" | "column" | "element"; id: string } | null;
type SaveState = "saved" | "dirty" | "saving" | "error" | "conflict";
/** The tool dialog open over the builder (each loads on demand). */
type ToolDialog = { kind: "text" | "icon" | "gallery-type"; elementId: string } | { kind: "export" | "ai" };

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
}

export const HISTORY_LIMIT = 200;

export interface BuilderStore {
  getState: () => BuilderState;
  setState: (patch: Partial<BuilderState> | ((s: BuilderState) => Partial<BuilderState>)) => void;
  subscribe: (listener: () => void) => () => void;
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
  };
}

export function createBuilderStore(initial: BuilderState): BuilderStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(patch) {
      const next = typeof patch === "function" ? patch(state) : patch;
      state = { ...state, ...next };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
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
    if (doc === s.doc) return extra;
    const past = merge && s.past.length > 0 ? s.past : s.past.length >= HISTORY_LIMIT ? [...s.past.slice(1), s.doc] : [...s.past, s.doc];
    return { ...extra, doc, past, future: [], saveState: s.saveState === "conflict" ? "conflict" : "dirty" };
  });
}

export function undo(store: BuilderStore) {
  store.setState((s) => {
    const prev = s.past[s.past.length - 1];
    if (!prev) return {};
    return { doc: prev, past: s.past.slice(0, -1), future: [s.doc, ...s.future], saveState: "dirty", announcement: "Modification annulée" };
  });
}

export function redo(store: BuilderStore) {
  store.setState((s) => {
    const next = s.future[0];
    if (!next) return {};
    return { doc: next, past: [...s.past, s.doc], future: s.future.slice(1), saveState: "dirty", announcement: "Modification rétablie" };
  });
}
