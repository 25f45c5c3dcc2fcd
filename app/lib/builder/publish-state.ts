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
  /** Articles: the template shows the title as the page's H1. */
  titleIsH1?: boolean;
}

interface Tracker {
  publishedDoc: PageDocument | null;
  otherLang: PublicationInfo["otherLang"];
  titleIsH1: boolean;
  listeners: Set<() => void>;
}

const trackers = new WeakMap<BuilderStore, Tracker>();

function trackerOf(store: BuilderStore): Tracker {
  let t = trackers.get(store);
  if (!t) {
    t = { publishedDoc: null, otherLang: null, titleIsH1: false, listeners: new Set() };
    trackers.set(store, t);
  }
  return t;
}

/** Called once when the builder opens. */
export function trackPublication(store: BuilderStore, info: PublicationInfo) {
  const t = trackerOf(store);
  t.publishedDoc = info.publishedAtOpen ? store.getState().doc : null;
  t.otherLang = info.otherLang;
  t.titleIsH1 = info.titleIsH1 === true;
}

/** After a successful publication of `doc` (the document the server stored and published). */
export function markPublished(store: BuilderStore, doc: PageDocument) {
  const t = trackerOf(store);
  t.publishedDoc = doc;
  for (const l of t.listeners) l();
}

/** The builder took the server's draft as its document (Recharger): the server's word holds again. */
export function syncPublication(store: BuilderStore, draftIsPublished: boolean) {
  const t = trackerOf(store);
  t.publishedDoc = draftIsPublished ? store.getState().doc : null;
  for (const l of t.listeners) l();
}

export function hasUnpublishedChanges(store: BuilderStore): boolean {
  const t = trackerOf(store);
  return t.publishedDoc === null || store.getState().doc !== t.publishedDoc;
}

/** What the pre-publish checklist needs to know of the page beyond its document. */
export function checkContextOf(store: BuilderStore): Pick<PublicationInfo, "otherLang" | "titleIsH1"> {
  const t = trackerOf(store);
  return { otherLang: t.otherLang, titleIsH1: t.titleIsH1 };
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
