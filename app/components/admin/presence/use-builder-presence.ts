import { useEffect } from "react";
import { pagesApi } from "~/lib/api/client";
import { saveNow, type PageRef } from "~/lib/builder/persistence";
import type { BuilderStore } from "~/lib/builder/store";
import { HEARTBEAT_MS } from "~/lib/presence/presence-schemas";
import { usePresence, type Presence } from "./use-presence";

/**
 * The builder's side of the presence of editors (decision 049). Read-only freezes the document (the
 * store refuses changes, saves send nothing). Losing the page to a take-over first ends an edit in place
 * (its blur commits what was typed), then freezes: what was not saved stays on the canvas and in this
 * browser's backup (offered back, "Restaurer", on the next opening). Taking the page over reloads the
 * stored draft when nothing here waits; with local changes they are saved, and a newer version on the
 * server gives the usual conflict choice. A read-only tab without local changes follows the holder's
 * saves, read again at each heartbeat.
 */
export function useBuilderPresence(page: PageRef, store: BuilderStore): Presence {
  const presence = usePresence(page.pageId, {
    onLost: () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement) active.blur();
      store.setState({ readOnly: true, mode: "edit", editingId: null });
    },
    onGained: () => {
      store.setState({ readOnly: false });
      const s = store.getState();
      if (s.doc !== s.savedDoc) void saveNow(page, store);
      else void followServer(page, store);
    },
  });
  const { readOnly } = presence;
  useEffect(() => {
    store.setState(readOnly ? { readOnly, mode: "edit", editingId: null } : { readOnly });
  }, [store, readOnly]);
  useEffect(() => {
    if (!readOnly) return;
    const t = setInterval(() => void followServer(page, store), HEARTBEAT_MS);
    return () => clearInterval(t);
  }, [page, store, readOnly]);
  return presence;
}

/** The stored draft on the canvas, when this tab has nothing of its own waiting (the local backup is left alone). */
async function followServer(page: PageRef, store: BuilderStore) {
  try {
    const { draft } = await pagesApi.draft(page.pageId, page.lang);
    const s = store.getState();
    if (s.doc !== s.savedDoc || draft.readError || draft.version === s.version) return;
    store.setState({ doc: draft.doc, savedDoc: draft.doc, version: draft.version, past: [], future: [], saveState: "saved", selected: null, editingId: null });
  } catch {
    /* offline for a moment: the next heartbeat reads it again */
  }
}
