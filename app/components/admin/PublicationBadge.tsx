import type { PublicationKind, PublicationState } from "~/lib/content/publication-state";
import type { Lang } from "~/lib/i18n/routes";

/** Green only when visitors see what the team sees; a scheduled version is blue, never green. */
const KIND_CLASS: Record<PublicationKind, string> = {
  draft: "bg-neutral-200 text-neutral-800",
  scheduled: "bg-sky-100 text-sky-900",
  published: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
};

/** Filter labels: one word per kind (the badge itself says the date). */
export const KIND_LABEL: Record<PublicationKind, string> = {
  draft: "Brouillon",
  scheduled: "Programmé",
  published: "Publié",
  pending: "Modifications non publiées",
};

/**
 * One language version's state, as the server computed it (lib/content/publication-state.ts). `short`: the
 * kind's one word (the filters' "Programmé"), the full words in its title, where a phone has no room for them.
 */
export function PublicationBadge({ state, className = "", short = false }: { state: PublicationState; className?: string; short?: boolean }) {
  return (
    <span
      className={`inline-block w-fit rounded py-0.5 font-semibold ${short ? "px-1 text-[11px]" : "px-1.5 text-xs"} ${KIND_CLASS[state.kind]} ${className}`}
      data-status={state.kind}
      data-testid="publication-state"
      title={short ? [state.label, state.visitors].filter(Boolean).join(" — ") : (state.visitors ?? undefined)}
    >
      {short ? KIND_LABEL[state.kind] : state.label}
      {!short && state.kind === "scheduled" && state.pending ? " · modifications non programmées" : ""}
    </span>
  );
}

/** Each language version's state, from an article's versions. */
export const statesOf = (versions: Partial<Record<Lang, { state: PublicationState }>>): Partial<Record<Lang, PublicationState>> =>
  Object.fromEntries((["fr", "en"] as const).flatMap((l) => (versions[l] ? [[l, versions[l].state]] : [])));

/** Each language's state on one line ("FR Programmé pour le 27 nov. à 09:00 · EN Brouillon"): the article editor's status. */
export function PublicationStates({ states }: { states: Partial<Record<Lang, PublicationState>> }) {
  const langs = (["fr", "en"] as const).filter((l) => states[l]);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="publication-states">
      {langs.map((l) => (
        <span key={l} className="inline-flex items-center gap-1.5" data-lang={l}>
          <span className="font-semibold">{l.toUpperCase()}</span>
          <PublicationBadge state={states[l]!} />
        </span>
      ))}
    </p>
  );
}
