import { pagesApi } from "~/lib/api/client";
import { clearBackup, type PageRef } from "./persistence";
import { commit, type BuilderStore } from "./store";
import { offerUndo } from "./undo-offer";

/**
 * Puts a published revision back as the draft, as one undoable step: the server stores it (checked against
 * the version being edited), the builder takes the stored draft as its document on top of its history, and
 * the toast offers Annuler — which brings back the document as it was, saved again by the autosave.
 */
export async function restoreRevisionAction(page: PageRef, store: BuilderStore, revisionId: string): Promise<void> {
  await pagesApi.restore(page.pageId, page.lang, revisionId, store.getState().version);
  const { draft } = await pagesApi.draft(page.pageId, page.lang);
  clearBackup(page);
  commit(store, draft.doc, {
    selected: null,
    editingId: null,
    message: "Révision restaurée comme brouillon : publiez-la pour la mettre en ligne.",
    announcement: "Révision restaurée",
  });
  store.setState({ savedDoc: draft.doc, version: draft.version, saveState: "saved" });
  offerUndo(store, "Révision restaurée");
}
