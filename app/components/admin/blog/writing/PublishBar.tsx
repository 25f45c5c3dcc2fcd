import { useState, type ReactNode } from "react";
import { SelectField } from "~/components/kit/fields";
import { ARTICLE_LANGS, type ArticleLang, type ArticleView } from "~/lib/blog/article-schemas";
import { ScheduleDialog, type Overlap, type ScheduleRefusal } from "../ScheduleDialog";
import { StateBadge } from "./StateBadge";

/**
 * The article editor's own bar (issue 20 §2): each language's state, the save state, the word count,
 * "Programmer…" and "Publier" acting on both languages unless the writer picks one. For a contributor
 * (`review`), "Demander une relecture" and the latest answers stand where those two would (issue 25 §1).
 */
export type Scope = "both" | ArticleLang;
export const SCOPE_OPTIONS = [
  ["both", "Les deux langues"],
  ["fr", "Français seulement"],
  ["en", "Anglais seulement"],
] as const;

export const langsOf = (scope: Scope, article: ArticleView): ArticleLang[] =>
  (scope === "both" ? [...ARTICLE_LANGS] : [scope]).filter((l) => article.versions[l]);

export function PublishBar({
  article,
  timeZone,
  scope,
  onScope,
  saveState,
  stats,
  busy,
  onPublish,
  onSchedule,
  review,
}: {
  article: ArticleView;
  timeZone: string;
  scope: Scope;
  onScope: (s: Scope) => void;
  saveState: ReactNode;
  stats: string;
  busy: boolean;
  onPublish: () => void;
  onSchedule: (at: string, overlap?: Overlap) => Promise<ScheduleRefusal | null>;
  /** Instead of Programmer and Publier: the review request of a member who does not publish. */
  review?: ReactNode;
}) {
  const [scheduling, setScheduling] = useState(false);
  const two = ARTICLE_LANGS.every((l) => article.versions[l]);
  return (
    <div
      className="z-20 -mx-4 flex flex-wrap md:sticky md:top-12 items-center gap-x-3 gap-y-2 border-b border-neutral-200 bg-white/95 px-4 py-2 backdrop-blur"
      data-testid="editor-bar"
    >
      <div className="flex flex-wrap gap-1.5" aria-label="État de publication">
        {ARTICLE_LANGS.map((l) => (article.versions[l] ? <StateBadge key={l} version={article.versions[l]} timeZone={timeZone} /> : null))}
      </div>
      <span className="text-xs text-neutral-600" data-testid="word-count">
        {stats}
      </span>
      <span className="text-xs" role="status" data-testid="save-state">
        {saveState}
      </span>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {two ? (
          <div className="w-48">
            <SelectField label="Langues" value={scope} options={SCOPE_OPTIONS} onChange={(v) => onScope(v as Scope)} />
          </div>
        ) : null}
        {review ?? (
          <>
            <button
              type="button"
              disabled={busy}
              className="rounded-full border border-neutral-300 bg-white px-4 py-1.5 text-sm font-semibold disabled:opacity-50"
              onClick={() => setScheduling(true)}
              data-action="bar-schedule"
            >
              Programmer…
            </button>
            <button
              type="button"
              disabled={busy}
              className="rounded-full bg-brand-yellow px-5 py-1.5 text-sm font-bold text-ink disabled:opacity-50"
              onClick={onPublish}
              data-action="bar-publish"
            >
              Publier
            </button>
          </>
        )}
      </div>
      {scheduling ? (
        <ScheduleDialog
          title={`Programmer ${scope === "both" ? (two ? "les deux langues" : "l'article") : scope === "fr" ? "la version française" : "la version anglaise"}`}
          timeZone={timeZone}
          initial={langsOf(scope, article)
            .map((l) => article.versions[l]?.publishAtLocal)
            .find(Boolean)}
          onClose={() => setScheduling(false)}
          onSchedule={onSchedule}
        />
      ) : null}
    </div>
  );
}
