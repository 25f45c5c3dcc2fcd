import { pagesApi } from "~/lib/api/client";
import { currentDocumentShape, type PageDocument, type RenderDocument } from "~/lib/document/schema";
import { restoreBlock, restoreSection } from "~/lib/document/restore-part";
import { saveNow, type PageRef } from "./persistence";
import { commit, type BuilderStore } from "./store";
import { offerUndo } from "./undo-offer";
import { NBSP } from "~/lib/typography/french";

/**
 * The builder's side of comparing versions (decision 050): one block or section of a revision put back
 * into the draft as one undoable step, saved by the autosave under the version lock like any edit; and the
 * conflict view's merged document, saved against the server's current version.
 */

/**
 * A stored version as a document the builder may edit, or null when it holds what the current model
 * refuses (an element type since removed): such a version is only restored whole, by the server.
 */
export function editableDocument(doc: RenderDocument): PageDocument | null {
  const parsed = currentDocumentShape.safeParse(doc);
  return parsed.success ? parsed.data : null;
}

export type PartRef = { kind: "block" | "section"; id: string };

export function restorePartAction(store: BuilderStore, source: RenderDocument, part: PartRef): boolean {
  const from = editableDocument(source);
  if (!from) return false;
  const doc = store.getState().doc;
  const next = part.kind === "block" ? restoreBlock(doc, from, part.id) : restoreSection(doc, from, part.id);
  if (next === doc) return false;
  const label = part.kind === "block" ? "Bloc restauré" : "Section restaurée";
  commit(store, next, { announcement: label, message: `${label} depuis la révision${NBSP}: enregistré avec le brouillon.` });
  offerUndo(store, label);
  return true;
}

/** The server's draft now, for the conflict view (their version and the version number to save against). */
export async function fetchTheirs(page: PageRef): Promise<{ doc: PageDocument; version: number; updatedBy: string | null; updatedAt: string }> {
  const { draft } = await pagesApi.draft(page.pageId, page.lang);
  const doc = editableDocument(draft.doc);
  if (!doc) throw new Error(`La version enregistrée contient un élément que le constructeur ne sait plus modifier${NBSP}: rechargez la page.`);
  return { doc, version: draft.version, updatedBy: draft.updatedBy, updatedAt: draft.updatedAt };
}

/**
 * Takes the merged document as the draft, based on their version (`theirs` becomes what the server holds,
 * `version` the lock), then saves at once: one undoable step, and a newer save in between is a new conflict.
 */
export async function applyMerge(page: PageRef, store: BuilderStore, merged: PageDocument, theirs: PageDocument, version: number): Promise<boolean> {
  commit(store, merged, { announcement: "Versions fusionnées", selected: null, editingId: null });
  store.setState({ savedDoc: theirs, version, saveState: "dirty", message: null });
  return saveNow(page, store);
}
