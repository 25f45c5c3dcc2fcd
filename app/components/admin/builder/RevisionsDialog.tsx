import { useEffect, useState } from "react";
import { pagesApi } from "~/lib/api/client";
import type { RevisionSummary } from "~/lib/api/pages";
import type { RenderDocument } from "~/lib/document/schema";
import { RenderProvider } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
// The registry hands the gallery renderer over (the public island loads it on demand): no suspending here.
import "~/lib/elements/registry";
import type { PageRef } from "~/lib/builder/persistence";
import { restoreRevisionAction } from "~/lib/builder/revision-restore";
import { useBuilderStore } from "~/lib/builder/store";
import { Dialog } from "~/components/kit/Dialog";

type Revision = RevisionSummary;

const fmt = (iso: string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** Every publication is a revision: preview it, or restore it as the draft (then publish). */
export function RevisionsDialog({ page, onClose }: { page: PageRef; onClose: () => void }) {
  const store = useBuilderStore();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [preview, setPreview] = useState<(Revision & { doc: RenderDocument }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    pagesApi
      .revisions(page.pageId, page.lang)
      .then((r) => setRevisions(r.revisions))
      .catch((e: Error) => setError(e.message));
  }, [page]);

  async function restore(id: string) {
    setError(null);
    try {
      await restoreRevisionAction(page, store, id);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Restauration impossible");
    }
  }

  if (preview) {
    return (
      <Dialog
        title={`Aperçu de la révision du ${fmt(preview.createdAt)}`}
        onClose={() => setPreview(null)}
        size="3xl"
        actions={
          <button
            type="button"
            className="rounded-full bg-brand-yellow px-4 py-2 font-semibold"
            onClick={() => restore(preview.id)}
            data-action="restore-revision"
          >
            Restaurer cette révision
          </button>
        }
      >
        <div className="max-h-[60vh] overflow-auto rounded border border-neutral-200" data-testid="revision-preview">
          <RenderProvider value={{ lang: page.lang, media: {} }}>
            <DocumentView doc={preview.doc} />
          </RenderProvider>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Révisions publiées" onClose={onClose}>
      {error ? (
        <p role="alert" className="mb-3 rounded bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {revisions === null ? (
        <p>Chargement…</p>
      ) : revisions.length === 0 ? (
        <p>Aucune publication pour le moment.</p>
      ) : (
        <ul className="max-h-80 divide-y divide-neutral-100 overflow-y-auto" data-testid="revision-list">
          {revisions.map((r) => (
            <li key={r.id} className="flex items-center gap-2 py-2 text-sm">
              <span className="flex-1">
                {fmt(r.createdAt)}
                <span className="block text-xs text-neutral-500">{r.createdBy ?? "—"}</span>
              </span>
              <button
                type="button"
                className="rounded border border-neutral-300 px-2 py-1"
                onClick={async () => {
                  try {
                    const { revision } = await pagesApi.revision(page.pageId, page.lang, r.id);
                    setPreview(revision);
                  } catch (e) {
                    setError(e instanceof Error ? e.message : "Aperçu impossible");
                  }
                }}
              >
                Aperçu
              </button>
              <button type="button" className="rounded border border-neutral-300 px-2 py-1" onClick={() => restore(r.id)}>
                Restaurer
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
