import { useState } from "react";
import { siteTimeZone } from "~/lib/admin/site-zone";
import { articlesApi } from "~/lib/api/client";
import type { ArticleLang, ArticleVersionView, ArticleView } from "~/lib/blog/article-schemas";
import { formatDay, utcToLocal } from "~/lib/blog/time";

const ADJECTIVE: Record<ArticleLang, string> = { fr: "française", en: "anglaise" };
const FROM: Record<ArticleLang, string> = { fr: "le français", en: "l'anglais" };

/** "Version anglaise à revoir (version française modifiée le 26 nov.)", or null when the version is in step. */
export function staleText(v: Pick<ArticleVersionView, "lang" | "stale">, timeZone = siteTimeZone() ?? "UTC"): string | null {
  if (!v.stale) return null;
  const day = utcToLocal(v.stale.changedAt, timeZone).slice(0, 10);
  const capital = `Version ${ADJECTIVE[v.lang]}`;
  return `${capital} à revoir (version ${ADJECTIVE[v.stale.sourceLang]} modifiée le ${formatDay(day, utcToLocal(new Date(), timeZone).slice(0, 4))})`;
}

/**
 * Issue 20 §6: one language changed after the other was last edited (or a translation was filled
 * automatically and waits for a reading). Says so, and offers "Marquer comme à jour" and "Traduire
 * depuis le français" (the configured AI service; without one the structure is copied and the answer says so).
 */
export function TranslationStaleNotice({
  article,
  lang,
  onChanged,
}: {
  article: ArticleView;
  lang: ArticleLang;
  onChanged: (a: ArticleView, message: string) => void;
}) {
  const v = article.versions[lang];
  const source = v?.stale?.sourceLang ?? (lang === "fr" ? "en" : "fr");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!v || (!v.stale && !v.needsReview)) return null;
  const text = staleText(v);
  async function run(work: () => Promise<{ article: ArticleView; message?: string }>, done: string) {
    setBusy(true);
    setError(null);
    try {
      const r = await work();
      onChanged(r.article, r.message ?? done);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Action impossible");
    } finally {
      setBusy(false);
    }
  }
  const button = "rounded-full border border-amber-800 px-3 py-1 text-xs font-semibold hover:bg-amber-100 disabled:opacity-50";
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="translation-stale" data-lang={lang}>
      <p className="font-semibold">{text ?? `Version ${ADJECTIVE[lang]} traduite automatiquement : à relire`}</p>
      <p className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() => run(() => articlesApi.act(article.id, v, "synced"), `Version ${ADJECTIVE[lang]} marquée comme à jour.`)}
          data-action="mark-synced"
        >
          Marquer comme à jour
        </button>
        {v.stale && article.versions[source] ? (
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() =>
              run(() => articlesApi.translate(article.id, v), `Version ${ADJECTIVE[lang]} remplie depuis la version ${ADJECTIVE[source]} : à relire.`)
            }
            data-action="translate"
          >
            Traduire depuis {FROM[source]}
          </button>
        ) : null}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
