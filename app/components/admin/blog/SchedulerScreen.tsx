import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Dialog } from "~/components/kit/Dialog";
import { articlesApi } from "~/lib/api/client";
import {
  ARTICLE_LANGS,
  STATUS_LABELS,
  type ArticleListAnswer,
  type ArticleStatus,
  type ArticleVersionView,
  type ArticleView,
} from "~/lib/blog/article-schemas";
import { siteTimeZone } from "~/lib/admin/site-zone";
import { formatWhen } from "~/lib/blog/time";
import { PublicationBadge } from "~/components/admin/PublicationBadge";
import { Calendar, type CalendarItem } from "./Calendar";
import { useCalendarMoves } from "./CalendarMoves";
import { staleText } from "./TranslationStaleNotice";
import { ScheduleDialog, scheduleRefusal } from "./ScheduleDialog";
import { LANG_LABEL, RemoveLanguageDialog, runAction, titleOf, type VersionAction } from "./shared";

interface Filters {
  status: "" | ArticleStatus;
  lang: "" | "fr" | "en";
  tag: string;
  q: string;
}

/** The list's filters, its page and the calendar's month, as the API's query string. */
function query(f: Filters, page = 1, month?: string): string {
  const p = new URLSearchParams();
  if (page > 1) p.set("page", String(page));
  if (month) p.set("month", month);
  if (f.status) p.set("status", f.status);
  if (f.lang) p.set("lang", f.lang);
  if (f.tag) p.set("tag", f.tag);
  if (f.q.trim()) p.set("q", f.q.trim());
  const s = p.toString();
  return s ? `?${s}` : "";
}

type Pending =
  | { kind: "schedule"; article: { id: string }; version: ArticleVersionView | CalendarItem["version"]; at?: string }
  | { kind: "delete"; article: ArticleView }
  | { kind: "remove"; article: ArticleView; version: ArticleVersionView };

/**
 * /admin/blog-scheduler: every article in both languages, filters, a month calendar and the publication
 * actions. The server pages, filters and searches the list and sends the calendar's month only.
 */
export function SchedulerScreen() {
  const [filters, setFilters] = useState<Filters>({ status: "", lang: "", tag: "", q: "" });
  const [data, setData] = useState<ArticleListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // The month asked for (absent: the server's current month, in the site's zone); the one shown is data.month.
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  // What to ask for, as of the last render: an action finishing later refreshes what is shown now
  // (e.g. a chip moved by keyboard into the next month, which the calendar then shows).
  const asked = useRef({ filters, page, month });
  asked.current = { filters, page, month };

  const refresh = () => {
    const n = ++latest.current;
    const a = asked.current;
    return articlesApi
      .list(query(a.filters, a.page, a.month))
      .then((r) => {
        // An answer to an older request (the member typed on) is dropped.
        if (n !== latest.current) return;
        // A page emptied by the last action (deleted, unpublished under a filter) shows the last page instead.
        if (r.page > r.pageCount) setPage(r.pageCount);
        setData(r);
      })
      .catch((e: Error) => setError(e.message));
  };
  // Typing in the search box asks once the member pauses; a month, a page or another filter asks at once
  // (the calendar's "Mois suivant" waited 200 ms for nothing: issue 20 holds the month to 200 ms in all).
  const lastSearch = useRef(filters.q);
  useEffect(() => {
    const typed = filters.q !== lastSearch.current;
    lastSearch.current = filters.q;
    if (!typed) {
      void refresh();
      return;
    }
    const t = setTimeout(() => void refresh(), 200);
    return () => clearTimeout(t);
  }, [filters, page, month]);
  const filter = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };

  const tz = data?.timeZone ?? siteTimeZone() ?? "UTC";
  const say = (message: string) => {
    setError(null);
    setNotice(message);
  };
  const fail = (e: unknown) => {
    setNotice(null);
    setError(e instanceof Error ? e.message : "Action impossible");
    void refresh();
  };

  async function act(article: ArticleView, v: ArticleVersionView, action: VersionAction) {
    setBusy(true);
    try {
      await runAction(article.id, v, action);
      say(action === "publish" ? `« ${v.title} » est publié.` : `« ${v.title} » est dépublié (brouillon).`);
      await refresh();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  const moves = useCalendarMoves({ calendar: data?.calendar ?? [], timeZone: tz, refresh, say, fail, showMonth: setMonth });

  const select = "rounded border border-neutral-300 bg-white px-2 py-1.5 text-sm";
  const articles = data?.articles ?? [];

  return (
    <section data-testid="blog-scheduler" aria-busy={busy}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Articles</h1>
        <Link to="/admin/ai-blog-generator" className="ml-auto rounded-full border border-ink px-4 py-2 text-sm font-semibold">
          Générer avec l'IA
        </Link>
        <Link to="/admin/blog/edit" className="rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink" data-action="new-article">
          Nouvel article
        </Link>
      </div>

      <form className="mt-4 flex flex-wrap items-end gap-3" role="search" onSubmit={(e) => e.preventDefault()} aria-label="Filtrer les articles">
        <label className="grid text-xs font-semibold text-neutral-700">
          Rechercher un titre
          <input type="search" className={`${select} w-56`} value={filters.q} onChange={(e) => filter({ q: e.target.value })} name="q" />
        </label>
        <label className="grid text-xs font-semibold text-neutral-700">
          Statut
          <select className={select} value={filters.status} onChange={(e) => filter({ status: e.target.value as Filters["status"] })} name="status">
            <option value="">Tous</option>
            {(["draft", "scheduled", "published"] as const).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid text-xs font-semibold text-neutral-700">
          Langue
          <select className={select} value={filters.lang} onChange={(e) => filter({ lang: e.target.value as Filters["lang"] })} name="lang">
            <option value="">Toutes</option>
            <option value="fr">Français</option>
            <option value="en">English</option>
          </select>
        </label>
        <label className="grid text-xs font-semibold text-neutral-700">
          Étiquette
          <select className={select} value={filters.tag} onChange={(e) => filter({ tag: e.target.value })} name="tag">
            <option value="">Toutes</option>
            {(data?.tags ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </form>

      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900" data-testid="notice">
          {notice}
        </p>
      ) : null}

      {data === null ? (
        <p className="mt-6">Chargement…</p>
      ) : (
        <>
          <Calendar
            month={data.month}
            timeZone={tz}
            articles={data.calendar}
            scope={moves.scope}
            onScope={moves.setScope}
            onMonth={setMonth}
            onMove={moves.onMove}
            onOpen={(i) => setPending({ kind: "schedule", article: i.article, version: i.version })}
          />
          {articles.length === 0 ? (
            <p className="mt-6 rounded-xl border border-dashed border-neutral-300 bg-white p-6 text-center text-neutral-600" data-testid="empty">
              Aucun article ne correspond à ces filtres.
            </p>
          ) : (
            <ul className="mt-6 grid grid-cols-1 gap-3" data-testid="article-list">
              {articles.map((a) => (
                <ArticleRow
                  key={a.id}
                  article={a}
                  timeZone={tz}
                  busy={busy}
                  onAction={act}
                  onSchedule={(v) => setPending({ kind: "schedule", article: a, version: v })}
                  onRemove={(v) => setPending({ kind: "remove", article: a, version: v })}
                  onDelete={() => setPending({ kind: "delete", article: a })}
                />
              ))}
            </ul>
          )}
          {data.pageCount > 1 ? (
            <nav className="mt-4 flex flex-wrap items-center justify-center gap-3 text-sm" aria-label="Pages de la liste des articles" data-testid="list-pages">
              <button
                type="button"
                className="rounded-full border border-neutral-300 px-3 py-1 disabled:opacity-40"
                disabled={data.page <= 1}
                onClick={() => setPage(data.page - 1)}
                data-action="previous-page"
              >
                ← Précédents
              </button>
              <span aria-live="polite" className="whitespace-nowrap">
                Page {data.page} sur {data.pageCount} · {data.total} articles
              </span>
              <button
                type="button"
                className="rounded-full border border-neutral-300 px-3 py-1 disabled:opacity-40"
                disabled={data.page >= data.pageCount}
                onClick={() => setPage(data.page + 1)}
                data-action="next-page"
              >
                Suivants →
              </button>
            </nav>
          ) : null}
        </>
      )}

      {pending?.kind === "schedule" ? (
        <ScheduleDialog
          title={`Programmer « ${pending.version.title} » (${LANG_LABEL[pending.version.lang]})`}
          timeZone={tz}
          initial={pending.version.publishAtLocal}
          onClose={() => setPending(null)}
          onSchedule={async (at, overlap) => {
            const p = pending;
            try {
              const r = await runAction(p.article.id, p.version, "schedule", at, overlap);
              setPending(null);
              say(`${r.article.versions[p.version.lang]?.state.label ?? "Programmé"}.`);
              void refresh();
              return null;
            } catch (e) {
              return scheduleRefusal(e);
            }
          }}
        />
      ) : null}
      {pending?.kind === "remove" ? (
        <RemoveLanguageDialog
          version={pending.version}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            const p = pending;
            setPending(null);
            setBusy(true);
            try {
              await runAction(p.article.id, p.version, "remove");
              say(`Version ${p.version.lang === "fr" ? "française" : "anglaise"} de « ${p.version.title} » retirée.`);
              await refresh();
            } catch (e) {
              fail(e);
            } finally {
              setBusy(false);
            }
          }}
        />
      ) : null}
      {moves.dialog}
      {moves.toast}
      {pending?.kind === "delete" ? (
        <Dialog
          title="Supprimer l'article"
          onClose={() => setPending(null)}
          actions={
            <button
              type="button"
              className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white"
              data-action="confirm-delete"
              onClick={async () => {
                const a = pending.article;
                setPending(null);
                try {
                  const versions = Object.fromEntries(ARTICLE_LANGS.flatMap((l) => (a.versions[l] ? [[l, a.versions[l].version]] : [])));
                  await articlesApi.remove(a.id, versions);
                  say(`Article « ${titleOf(a)} » supprimé.`);
                  await refresh();
                } catch (e) {
                  fail(e);
                }
              }}
            >
              Supprimer
            </button>
          }
        >
          <p>Supprimer « {titleOf(pending.article)} » dans toutes ses langues, avec ses révisions ? Cette action est irréversible.</p>
        </Dialog>
      ) : null}
    </section>
  );
}

function ArticleRow({
  article,
  timeZone,
  busy,
  onAction,
  onSchedule,
  onRemove,
  onDelete,
}: {
  article: ArticleView;
  timeZone: string;
  busy: boolean;
  onAction: (a: ArticleView, v: ArticleVersionView, action: VersionAction) => void;
  onSchedule: (v: ArticleVersionView) => void;
  onRemove: (v: ArticleVersionView) => void;
  onDelete: () => void;
}) {
  const bilingual = ARTICLE_LANGS.every((l) => article.versions[l]);
  const small = "rounded border border-neutral-300 px-2 py-1 text-xs font-semibold hover:bg-neutral-50 disabled:opacity-50";
  return (
    <li className="rounded-xl border border-neutral-200 bg-white p-4" data-testid="article-row" data-article-id={article.id}>
      <div className="flex flex-wrap items-start gap-2">
        {/* The title keeps at least 12rem: below that the two buttons go under it together. */}
        <h2 className="min-w-0 grow basis-48 text-base font-bold">{titleOf(article)}</h2>
        <div className="flex gap-2">
          <Link to={`/admin/blog/edit/${article.id}`} className="rounded bg-ink px-3 py-1 text-xs font-semibold text-white" data-action="edit">
            Modifier
          </Link>
          <button
            type="button"
            className="rounded border border-red-300 px-3 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
            onClick={onDelete}
            data-action="delete"
          >
            Supprimer
          </button>
        </div>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
        {ARTICLE_LANGS.map((lang) => {
          const v = article.versions[lang];
          if (!v)
            return (
              <div key={lang} className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-600" data-lang={lang}>
                <span className="font-semibold">{LANG_LABEL[lang]}</span> — pas de version.{" "}
                <Link to={`/admin/blog/edit/${article.id}?lang=${lang}`} className="underline">
                  Ajouter
                </Link>
              </div>
            );
          return (
            <div key={lang} className="min-w-0 rounded-lg bg-neutral-50 p-3 text-sm" data-lang={lang} data-testid="version">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{LANG_LABEL[lang]}</span>
                <PublicationBadge state={v.state} />
              </div>
              {v.stale || v.needsReview ? (
                <p className="mt-1 text-xs font-semibold text-amber-800" data-testid="translation-stale-mark">
                  {staleText(v, timeZone) ?? "Traduction automatique à relire"}
                </p>
              ) : null}
              <p className="mt-1 truncate">{v.title}</p>
              <p className="mt-1 text-xs text-neutral-600">
                {v.state.visitors ?? (v.publishAt ? `En ligne depuis le ${formatWhen(v.publishAt, timeZone)}` : "")}
                {v.authorEmail ? ` · ${v.authorEmail}` : " · sans auteur"}
              </p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                <button type="button" className={small} disabled={busy} onClick={() => onSchedule(v)} data-action="schedule">
                  Programmer
                </button>
                {v.status !== "published" || v.pendingChanges ? (
                  <button type="button" className={small} disabled={busy} onClick={() => onAction(article, v, "publish")} data-action="publish">
                    Publier maintenant
                  </button>
                ) : null}
                {v.status !== "draft" ? (
                  <button type="button" className={small} disabled={busy} onClick={() => onAction(article, v, "unpublish")} data-action="unpublish">
                    Dépublier
                  </button>
                ) : null}
                {bilingual ? (
                  <button type="button" className={`${small} text-red-700`} disabled={busy} onClick={() => onRemove(v)} data-action="remove-lang">
                    Retirer cette langue
                  </button>
                ) : null}
                {v.status !== "draft" ? (
                  <a href={v.path} target="_blank" rel="noreferrer" className="px-1 py-1 text-xs underline">
                    Voir
                  </a>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </li>
  );
}
