import { Dialog } from "~/components/kit/Dialog";
import { articlesApi } from "~/lib/api/client";
import { STATUS_LABELS, type ArticleLang, type ArticleStatus, type ArticleVersionView, type ArticleView } from "~/lib/blog/article-schemas";
import { formatLocal } from "~/lib/blog/time";

export const LANG_LABEL: Record<ArticleLang, string> = { fr: "Français", en: "English" };
const STATUS_CLASS: Record<ArticleStatus, string> = {
  draft: "bg-neutral-200 text-neutral-800",
  scheduled: "bg-sky-100 text-sky-900",
  published: "bg-emerald-100 text-emerald-900",
};

export function StatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <span className={`inline-block w-fit rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

export function when(v: ArticleVersionView, timeZone: string): string {
  return v.publishAt ? formatLocal(v.publishAt, timeZone) : "—";
}

/** The article's title in French, else in English. */
export const titleOf = (a: ArticleView) => a.versions.fr?.title ?? a.versions.en?.title ?? "Sans titre";

/** "remove" drops this language version (the other stays). */
export type VersionAction = "publish" | "unpublish" | "schedule" | "remove" | "synced";

/** Runs a publication action on one language version with the version the screen read. */
export function runAction(id: string, v: Pick<ArticleVersionView, "lang" | "version">, action: VersionAction, at?: string, overlap?: "earlier" | "later") {
  return articlesApi.act(id, v, action, at, overlap);
}

/** Confirms removing one language version of a two-language article. */
export function RemoveLanguageDialog({ version, onClose, onConfirm }: { version: ArticleVersionView; onClose: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      title={`Retirer la version ${version.lang === "fr" ? "française" : "anglaise"}`}
      onClose={onClose}
      actions={
        <button type="button" className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white" onClick={onConfirm} data-action="confirm-remove-lang">
          Retirer cette version
        </button>
      }
    >
      <p>
        Retirer « {version.title} » ({LANG_LABEL[version.lang]}) avec son contenu et ses révisions ? L'autre langue reste en ligne telle quelle. Cette action
        est irréversible.
      </p>
    </Dialog>
  );
}
