import { useState } from "react";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { formatDateTime as fmt } from "~/components/admin/DraftStatus";
import type { StructureRevisionSummary } from "~/lib/structure/view";

/**
 * "Historique des publications": each publication of the structure (who, when), newest first, the last
 * 50. "Restaurer comme brouillon" makes one the draft (menu, footer, contact details, page titles and
 * addresses); visitors see it only once it is published as usual.
 */
export function RevisionsList({
  revisions,
  disabled,
  dirty,
  onRestore,
}: {
  revisions: StructureRevisionSummary[];
  /** A save, a publication or a restore is under way. */
  disabled: boolean;
  /** Unsaved changes on the screen: restoring would drop them, so it waits for a save or a cancel. */
  dirty: boolean;
  onRestore: (r: StructureRevisionSummary) => void;
}) {
  const [asking, setAsking] = useState<StructureRevisionSummary | null>(null);
  if (revisions.length === 0) return <p className="text-sm text-neutral-700">Aucune publication pour l'instant : la première apparaîtra ici.</p>;
  return (
    <>
      {dirty ? (
        <p className="mb-3 text-sm text-amber-900" data-testid="revisions-dirty">
          Enregistrez ou annulez vos modifications avant de restaurer une publication.
        </p>
      ) : null}
      <ol className="divide-y divide-neutral-200 rounded-xl border border-neutral-200" data-testid="structure-revisions">
        {revisions.map((r, i) => (
          <li key={r.id} className="flex flex-col items-start gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-4" data-testid="structure-revision">
            <p className="w-full min-w-0 text-sm sm:flex-1">
              <span className="font-semibold">{fmt(r.createdAt)}</span>
              {i === 0 ? (
                <span className="ml-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">En ligne</span>
              ) : null}
              <span className="block text-neutral-700 [overflow-wrap:anywhere]">{r.createdBy ? `par ${r.createdBy}` : "auteur inconnu"}</span>
            </p>
            <button
              type="button"
              disabled={disabled || dirty}
              onClick={() => setAsking(r)}
              className="rounded-full border border-neutral-300 bg-white px-3 py-1.5 text-sm font-bold disabled:opacity-50"
              data-testid="revision-restore"
            >
              Restaurer comme brouillon
            </button>
          </li>
        ))}
      </ol>
      {asking ? (
        <ConfirmDialog
          title={`Restaurer la publication du ${fmt(asking.createdAt)} ?`}
          confirmLabel="Restaurer comme brouillon"
          tone="neutral"
          testId="revision-confirm"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const r = asking;
            setAsking(null);
            onRestore(r);
          }}
        >
          <p>
            Le brouillon enregistré est remplacé par cette publication : menu, pied de page, coordonnées, titres, adresses et descriptions des pages. Les
            visiteurs ne verront rien avant « Publier ».
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
