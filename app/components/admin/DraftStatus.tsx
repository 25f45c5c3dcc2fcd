import type { DraftDocumentView } from "~/lib/admin/use-draft-document";
import { formatDateTime as formatSiteDateTime } from "~/lib/admin/site-zone";

/** A date and time as the back-office shows them (the site's time zone). */
export const formatDateTime = (iso: string | null) => (iso ? formatSiteDateTime(iso) : null);

/** Where a draft/published document stands: typed and unsaved, saved and unpublished, or published (and when). */
export function DraftStatus({
  dirty,
  view,
  className,
  testId,
}: {
  dirty: boolean;
  view: DraftDocumentView & { publishedAt: string | null };
  className: string;
  testId: string;
}) {
  return (
    <p className={className} role="status" data-testid={testId}>
      {dirty ? (
        <span className="font-semibold text-amber-900">Modifications non enregistrées</span>
      ) : view.status === "draft_pending" ? (
        <span className="font-semibold text-amber-900">Brouillon enregistré, pas encore publié</span>
      ) : (
        <span className="font-semibold text-emerald-800">Publié{view.publishedAt ? ` le ${formatDateTime(view.publishedAt)}` : ""}</span>
      )}
    </p>
  );
}
