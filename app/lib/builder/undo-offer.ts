import { useSyncExternalStore } from "react";
import type { PageDocument } from "~/lib/document/schema";
import { undo, type BuilderStore } from "./store";

/**
 * "Bloc supprimé · Annuler": after a destructive gesture the builder offers its undo in one click (issue
 * 11 §5). The offer remembers the document the gesture produced; Annuler undoes only while that document
 * is still the current one, so it can never undo some later, unrelated change. Kept beside the builder's
 * store (one offer per builder) rather than in it: the store stays the document's history alone.
 */
interface UndoOffer {
  /** Grows with each offer, so a new one restarts the toast's timer. */
  id: number;
  /** "Bloc supprimé", "Révision restaurée"… */
  label: string;
  /** The document right after the gesture. */
  doc: PageDocument;
  /**
   * For a gesture outside the document's history (a saved model deleted from the library): what Annuler
   * does instead of one `undo`. Withdrawn like the others by any change of the document.
   */
  restore?: () => void | Promise<void>;
}

interface OfferBox {
  offer: UndoOffer | null;
  listeners: Set<() => void>;
}

const boxes = new WeakMap<BuilderStore, OfferBox>();
let nextId = 1;

function boxOf(store: BuilderStore): OfferBox {
  let box = boxes.get(store);
  if (!box) {
    const b: OfferBox = { offer: null, listeners: new Set() };
    // Any other change of the document (a new edit, undo, redo, a reload) withdraws the offer. The
    // listener lives as long as the builder's store: both go together.
    store.subscribe(() => {
      if (b.offer && store.getState().doc !== b.offer.doc) setOffer(b, null);
    });
    boxes.set(store, b);
    box = b;
  }
  return box;
}

function setOffer(box: OfferBox, offer: UndoOffer | null) {
  box.offer = offer;
  for (const l of box.listeners) l();
}

/** Called right after a destructive change was committed: offers to undo it. */
export function offerUndo(store: BuilderStore, label: string, restore?: () => void | Promise<void>) {
  const box = boxOf(store);
  setOffer(box, { id: nextId++, label, doc: store.getState().doc, ...(restore ? { restore } : {}) });
}

export function currentOffer(store: BuilderStore): UndoOffer | null {
  return boxes.get(store)?.offer ?? null;
}

/** Annuler: undoes the gesture when nothing came after it; returns whether it did. */
export function acceptOffer(store: BuilderStore): boolean {
  const box = boxOf(store);
  const offer = box.offer;
  setOffer(box, null);
  if (!offer || store.getState().doc !== offer.doc) return false;
  if (offer.restore) {
    void offer.restore();
    return true;
  }
  undo(store);
  store.setState({ announcement: `${offer.label} : annulé` });
  return true;
}

export function dismissOffer(store: BuilderStore) {
  setOffer(boxOf(store), null);
}

export function useUndoOffer(store: BuilderStore): UndoOffer | null {
  const box = boxOf(store);
  return useSyncExternalStore(
    (l) => {
      box.listeners.add(l);
      return () => box.listeners.delete(l);
    },
    () => box.offer,
    () => null,
  );
}
