import { useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/kit/Dialog";
import { articlesApi } from "~/lib/api/client";
import { STATUS_LABELS, type ArticleLang, type ArticleStatus, type ArticleVersionView, type ArticleView } from "~/lib/blog/article-schemas";
import { formatLocal, utcToLocal } from "~/lib/blog/time";

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
export type VersionAction = "publish" | "unpublish" | "schedule" | "remove";

/** Runs a publication action on one language version with the version the screen read. */
export function runAction(id: string, v: Pick<ArticleVersionView, "lang" | "version">, action: VersionAction, at?: string) {
  return articlesApi.act(id, v, action, at);
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
        Retirer « {version.title} » ({LANG_LABEL[version.lang]}) avec son contenu et ses révisions ? L'autre langue reste en ligne telle quelle. Cette action
        est irréversible.
      </p>
    </Dialog>
  );
}

/** "Programmer": a date and time in the site's time zone (the zone is named next to the field). */
export function ScheduleDialog({
  article,
  version,
  timeZone,
  initial,
  onClose,
  onDone,
}: {
  article: { id: string };
  version: Pick<ArticleVersionView, "lang" | "version" | "title" | "publishAtLocal">;
  timeZone: string;
  initial?: string;
  onClose: () => void;
  onDone: (a: ArticleView, message: string) => void;
}) {
  const tomorrow = utcToLocal(new Date(Date.now() + 86_400_000), timeZone).slice(0, 11) + "09:00";
  const [at, setAt] = useState(initial ?? version.publishAtLocal ?? tomorrow);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const r = await runAction(article.id, version, "schedule", at);
      const v = r.article.versions[version.lang];
      onDone(r.article, v?.status === "scheduled" ? `Programmé le ${formatLocal(v.publishAt ?? "", timeZone)}.` : "Date passée : l'article est publié.");
    } catch (e) {
      setError(e instanceof Error ? e.message : "Programmation impossible");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      title={`Programmer « ${version.title} » (${LANG_LABEL[version.lang]})`}
      onClose={onClose}
      actions={
        <button
          type="button"
          disabled={busy}
          className="rounded-full bg-brand-yellow px-4 py-2 font-semibold text-ink"
          onClick={submit}
          data-action="confirm-schedule"
        >
          Programmer
        </button>
      }
    >
      {error ? (
        <p role="alert" className="mb-3 rounded bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <label className="block text-sm font-semibold">
        Date et heure de publication <span className="font-normal text-neutral-600">(heure de {timeZone})</span>
        <input
          ref={input}
          type="datetime-local"
          step={60}
          className="mt-1 w-full rounded border border-neutral-300 px-2 py-1.5"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          name="publishAt"
        />
      </label>
      <p className="mt-2 text-xs text-neutral-600">Une date passée publie l'article tout de suite, à cette date.</p>
    </Dialog>
  );
}
