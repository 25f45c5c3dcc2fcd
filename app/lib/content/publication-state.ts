import { formatWhen } from "~/lib/blog/time";
import type { Lang } from "~/lib/i18n/routes";

/**
 * What one language version of a page or an article is to visitors right now, said the one way every
 * screen says it (Pages list, scheduler, calendar, editor, admin bar, team preview): issue 20 found a
 * scheduled article shown as a green "Publiée" while visitors got a 404. Pure: the server computes it
 * with its clock and the site's time zone and the screens show it as it comes.
 */
export type PublicationKind = "draft" | "scheduled" | "published" | "pending";

export interface PublicationFacts {
  /** A published document exists (public now, or from publishAt). */
  published: boolean;
  /** When the published document is (or becomes) public: publish_at, else published_at; null for a draft. */
  publishAt: string | null;
  /** The draft differs from the published document. */
  pending: boolean;
}

export interface PublicationState {
  kind: PublicationKind;
  /** "Brouillon", "Programmé pour le 27 nov. à 09:00", "Publié", "Modifications non publiées". */
  label: string;
  /** What visitors get instead of the draft a member looks at; null when they see the same thing. */
  visitors: string | null;
  /** A scheduled version whose draft has changed since it was scheduled (the schedule publishes the older text). */
  pending: boolean;
}

export interface StateContext {
  now: Date;
  timeZone: string;
}

export const NOT_FOUND_TO_VISITORS = "Les visiteurs voient une page introuvable (404).";

export function publicationState(f: PublicationFacts, { now, timeZone }: StateContext): PublicationState {
  if (!f.published || !f.publishAt) {
    return f.published
      ? { kind: f.pending ? "pending" : "published", label: f.pending ? "Modifications non publiées" : "Publié", visitors: null, pending: f.pending }
      : { kind: "draft", label: "Brouillon", visitors: NOT_FOUND_TO_VISITORS, pending: false };
  }
  const when = formatWhen(f.publishAt, timeZone, now);
  if (Date.parse(f.publishAt) > now.getTime()) {
    return {
      kind: "scheduled",
      label: `Programmé pour le ${when}`,
      visitors: `Les visiteurs voient une page introuvable (404) jusqu'au ${when}.`,
      pending: f.pending,
    };
  }
  if (f.pending)
    return { kind: "pending", label: "Modifications non publiées", visitors: `Les visiteurs voient la version publiée du ${when}.`, pending: true };
  return { kind: "published", label: "Publié", visitors: null, pending: false };
}

/** Each language's state, from the translation rows of one page or article. */
export function publicationStates(rows: ({ lang: Lang } & PublicationFacts)[], ctx: StateContext): Partial<Record<Lang, PublicationState>> {
  return Object.fromEntries(rows.map((r) => [r.lang, publicationState(r, ctx)]));
}
