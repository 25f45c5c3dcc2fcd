import { useSyncExternalStore } from "react";
import type { PageDocument } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import type { BuilderStore } from "./store";

/**
 * "Modifications non publiées" on Publier (issue 11 §5): the builder remembers the document it last knew
 * to be the published one (the opened draft when the server said it was published, then each document
 * it publishes). Any other document — a change, or an undo past the publication — is unpublished work;
 * undoing back to the published document clears the state. Kept beside the store, one per builder.
 */
export interface PublicationInfo {
  /** The server's word when the builder opened: the draft was the published version. */
  publishedAtOpen: boolean;
  /** The other language version; null when the page has one language. */
  otherLang: { lang: Lang; published: boolean } | null;
}

interface Tracker {
  publishedDoc: PageDocument | null;
  otherLang: PublicationInfo["otherLang"];
  listeners: Set<() => void>;
}

const trackers = new WeakMap<BuilderStore, Tracker>();

function trackerOf(store: BuilderStore): Tracker {
  let t = trackers.get(store);
  if (!t) {
    t = { publishedDoc: null, otherLang: null, listeners: new Set() };
    trackers.set(store, t);
  }
  return t;
}

/** Called once when the builder opens. */
export function trackPublication(store: BuilderStore, info: PublicationInfo) {
  const t = trackerOf(store);
  t.publishedDoc = info.publishedAtOpen ? store.getState().doc : null;
  t.otherLang = info.otherLang;
}

/** After a successful publication of `doc` (the document the server stored and published). */
export function markPublished(store: BuilderStore, doc: PageDocument) {
  const t = trackerOf(store);
  t.publishedDoc = doc;
  for (const l of t.listeners) l();
}

export function hasUnpublishedChanges(store: BuilderStore): boolean {
  const t = trackerOf(store);
  return t.publishedDoc === null || store.getState().doc !== t.publishedDoc;
}

export function otherLangOf(store: BuilderStore): PublicationInfo["otherLang"] {
  return trackerOf(store).otherLang;
}

export function useUnpublishedChanges(store: BuilderStore): boolean {
  const t = trackerOf(store);
  return useSyncExternalStore(
    (l) => {
      t.listeners.add(l);
      const off = store.subscribe(l);
      return () => {
        t.listeners.delete(l);
        off();
      };
    },
    () => hasUnpublishedChanges(store),
    () => hasUnpublishedChanges(store),
  );
}
