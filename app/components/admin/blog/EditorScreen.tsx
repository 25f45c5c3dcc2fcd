import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useBlocker, useLocation, useNavigate } from "react-router";
import { Dialog } from "~/components/kit/Dialog";
import { ApiClientError } from "~/lib/admin/api-client";
import { useWarnBeforeLeaving } from "~/lib/admin/use-warn-before-leaving";
import { articlesApi, redirectsApi } from "~/lib/api/client";
import type { ArticleOptionsAnswer } from "~/lib/api/articles";
import {
  ARTICLE_LANGS,
  articleMetaSchema,
  slugify,
  type ArticleLang,
  type ArticleMetaInput,
  type ArticleVersionView,
  type ArticleView,
} from "~/lib/blog/article-schemas";
import { blogArticlePath } from "~/lib/i18n/routes";
import { CoverField, type CoverValue } from "./CoverField";
import { LANG_LABEL, RemoveLanguageDialog, runAction, StatusBadge, when, type VersionAction } from "./shared";

interface LangForm {
  enabled: boolean;
  title: string;
  slug: string;
  /** The slug follows the title until the member edits it. */
  slugTouched: boolean;
  excerpt: string;
  description: string;
  cover: CoverValue;
  authorId: string;
  tags: string;
}
type Form = Record<ArticleLang, LangForm>;
type Options = ArticleOptionsAnswer;

function formOf(a: ArticleView | null, defaultAuthor: string, only?: ArticleLang): Form {
  const one = (lang: ArticleLang): LangForm => {
    const v = a?.versions[lang];
    return {
      enabled: a ? Boolean(v) || only === lang : true,
      title: v?.title ?? "",
      slug: v?.slug ?? "",
      slugTouched: Boolean(v),
      excerpt: v?.excerpt ?? "",
      description: v?.description ?? "",
      cover: { url: v?.coverUrl ?? "", alt: v?.coverAlt ?? "" },
      authorId: v ? (v.authorId ?? "") : defaultAuthor,
      tags: (v?.tags ?? []).join(", "),
    };
  };
  return { fr: one("fr"), en: one("en") };
}

/** The former address (301) that refused the slug, when that is why a save failed. */
function redirectInTheWay(err: unknown): string | undefined {
  if (!(err instanceof ApiClientError) || err.code !== "slug_redirected") return undefined;
  return typeof err.details.fromPath === "string" ? err.details.fromPath : undefined;
}

const splitTags = (s: string) =>
  s
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

function payloadOf(f: LangForm) {
  return {
    title: f.title,
    slug: f.slug,
    excerpt: f.excerpt,
    description: f.description,
    coverUrl: f.cover.url,
    coverAlt: f.cover.alt,
    authorId: f.authorId || null,
    tags: splitTags(f.tags),
  };
}

/** /admin/blog/edit/{id?}: the article's metadata per language, its schedule, the body in Archimed, a preview. */
export function EditorScreen({
  id,
  onlyLang,
  me,
  pickImage,
}: {
  id: string | undefined;
  onlyLang?: ArticleLang;
  me: { id: string };
  pickImage?: () => Promise<CoverValue | null>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [options, setOptions] = useState<Options | null>(null);
  const [article, setArticle] = useState<ArticleView | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<{ message: string; stale?: boolean; redirect?: string } | null>(null);
  // A screen that sent the member here may leave a message (the generator: "brouillon généré…").
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [busy, setBusy] = useState(false);
  const [at, setAt] = useState<Partial<Record<ArticleLang, string>>>({});
  const [removing, setRemoving] = useState<ArticleVersionView | null>(null);

  const markDirty = (v: boolean) => {
    dirtyRef.current = v;
    setDirty(v);
  };

  async function load() {
    setError(null);
    try {
      const [o, a] = await Promise.all([articlesApi.options(), id ? articlesApi.get(id).then((r) => r.article) : null]);
      setOptions(o);
      setArticle(a);
      setForm(formOf(a, me.id, onlyLang));
      markDirty(Boolean(a && onlyLang && !a.versions[onlyLang]));
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : "Chargement impossible" });
    }
  }
  useEffect(() => {
    void load();
  }, [id]);

  // Unsaved changes: leaving the screen (a link, the back button, closing the tab) asks first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  useWarnBeforeLeaving(dirty);

  function change(lang: ArticleLang, patch: Partial<LangForm>) {
    setForm((f) => {
      if (!f) return f;
      const next = { ...f[lang], ...patch };
      if (patch.title !== undefined && !next.slugTouched) next.slug = slugify(patch.title);
      return { ...f, [lang]: next };
    });
    markDirty(true);
  }

  async function save(e?: FormEvent, force = false) {
    e?.preventDefault();
    if (!form) return;
    const found: Record<string, string> = {};
    const body: Partial<Record<ArticleLang, ArticleMetaInput & { version?: number }>> = {};
    for (const lang of ARTICLE_LANGS) {
      const f = form[lang];
      if (!f.enabled) continue;
      const parsed = articleMetaSchema.safeParse(payloadOf(f));
      if (!parsed.success) for (const i of parsed.error.issues) found[`${lang}.${String(i.path[0] ?? "")}`] ??= i.message;
      body[lang] = { ...payloadOf(f), ...(article?.versions[lang] ? { version: article.versions[lang].version } : {}) };
    }
    setErrors(found);
    if (Object.keys(body).length === 0) return setError({ message: "Cochez au moins une langue." });
    if (Object.keys(found).length) return setError({ message: "Corrigez les champs signalés." });
    setBusy(true);
    setError(null);
    try {
      if (!article) {
        const r = await articlesApi.create(body);
        markDirty(false);
        navigate(`/admin/blog/edit/${r.article.id}`, {
          replace: true,
          state: { notice: "Article créé (brouillon). Composez son contenu dans Archimed, puis programmez-le ou publiez-le." },
        });
        return;
      }
      const r = await articlesApi.save(article.id, { ...body, ...(force ? { force: true } : {}) });
      setArticle(r.article);
      setForm(formOf(r.article, me.id));
      markDirty(false);
      setNotice("Modifications enregistrées.");
    } catch (err) {
      setNotice(null);
      setError({
        message: err instanceof Error ? err.message : "Enregistrement impossible",
        stale: err instanceof ApiClientError && err.code === "stale_version",
        redirect: redirectInTheWay(err),
      });
    } finally {
      setBusy(false);
    }
  }

  /** The member chose to drop the 301 that held the address: the next save may take it. */
  async function removeRedirect(fromPath: string) {
    setBusy(true);
    try {
      await redirectsApi.remove(fromPath);
      setError(null);
      setNotice(`Redirection de « ${fromPath} » supprimée : enregistrez à nouveau pour prendre cette adresse.`);
    } catch (err) {
      setError({ message: err instanceof Error ? err.message : "Suppression impossible" });
    } finally {
      setBusy(false);
    }
  }

  async function act(v: ArticleVersionView, action: VersionAction) {
    if (!article) return;
    setBusy(true);
    setError(null);
    try {
      const r = await runAction(article.id, v, action, at[v.lang] ?? v.publishAtLocal ?? undefined);
      setArticle(r.article);
      const now = r.article.versions[v.lang];
      setNotice(
        now?.status === "scheduled"
          ? `Programmé le ${when(now, options?.timeZone ?? "Europe/Paris")}.`
          : now?.status === "published"
            ? "Publié."
            : "Dépublié : l'article est redevenu un brouillon.",
      );
    } catch (err) {
      setNotice(null);
      setError({ message: err instanceof Error ? err.message : "Action impossible", stale: err instanceof ApiClientError && err.code === "stale_version" });
    } finally {
      setBusy(false);
    }
  }

  /** Drops one language version (confirmed); the form of that language closes, the other is untouched. */
  async function removeLanguage(v: ArticleVersionView) {
    if (!article) return;
    setRemoving(null);
    setBusy(true);
    setError(null);
    try {
      const r = await runAction(article.id, v, "remove");
      setArticle(r.article);
      setForm((f) => (f ? { ...f, [v.lang]: formOf(r.article, me.id)[v.lang] } : f));
      setNotice(`Version ${v.lang === "fr" ? "française" : "anglaise"} retirée.`);
    } catch (err) {
      setNotice(null);
      setError({ message: err instanceof Error ? err.message : "Action impossible", stale: err instanceof ApiClientError && err.code === "stale_version" });
    } finally {
      setBusy(false);
    }
  }

  if (!form || !options) {
    return error ? (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
        {error.message}
      </p>
    ) : (
      <p>Chargement…</p>
    );
  }
  const input = "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5 font-normal";
  const err = (key: string) => (errors[key] ? <span className="mt-1 block text-sm font-normal text-red-700">{errors[key]}</span> : null);
  const tz = options.timeZone;

  return (
    <section data-testid="article-editor">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/blog-scheduler" className="text-sm underline">
          ← Articles
        </Link>
        <h1 className="w-full text-3xl font-extrabold">{article ? "Modifier l'article" : "Nouvel article"}</h1>
      </div>
      {error ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800" data-testid="editor-error">
          <p>{error.message}</p>
          {error.redirect ? (
            <button
              type="button"
              className="mt-2 rounded border border-red-300 px-3 py-1 text-sm"
              onClick={() => void removeRedirect(error.redirect!)}
              data-action="remove-redirect"
            >
              Supprimer la redirection
            </button>
          ) : null}
          {error.stale ? (
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className="rounded border border-red-300 px-3 py-1 text-sm"
                onClick={() => {
                  markDirty(false);
                  void load();
                }}
              >
                Recharger (abandonner mes modifications)
              </button>
              <button
                type="button"
                className="rounded bg-red-700 px-3 py-1 text-sm text-white"
                onClick={() => void save(undefined, true)}
                data-action="force-save"
              >
                Écraser avec mes modifications
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900" data-testid="notice">
          {notice}
        </p>
      ) : null}

      <form onSubmit={save} className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2" noValidate>
        {ARTICLE_LANGS.map((lang) => {
          const f = form[lang];
          const v = article?.versions[lang];
          const prefix = blogArticlePath("", lang, options.blogPaths?.[lang]);
          return (
            <fieldset key={lang} className="grid content-start gap-3 self-start rounded-xl border border-neutral-200 bg-white p-4" data-lang={lang} lang={lang}>
              <legend className="px-1 text-lg font-bold" lang="fr">
                {LANG_LABEL[lang]}
              </legend>
              {!v ? (
                <label className="flex items-center gap-2 text-sm font-semibold" lang="fr">
                  <input type="checkbox" checked={f.enabled} onChange={(e) => change(lang, { enabled: e.target.checked })} name={`${lang}-enabled`} />
                  {lang === "fr" ? "Écrire une version française" : "Écrire une version anglaise"}
                </label>
              ) : null}
              {f.enabled ? (
                <div className="grid gap-3" lang="fr">
                  <label className="text-sm font-semibold">
                    Titre
                    <input
                      className={input}
                      value={f.title}
                      onChange={(e) => change(lang, { title: e.target.value })}
                      name={`${lang}-title`}
                      aria-invalid={Boolean(errors[`${lang}.title`])}
                      lang={lang}
                    />
                    {err(`${lang}.title`)}
                  </label>
                  <label className="text-sm font-semibold">
                    Slug{" "}
                    <span className="font-mono text-xs font-normal text-neutral-600">
                      {prefix}
                      {f.slug || "…"}
                    </span>
                    <input
                      className={`${input} font-mono`}
                      value={f.slug}
                      onChange={(e) => change(lang, { slug: e.target.value, slugTouched: true })}
                      name={`${lang}-slug`}
                      aria-invalid={Boolean(errors[`${lang}.slug`])}
                    />
                    {v && v.slug !== f.slug && v.status !== "draft" ? (
                      <span className="mt-1 block text-xs font-normal text-amber-800">L'ancienne adresse redirigera vers la nouvelle (301).</span>
                    ) : null}
                    {err(`${lang}.slug`)}
                  </label>
                  <label className="text-sm font-semibold">
                    Extrait <span className="font-normal text-neutral-600">(liste du blog, {f.excerpt.length}/300)</span>
                    <textarea
                      rows={3}
                      className={input}
                      value={f.excerpt}
                      onChange={(e) => change(lang, { excerpt: e.target.value })}
                      name={`${lang}-excerpt`}
                      lang={lang}
                    />
                    {err(`${lang}.excerpt`)}
                  </label>
                  <label className="text-sm font-semibold">
                    Méta-description <span className="font-normal text-neutral-600">(moteurs de recherche, {f.description.length}/160)</span>
                    <textarea
                      rows={2}
                      className={input}
                      value={f.description}
                      onChange={(e) => change(lang, { description: e.target.value })}
                      name={`${lang}-description`}
                      lang={lang}
                    />
                    {err(`${lang}.description`)}
                  </label>
                  <CoverField
                    value={f.cover}
                    onChange={(cover) => change(lang, { cover })}
                    pickImage={pickImage}
                    error={errors[`${lang}.coverUrl`] ?? errors[`${lang}.coverAlt`]}
                  />
                  <label className="text-sm font-semibold">
                    Auteur
                    <select className={input} value={f.authorId} onChange={(e) => change(lang, { authorId: e.target.value })} name={`${lang}-author`}>
                      <option value="">— Aucun —</option>
                      {options.authors.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.email}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="text-sm font-semibold">
                    Étiquettes <span className="font-normal text-neutral-600">(séparées par des virgules)</span>
                    <input className={input} value={f.tags} onChange={(e) => change(lang, { tags: e.target.value })} name={`${lang}-tags`} list="known-tags" />
                    {err(`${lang}.tags`)}
                  </label>
                  {v && article ? (
                    <div className="grid gap-2 rounded-lg bg-neutral-50 p-3 text-sm" data-testid="publication">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold">Publication</span>
                        <StatusBadge status={v.status} />
                        <span className="text-xs text-neutral-600">{v.status === "draft" ? "non publié" : when(v, tz)}</span>
                      </div>
                      {dirty ? <p className="text-xs text-amber-800">Enregistrez d'abord vos modifications pour programmer ou publier.</p> : null}
                      <label className="text-xs font-semibold">
                        Date et heure ({tz})
                        <input
                          type="datetime-local"
                          className={input}
                          value={at[lang] ?? v.publishAtLocal ?? ""}
                          onChange={(e) => setAt({ ...at, [lang]: e.target.value })}
                          name={`${lang}-publishAt`}
                        />
                      </label>
                      <div className="flex flex-wrap gap-1.5">
                        <button
                          type="button"
                          disabled={busy || dirty || !(at[lang] ?? v.publishAtLocal)}
                          className="rounded border border-neutral-300 bg-white px-2 py-1 text-xs font-semibold disabled:opacity-50"
                          onClick={() => act(v, "schedule")}
                          data-action="schedule"
                        >
                          Programmer
                        </button>
                        <button
                          type="button"
                          disabled={busy || dirty}
                          className="rounded border border-neutral-300 bg-white px-2 py-1 text-xs font-semibold disabled:opacity-50"
                          onClick={() => act(v, "publish")}
                          data-action="publish"
                        >
                          Publier maintenant
                        </button>
                        {v.status !== "draft" ? (
                          <button
                            type="button"
                            disabled={busy || dirty}
                            className="rounded border border-neutral-300 bg-white px-2 py-1 text-xs font-semibold disabled:opacity-50"
                            onClick={() => act(v, "unpublish")}
                            data-action="unpublish"
                          >
                            Dépublier
                          </button>
                        ) : null}
                      </div>
                      <div className="flex flex-wrap gap-3 pt-1">
                        <Link
                          to={`/admin/archimed-editor?page=${article.id}&lang=${lang}`}
                          className="rounded bg-ink px-3 py-1.5 text-xs font-semibold text-white"
                          data-action="open-body"
                        >
                          Ouvrir le contenu dans Archimed
                        </Link>
                        <a href={v.path} target="_blank" rel="noreferrer" className="py-1.5 text-xs font-semibold underline" data-action="preview">
                          Aperçu{v.status === "published" ? "" : " (visible de l'équipe seulement)"}
                        </a>
                        {ARTICLE_LANGS.every((l) => article.versions[l]) ? (
                          <button
                            type="button"
                            disabled={busy || dirty}
                            className="ml-auto py-1.5 text-xs font-semibold text-red-700 underline disabled:opacity-50"
                            onClick={() => setRemoving(v)}
                            data-action="remove-lang"
                          >
                            Retirer cette version
                          </button>
                        ) : null}
                      </div>
                    </div>
                  ) : null}
                </div>
              ) : null}
            </fieldset>
          );
        })}
        <datalist id="known-tags">
          {options.tags.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-neutral-200 bg-neutral-50/95 py-3 xl:col-span-2">
          <button type="submit" disabled={busy} className="rounded-full bg-brand-yellow px-6 py-2.5 font-bold text-ink disabled:opacity-60" data-action="save">
            {article ? "Enregistrer" : "Créer l'article"}
          </button>
          {dirty ? (
            <span className="text-sm text-amber-800" data-testid="unsaved">
              Modifications non enregistrées
            </span>
          ) : null}
        </div>
      </form>

      {removing ? <RemoveLanguageDialog version={removing} onClose={() => setRemoving(null)} onConfirm={() => void removeLanguage(removing)} /> : null}
      {blocker.state === "blocked" ? (
        <Dialog
          title="Quitter sans enregistrer ?"
          onClose={() => blocker.reset?.()}
          actions={
            <button
              type="button"
              className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white"
              onClick={() => blocker.proceed?.()}
              data-action="leave"
            >
              Quitter
            </button>
          }
        >
          <p>Vos modifications de cet article ne sont pas enregistrées. Les abandonner ?</p>
        </Dialog>
      ) : null}
    </section>
  );
}
