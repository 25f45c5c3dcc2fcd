import { useSyncExternalStore } from "react";
import type { PublishRules } from "~/lib/design/tokens";
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
  /** The other language version (pending: unpublished changes); null when the page has one language. */
  otherLang: { lang: Lang; published: boolean; pending?: boolean } | null;
  /** Articles: the template shows the title as the page's H1. */
  titleIsH1?: boolean;
  /** The page's title and description when the builder opened, for the pre-publish check. */
  title?: string;
  description?: string;
  /** The design settings' rules: which findings refuse the publication. */
  publishRules?: PublishRules;
}

interface Tracker {
  publishedDoc: PageDocument | null;
  otherLang: PublicationInfo["otherLang"];
  titleIsH1: boolean;
  meta: Pick<PublicationInfo, "title" | "description" | "publishRules">;
  listeners: Set<() => void>;
}

const trackers = new WeakMap<BuilderStore, Tracker>();

function trackerOf(store: BuilderStore): Tracker {
  let t = trackers.get(store);
  if (!t) {
    t = { publishedDoc: null, otherLang: null, titleIsH1: false, meta: {}, listeners: new Set() };
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
  t.meta = { title: info.title, description: info.description, publishRules: info.publishRules };
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
export function checkContextOf(store: BuilderStore): Pick<PublicationInfo, "otherLang" | "titleIsH1" | "title" | "description" | "publishRules"> {
  const t = trackerOf(store);
  return { otherLang: t.otherLang, titleIsH1: t.titleIsH1, ...t.meta };
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
