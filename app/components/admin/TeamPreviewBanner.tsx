import type { PublicationState } from "~/lib/content/publication-state";
import { PublicationBadge } from "./PublicationBadge";

/**
 * On a public page a team member looks at while visitors see something else (a draft or a scheduled
 * article's preview, a page with changes not yet published): what visitors get instead, pinned to the
 * bottom of the window so the page's own layout is untouched. Members only: visitors never load it.
 */
export function TeamPreviewBanner({ state }: { state: PublicationState }) {
  return (
    <div
      role="status"
      lang="fr"
      className="fixed inset-x-0 bottom-0 z-40 border-t-2 border-amber-500 bg-amber-50 px-4 py-2 text-sm text-amber-950 shadow-lg"
      data-testid="team-preview-banner"
      data-status={state.kind}
    >
      <p className="mx-auto flex max-w-[1440px] flex-wrap items-center gap-x-3 gap-y-1 pr-16">
        <span className="font-bold">{state.kind === "pending" ? "Vue de l'équipe" : "Aperçu de l'équipe"}</span>
        <PublicationBadge state={state} />
        <span>{state.visitors}</span>
      </p>
    </div>
  );
}
