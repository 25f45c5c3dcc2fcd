import { useState } from "react";
import { ApiClientError } from "~/lib/admin/api-client";
import { useWarnBeforeLeaving } from "~/lib/admin/use-warn-before-leaving";

/** What the server answers for a draft/published document (the design, the site structure). */
export interface DraftDocumentView {
  version: number;
  status: "published" | "draft_pending";
}

export interface DraftDocumentApi<V, D> {
  /** The document inside the server's answer. */
  docOf: (view: V) => D;
  save: (version: number, doc: D) => Promise<V>;
  publish: (version: number) => Promise<V>;
  /** The notices after a save and after a publication (French). */
  saved: string;
  published: string;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Erreur inattendue.");

/**
 * The state of a document edited as a draft then published (decision record 029): the server's last
 * answer, the draft as typed, whether it differs from what was saved, the action under way, and the
 * error (with whether it is a stale version: someone else saved meanwhile) or notice it left. "Publier"
 * saves what is unsaved first. Leaving with unsaved changes asks first. A refusal keeps the draft as typed.
 */
export function useDraftDocument<V extends DraftDocumentView, D, Busy extends string = never>(initial: V, api: DraftDocumentApi<V, D>) {
  const [view, setView] = useState(initial);
  const [draft, setDraft] = useState<D>(() => api.docOf(initial));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<"save" | "publish" | Busy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useWarnBeforeLeaving(dirty);

  /** An edit of the draft. */
  const change = (d: D) => {
    setDraft(d);
    setDirty(true);
    setNotice(null);
  };

  /** The server's answer becomes the state: the draft is what it stored (after sanitizing). */
  const accept = (next: V) => {
    setView(next);
    setDraft(api.docOf(next));
    setDirty(false);
  };

  /** Runs an action (busy meanwhile, messages cleared first); it returns its notice, or throws its error. */
  async function perform(kind: "save" | "publish" | Busy, action: () => Promise<string>) {
    setBusy(kind);
    setError(null);
    setStale(false);
    setNotice(null);
    try {
      setNotice(await action());
    } catch (e) {
      setError(messageOf(e));
      setStale(e instanceof ApiClientError && e.code === "stale_version");
    } finally {
      setBusy(null);
    }
  }

  /** "Enregistrer le brouillon", or "Publier" (saving first what is unsaved). */
  const run = (kind: "save" | "publish") =>
    perform(kind, async () => {
      let current = view;
      if (dirty || kind === "save") {
        current = await api.save(view.version, draft);
        accept(current);
      }
      if (kind === "save") return api.saved;
      accept(await api.publish(current.version));
      return api.published;
    });

  return {
    view,
    draft,
    setDraft,
    dirty,
    setDirty,
    busy,
    error,
    setError,
    stale,
    setStale,
    notice,
    setNotice,
    /** Something is saved on the server and not yet published, or typed and not yet saved. */
    pending: dirty || view.status === "draft_pending",
    change,
    accept,
    perform,
    run,
  };
}
