import { Selection } from "@tiptap/pm/state";
import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useBlocker, useLocation, useNavigate } from "react-router";
import { Dialog } from "~/components/kit/Dialog";
import { ApiClientError } from "~/lib/admin/api-client";
import { useWarnBeforeLeaving } from "~/lib/admin/use-warn-before-leaving";
import { articlesApi, pagesApi, redirectsApi } from "~/lib/api/client";
import type { ArticleOptionsAnswer } from "~/lib/api/articles";
import {
  ARTICLE_LANGS,
  articleMetaSchema,
  isProvisional,
  PROVISIONAL_TITLE,
  slugify,
  type ArticleLang,
  type ArticleMetaInput,
  type ArticleVersionView,
  type ArticleView,
} from "~/lib/blog/article-schemas";
import type { PageDocument } from "~/lib/document/schema";
import type { Role } from "~/lib/db/schema";
import { canPublishContent } from "~/lib/auth/can";
import { ReviewRequest } from "~/components/admin/reviews/ReviewRequest";
import { blogArticlePath } from "~/lib/i18n/routes";
import type { CoverValue } from "./CoverField";
import { scheduleRefusal, type Overlap, type ScheduleRefusal } from "./ScheduleDialog";
import { LANG_LABEL, RemoveLanguageDialog, runAction } from "./shared";
import { documentToEditorHtml, paragraphTexts } from "./writing/convert";
import { MetaFields, type LangForm } from "./writing/MetaFields";
import { langsOf, PublishBar, type Scope } from "./writing/PublishBar";
import { SearchPreview } from "./writing/SearchPreview";
import { countWords, excerptFrom, statsLabel } from "./writing/text-stats";
import { useAutosave, type SaveState } from "./writing/use-autosave";
import { WritingSurface } from "./writing/WritingSurface";
import { ArticleComments } from "./writing/ArticleComments";
import { TranslationStaleNotice } from "./TranslationStaleNotice";
import { PresenceNotice, PresenceStrip, ReadOnlyBanner } from "~/components/admin/presence/PresenceParts";
import { usePresence } from "~/components/admin/presence/use-presence";
import { NNBSP } from "~/lib/typography/french";

type Form = Record<ArticleLang, LangForm>;
type Options = ArticleOptionsAnswer;
/** Each language's body as the writing surface opens it (or why it cannot). */
type Body = { html: string; readError?: string };

/**
 * `bodies`: the editor's HTML per language, read for the excerpt: one equal to what the first paragraph
 * gives still follows it; one the writer changed stays as written.
 */
function formOf(a: ArticleView | null, defaultAuthor: string, only?: ArticleLang, bodies: Partial<Record<ArticleLang, Body>> = {}): Form {
  const one = (lang: ArticleLang): LangForm => {
    const v = a?.versions[lang];
    const auto = excerptFrom(paragraphTexts(bodies[lang]?.html ?? ""));
    const provisional = v && isProvisional(lang, v) ? v.slug : null;
    return {
      enabled: a ? Boolean(v) || only === lang : true,
      title: provisional ? "" : (v?.title ?? ""),
      slug: v?.slug ?? "",
      slugTouched: Boolean(v) && !provisional,
      provisionalSlug: provisional,
      excerpt: v?.excerpt ?? "",
      excerptTouched: Boolean(v?.excerpt) && v?.excerpt !== auto,
      description: v?.description ?? "",
      cover: { url: v?.coverUrl ?? "", alt: v?.coverAlt ?? "" },
      authorId: v ? (v.authorId ?? "") : defaultAuthor,
      tags: (v?.tags ?? []).join(", "),
    };
  };
  return { fr: one("fr"), en: one("en") };
}

const splitTags = (s: string) =>
  s
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

function payloadOf(f: LangForm, lang: ArticleLang) {
  return {
    // A new article not titled yet keeps its provisional title (the field shows it empty).
    title: f.provisionalSlug && !f.title.trim() ? PROVISIONAL_TITLE[lang] : f.title,
    slug: f.slug,
    excerpt: f.excerpt,
    description: f.description,
    coverUrl: f.cover.url,
    coverAlt: f.cover.alt,
    authorId: f.authorId || null,
    tags: splitTags(f.tags),
  };
}

/** The editor's words, characters and top-level paragraphs (for the count and the excerpt). */
function textOf(editor: Editor) {
  const paragraphs: string[] = [];
  editor.state.doc.forEach((n) => {
    if (n.type.name === "paragraph") paragraphs.push(n.textContent);
  });
  const text = editor.state.doc.textBetween(0, editor.state.doc.content.size, " ", " ");
  return { words: countWords(text), chars: text.length, paragraphs };
}

function SaveLabel({ state }: { state: SaveState }) {
  if (state.kind === "saved") return <span className="text-emerald-800">Enregistré</span>;
  if (state.kind === "pending") return <span className="text-neutral-600">Modifications en attente…</span>;
  if (state.kind === "saving") return <span className="text-neutral-600">Enregistrement…</span>;
  return <span className="font-semibold text-red-700">Non enregistré</span>;
}

/** /admin/blog/edit/{id?}: the article written in place per language, its metadata, and one bar to publish it. */
export function EditorScreen({
  id,
  onlyLang,
  me,
  pickImage,
}: {
  id: string | undefined;
  onlyLang?: ArticleLang;
  me: { id: string; role: Role };
  pickImage?: () => Promise<CoverValue | null>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [options, setOptions] = useState<Options | null>(null);
  const [article, setArticle] = useState<ArticleView | null>(null);
  const [bodies, setBodies] = useState<Partial<Record<ArticleLang, Body>>>({});
  const [form, setForm] = useState<Form | null>(null);
  const formRef = useRef<Form | null>(null);
  formRef.current = form;
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<{ message: string; stale?: boolean; redirect?: string } | null>(null);
  // A screen that sent the member here may leave a message (the generator: "brouillon généré…").
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<ArticleVersionView | null>(null);
  const [tab, setTab] = useState<ArticleLang>(onlyLang ?? "fr");
  const [scope, setScope] = useState<Scope>("both");
  const [stats, setStats] = useState<Partial<Record<ArticleLang, string>>>({});
  const statsTimers = useRef<Partial<Record<ArticleLang, ReturnType<typeof setTimeout>>>>({});
  const [loadKey, setLoadKey] = useState(0);

  const markDirty = (v: boolean) => {
    dirtyRef.current = v;
    setDirty(v);
  };

  /** One language's metadata, saved by the autosave's queue; a form the server would refuse waits, its fields marked. */
  async function saveMeta(lang: ArticleLang, version: number, force: boolean): Promise<number | null> {
    const f = formRef.current?.[lang];
    if (!f || !article) return null;
    const parsed = articleMetaSchema.safeParse(payloadOf(f, lang));
    const found: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) found[`${lang}.${String(i.path[0] ?? "")}`] ??= i.message;
    setErrors((e) => ({ ...Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`${lang}.`))), ...found }));
    if (!parsed.success) throw new Error("Corrigez les champs signalés : ces modifications ne sont pas enregistrées.");
    const r = await articlesApi.save(article.id, { [lang]: { ...payloadOf(f, lang), version }, ...(force ? { force: true } : {}) });
    setArticle(r.article);
    return r.article.versions[lang]?.version ?? null;
  }

  // Read-only when another tab holds the article (decision 049): the autosave waits.
  const readOnlyRef = useRef(false);
  const autosave = useAutosave({
    articleId: article?.id ?? null,
    paused: () => readOnlyRef.current,
    saveMeta,
    onBodySaved: (lang) =>
      setArticle((a) => {
        const v = a?.versions[lang];
        return a && v && v.status !== "draft" && !v.pendingChanges ? { ...a, versions: { ...a.versions, [lang]: { ...v, pendingChanges: true } } } : a;
      }),
  });

  // Who else has this article open; read-only when another tab holds it (decision 049).
  const presence = usePresence(id ?? null, {
    onLost: () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement) active.blur();
      readOnlyRef.current = true;
    },
    onGained: () => {
      readOnlyRef.current = false;
      // What waited here is saved now (a newer version on the server gives the usual choice); else the latest is read.
      if (autosave.pending()) void autosave.flushAll();
      else void load();
    },
  });
  readOnlyRef.current = presence.readOnly;
  useEffect(() => {
    // Without an "update" event: that would count as an edit and be saved.
    for (const editor of Object.values(autosave.editors.current)) editor?.setEditable(!presence.readOnly, false);
    // The editors are refs: the read-only state is the one trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presence.readOnly]);
  const [copied, setCopied] = useState<string | null>(null);
  async function copyMyText() {
    const text = ARTICLE_LANGS.flatMap((l) => {
      const editor = autosave.editors.current[l];
      const title = formRef.current?.[l].title ?? "";
      return editor ? [`${title}\n\n${editor.getText({ blockSeparator: "\n\n" })}`] : [];
    }).join("\n\n———\n\n");
    try {
      await navigator.clipboard.writeText(text);
      setCopied("Texte copié dans le presse-papiers.");
    } catch {
      setCopied(`Copie refusée par le navigateur${NNBSP}: sélectionnez le texte ci-dessous pour le copier.`);
    }
  }

  async function load() {
    setError(null);
    try {
      if (!id) {
        // "Nouvel article": made at once (or this member's untouched one), then written in place.
        const { article: made } = await articlesApi.blank();
        navigate(`/admin/blog/edit/${made.id}`, { replace: true });
        return;
      }
      const [o, a] = await Promise.all([articlesApi.options(), articlesApi.get(id).then((r) => r.article)]);
      const next: Partial<Record<ArticleLang, Body>> = {};
      if (a) {
        await Promise.all(
          ARTICLE_LANGS.filter((l) => a.versions[l]).map(async (l) => {
            const { draft } = await pagesApi.draft(a.id, l);
            const doc = draft.doc as PageDocument;
            autosave.bodies.current[l] = { base: doc, version: draft.version };
            next[l] = draft.readError ? { html: "", readError: draft.readError } : { html: documentToEditorHtml(doc) };
          }),
        );
      }
      autosave.reset();
      setOptions(o);
      setArticle(a);
      setBodies(next);
      setForm(formOf(a, me.id, onlyLang, next));
      setLoadKey((k) => k + 1);
      markDirty(Boolean(a && onlyLang && !a.versions[onlyLang]));
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : "Chargement impossible" });
    }
  }
  useEffect(() => {
    void load();
  }, [id]);

  const titleInputs = useRef<Partial<Record<ArticleLang, HTMLInputElement | null>>>({});
  // A new article opens with the cursor in its title: the page itself asks for it (issue 20 §1).
  useEffect(() => {
    const f = formRef.current?.[tab];
    if (f?.provisionalSlug && !f.title) titleInputs.current[tab]?.focus();
    // Once per load: the writer's own clicks decide afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);

  // Unsaved changes: leaving the screen (a link, the back button, closing the tab) asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => (dirtyRef.current || autosave.pending()) && currentLocation.pathname !== nextLocation.pathname,
  );
  useWarnBeforeLeaving(dirty || autosave.state.kind !== "saved");

  /** A field changed: an existing version autosaves; a new article or language waits for "Enregistrer". */
  function change(lang: ArticleLang, patch: Partial<LangForm>) {
    setForm((f) => {
      if (!f) return f;
      const next = { ...f[lang], ...patch };
      if (patch.title !== undefined && !next.slugTouched) next.slug = slugify(patch.title) || (next.provisionalSlug ?? "");
      return { ...f, [lang]: next };
    });
    if (article?.versions[lang]) autosave.metaEdited(lang);
    else markDirty(true);
  }

  /** Word count and the excerpt that follows the first paragraph, a moment after typing stops (never per key). */
  function measure(lang: ArticleLang) {
    clearTimeout(statsTimers.current[lang]);
    statsTimers.current[lang] = setTimeout(() => {
      const editor = autosave.editors.current[lang];
      if (!editor) return;
      const t = textOf(editor);
      setStats((s) => ({ ...s, [lang]: statsLabel(t.words, t.chars) }));
      const f = formRef.current?.[lang];
      const excerpt = excerptFrom(t.paragraphs);
      if (f && !f.excerptTouched && excerpt !== f.excerpt) change(lang, { excerpt });
    }, 400);
  }

  /** "Créer l'article", or the language version to add; for an existing article, "Enregistrer" saves now. */
  async function save(e?: FormEvent, force = false) {
    e?.preventDefault();
    if (!form) return;
    if (article && ARTICLE_LANGS.every((l) => !form[l].enabled || article.versions[l])) {
      if (await autosave.flushAll(force)) setNotice("Modifications enregistrées.");
      return;
    }
    const found: Record<string, string> = {};
    const body: Partial<Record<ArticleLang, ArticleMetaInput & { version?: number }>> = {};
    for (const lang of ARTICLE_LANGS) {
      const f = form[lang];
      if (!f.enabled) continue;
      const parsed = articleMetaSchema.safeParse(payloadOf(f, lang));
      if (!parsed.success) for (const i of parsed.error.issues) found[`${lang}.${String(i.path[0] ?? "")}`] ??= i.message;
      const known = autosave.bodies.current[lang]?.version;
      body[lang] = { ...payloadOf(f, lang), ...(article?.versions[lang] && known ? { version: known } : {}) };
    }
    setErrors(found);
    if (Object.keys(body).length === 0) return setError({ message: "Cochez au moins une langue." });
    if (Object.keys(found).length) return setError({ message: "Corrigez les champs signalés." });
    setBusy(true);
    setError(null);
    try {
      if (!article) return;
      if (!(await autosave.flushAll(force))) return;
      await articlesApi.save(article.id, { ...body, ...(force ? { force: true } : {}) });
      markDirty(false);
      await load();
      setNotice("Modifications enregistrées.");
    } catch (err) {
      setNotice(null);
      setError({
        message: err instanceof Error ? err.message : "Enregistrement impossible",
        stale: err instanceof ApiClientError && err.code === "stale_version",
        redirect:
          err instanceof ApiClientError && err.code === "slug_redirected" && typeof err.details.fromPath === "string" ? err.details.fromPath : undefined,
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
      setNotice(`Redirection de « ${fromPath} » supprimée : enregistrez à nouveau pour prendre cette adresse.`);
    } catch (err) {
      setError({ message: err instanceof Error ? err.message : "Suppression impossible" });
    } finally {
      setBusy(false);
    }
  }

  /** Publier / Programmer / Dépublier on the languages chosen, after saving what waits. */
  async function act(langs: ArticleLang[], action: "publish" | "schedule" | "unpublish", at?: string, overlap?: Overlap): Promise<ScheduleRefusal | null> {
    if (!article) return null;
    if (langs.length === 0) {
      const refusal = { message: "Donnez d'abord un titre à l'article : rien n'est publié sans titre.", ambiguous: false };
      setError({ message: refusal.message });
      return refusal;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      if (!(await autosave.flushAll())) return { message: "Enregistrez d'abord l'article : une modification n'a pas pu être enregistrée.", ambiguous: false };
      let latest = article;
      for (const lang of langs) {
        const version = autosave.bodies.current[lang]?.version ?? latest.versions[lang]?.version;
        if (!version) continue;
        const r = await runAction(latest.id, { lang, version }, action, at, overlap);
        latest = r.article;
        setArticle(latest);
      }
      const names = langs.map((l) => (l === "fr" ? "français" : "anglais")).join(" et en ");
      setNotice(
        action === "publish"
          ? `Publié en ${names}.`
          : action === "schedule"
            ? `Programmé en ${names}.`
            : `Dépublié en ${names} : l'article est redevenu un brouillon dans cette langue.`,
      );
      return null;
    } catch (err) {
      const refusal = scheduleRefusal(err);
      setError({ message: refusal.message, stale: err instanceof ApiClientError && err.code === "stale_version" });
      return refusal;
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
      await autosave.flushAll();
      await runAction(article.id, { lang: v.lang, version: autosave.bodies.current[v.lang]?.version ?? v.version }, "remove");
      await load();
      setTab(v.lang === "fr" ? "en" : "fr");
      setNotice(`Version ${v.lang === "fr" ? "française" : "anglaise"} retirée.`);
    } catch (err) {
      setNotice(null);
      setError({ message: err instanceof Error ? err.message : "Action impossible", stale: err instanceof ApiClientError && err.code === "stale_version" });
    } finally {
      setBusy(false);
    }
  }

  /** Entrée in the title: on to the text's start, as in a word processor; false when the text is not there. */
  function focusText(lang: ArticleLang): boolean {
    const editor = autosave.editors.current[lang];
    if (!editor) return false;
    // At once, not through Tiptap's focus command: that waits a frame, and a fast typist's next letters
    // landed in the title meanwhile (a browser test typed "Le texte…" and the title gained its "L").
    const { state, view } = editor;
    view.dispatch(state.tr.setSelection(Selection.atStart(state.doc)).scrollIntoView());
    view.focus();
    return true;
  }

  /** Archimed for what the surface cannot edit: saved first, and its Fermer comes back here. */
  async function openBuilder(lang: ArticleLang) {
    if (!article) return;
    if (await autosave.flush(lang)) navigate(`/admin/archimed-editor?page=${article.id}&lang=${lang}`);
  }

  if (!form || !options || !article) {
    return error ? (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
        {error.message}
      </p>
    ) : (
      <p>{id ? "Chargement…" : "Création de l'article…"}</p>
    );
  }
  const tz = options.timeZone;
  // A contributor writes and asks for a review; publishing, scheduling and removing are for those who publish.
  const publisher = canPublishContent(me);
  const save_ = autosave.state;
  const shownError = error ?? (save_.kind === "error" ? save_ : null);
  const langs = ARTICLE_LANGS.filter((l) => article.versions[l] || form[l].enabled);
  const untitled = ARTICLE_LANGS.every((l) => !article.versions[l] || form[l].provisionalSlug);
  // A language still without its title (a new article's "Untitled" English, say) is neither published nor sent for review.
  const titled = (ls: ArticleLang[]) => ls.filter((l) => !form[l].provisionalSlug || form[l].title.trim() !== "");

  return (
    <section data-testid="article-editor" data-presence={id ? presence.phase.kind : undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/blog-scheduler" className="text-sm underline">
          ← Articles
        </Link>
        <h1 className="w-full text-3xl font-extrabold">{untitled ? "Nouvel article" : "Modifier l'article"}</h1>
        <PresenceStrip presence={presence} subject="article" showLabel />
      </div>
      {id ? (
        <div className="mt-3 overflow-hidden rounded-lg">
          <ReadOnlyBanner
            presence={presence}
            subject="article"
            kept={
              <>
                Ce qui n'était pas enregistré est resté ci-dessous, dans cet onglet{NNBSP}: copiez-le, ou reprenez la main pour l'enregistrer.
                {copied ? <span className="block font-semibold">{copied}</span> : null}
              </>
            }
            actions={
              presence.phase.kind === "lost" ? (
                <button
                  type="button"
                  className="rounded-full border border-sky-900 px-4 py-1.5 text-sm font-semibold"
                  onClick={() => void copyMyText()}
                  data-action="presence-copy"
                >
                  Copier mon texte
                </button>
              ) : null
            }
          />
        </div>
      ) : null}
      <PublishBar
        article={article}
        timeZone={tz}
        scope={scope}
        onScope={setScope}
        saveState={<SaveLabel state={save_} />}
        stats={stats[tab] ?? ""}
        busy={busy || presence.readOnly}
        onPublish={() => void act(titled(langsOf(scope, article)), "publish")}
        onSchedule={(at, overlap) => act(titled(langsOf(scope, article)), "schedule", at, overlap)}
        review={
          publisher ? undefined : (
            <ReviewRequest
              key={scope}
              pageId={article.id}
              // What a reviewer has to publish: a language already public as written is left out.
              langs={titled(langsOf(scope, article)).filter((l) => article.versions[l]?.state.kind !== "published" || article.versions[l]?.pendingChanges)}
              shownLangs={langsOf(scope, article)}
              beforeSend={() => autosave.flushAll()}
              look="bar"
              disabled={busy || presence.readOnly}
            />
          )
        }
      />
      {shownError ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800" data-testid="editor-error">
          <p>{shownError.message}</p>
          {shownError.redirect ? (
            <button
              type="button"
              className="mt-2 rounded border border-red-300 px-3 py-1 text-sm"
              onClick={() => void removeRedirect(shownError.redirect!)}
              data-action="remove-redirect"
            >
              Supprimer la redirection
            </button>
          ) : null}
          {shownError.stale ? (
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className="rounded border border-red-300 px-3 py-1 text-sm"
                onClick={() => {
                  markDirty(false);
                  void load();
                }}
                data-action="reload"
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

      <div role="tablist" aria-label="Langue" className="mt-6 flex gap-1 border-b border-neutral-200">
        {langs.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`tab-${l}`}
            aria-selected={tab === l}
            aria-controls={`panel-${l}`}
            className={`-mb-px rounded-t-lg border px-4 py-2 text-sm font-semibold ${tab === l ? "border-neutral-200 border-b-white bg-white" : "border-transparent text-neutral-600"}`}
            onClick={() => setTab(l)}
            data-tab={l}
          >
            {LANG_LABEL[l]}
          </button>
        ))}
      </div>

      <form onSubmit={save} className="grid grid-cols-1" noValidate>
        {/* Read-only (decision 049): every field and button of the form is disabled; the text stays readable and selectable. */}
        <fieldset disabled={presence.readOnly} className="contents">
          {ARTICLE_LANGS.map((lang) => {
            const f = form[lang];
            const v = article.versions[lang];
            const body = bodies[lang];
            const prefix = blogArticlePath("", lang, options.blogPaths?.[lang]);
            return (
              // Each language is a tab panel (a fieldset would not shrink its grid to the page's width).
              <div
                key={lang}
                className="grid w-full min-w-0 content-start gap-4 rounded-b-xl border border-t-0 border-neutral-200 bg-white p-4"
                data-lang={lang}
                lang={lang}
                hidden={tab !== lang}
                id={`panel-${lang}`}
                role="tabpanel"
                aria-labelledby={`tab-${lang}`}
              >
                <TranslationStaleNotice article={article} lang={lang} onChanged={(_a, message) => void load().then(() => setNotice(message))} />
                {!v ? (
                  <label className="flex items-center gap-2 text-sm font-semibold" lang="fr">
                    <input type="checkbox" checked={f.enabled} onChange={(e) => change(lang, { enabled: e.target.checked })} name={`${lang}-enabled`} />
                    {lang === "fr" ? "Écrire une version française" : "Écrire une version anglaise"}
                  </label>
                ) : null}
                {f.enabled ? (
                  <div className={v ? "grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]" : "grid gap-3"}>
                    <div className="min-w-0 pl-8 lg:pl-10">
                      <label className="block text-sm font-semibold" lang="fr">
                        <span className={v ? "sr-only" : ""}>Titre</span>
                        <input
                          className={
                            v
                              ? "w-full border-0 border-b border-transparent px-0 py-1 text-2xl font-extrabold outline-none focus:border-neutral-300 md:text-3xl"
                              : "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5 font-normal"
                          }
                          placeholder={v ? "Titre de l'article" : undefined}
                          value={f.title}
                          onChange={(e) => change(lang, { title: e.target.value })}
                          name={`${lang}-title`}
                          ref={(el) => {
                            titleInputs.current[lang] = el;
                          }}
                          // Entrée goes on to the text, as in a word processor (it would otherwise submit the form).
                          onKeyDown={(e) => {
                            if (e.key === "Enter" && !e.nativeEvent.isComposing && focusText(lang)) e.preventDefault();
                          }}
                          aria-invalid={Boolean(errors[`${lang}.title`])}
                          lang={lang}
                        />
                        {errors[`${lang}.title`] ? <span className="mt-1 block text-sm font-normal text-red-700">{errors[`${lang}.title`]}</span> : null}
                      </label>
                      {v && body ? (
                        body.readError ? (
                          <p role="alert" className="mt-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
                            Le contenu enregistré de cette langue est illisible ({body.readError}) : ouvrez-le dans Archimed.
                          </p>
                        ) : (
                          <div className="mt-4">
                            <WritingSurface
                              key={`${loadKey}-${lang}`}
                              lang={lang}
                              label={`Contenu de l'article (${LANG_LABEL[lang]})`}
                              initialHtml={body.html}
                              actions={{ openBuilder: () => void openBuilder(lang), pickImage: async () => (pickImage ? pickImage() : null) }}
                              onReady={(editor) => {
                                autosave.editors.current[lang] = editor;
                                if (readOnlyRef.current) editor.setEditable(false, false);
                                measure(lang);
                              }}
                              onEdit={() => {
                                autosave.bodyEdited(lang);
                                measure(lang);
                              }}
                              onNotice={(message, tone) => {
                                if (tone === "error") setError(message ? { message } : null);
                                else setNotice(message);
                              }}
                            />
                          </div>
                        )
                      ) : null}
                    </div>
                    {/* One column that never grows past the panel: the search preview's one-line address would widen it. */}
                    <aside className="grid min-w-0 grid-cols-1 content-start gap-4">
                      <MetaFields
                        lang={lang}
                        form={f}
                        version={v}
                        prefix={prefix}
                        errors={errors}
                        options={options}
                        pickImage={pickImage}
                        onChange={(p) => change(lang, p)}
                      />
                      {v ? (
                        <>
                          <SearchPreview
                            title={f.title}
                            url={`${typeof window === "undefined" ? "" : window.location.host}${prefix}${f.slug}`}
                            description={f.description}
                          />
                          <div className="flex flex-wrap gap-3 text-xs" lang="fr">
                            <button
                              type="button"
                              className="rounded bg-ink px-3 py-1.5 font-semibold text-white"
                              onClick={() => void openBuilder(lang)}
                              data-action="open-body"
                            >
                              Modifier la mise en page dans Archimed
                            </button>
                            <a href={v.path} target="_blank" rel="noreferrer" className="py-1.5 font-semibold underline" data-action="preview">
                              Aperçu{v.status === "published" ? "" : " (visible de l'équipe seulement)"}
                            </a>
                            {publisher && v.status !== "draft" ? (
                              <button
                                type="button"
                                disabled={busy}
                                className="py-1.5 font-semibold underline disabled:opacity-50"
                                onClick={() => void act([lang], "unpublish")}
                                data-action="unpublish"
                              >
                                Dépublier cette langue
                              </button>
                            ) : null}
                            {publisher && ARTICLE_LANGS.every((l) => article.versions[l]) ? (
                              <button
                                type="button"
                                disabled={busy}
                                className="py-1.5 font-semibold text-red-700 underline disabled:opacity-50"
                                onClick={() => setRemoving(v)}
                                data-action="remove-lang"
                              >
                                Retirer cette version
                              </button>
                            ) : null}
                          </div>
                          {body && !body.readError ? (
                            <ArticleComments
                              articleId={article.id}
                              lang={lang}
                              editor={() => autosave.editors.current[lang] ?? undefined}
                              save={() => autosave.flush(lang)}
                            />
                          ) : null}
                        </>
                      ) : null}
                    </aside>
                  </div>
                ) : null}
              </div>
            );
          })}
          <datalist id="known-tags">
            {options.tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-neutral-200 bg-neutral-50/95 py-3 xl:col-span-2">
            <button
              type="submit"
              disabled={busy}
              className="rounded-full bg-brand-yellow px-6 py-2.5 font-bold text-ink disabled:opacity-60"
              data-action="save"
            >
              Enregistrer
            </button>
            {dirty ? (
              <span className="text-sm text-amber-800" data-testid="unsaved">
                Modifications non enregistrées
              </span>
            ) : null}
          </div>
        </fieldset>
      </form>

      {id ? <PresenceNotice presence={presence} subject="article" onBack={() => navigate("/admin/blog-scheduler")} /> : null}
      {removing ? <RemoveLanguageDialog version={removing} onClose={() => setRemoving(null)} onConfirm={() => void removeLanguage(removing)} /> : null}
      {blocker.state === "blocked" ? (
        <Dialog
          title="Quitter sans enregistrer ?"
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
          <p>Vos modifications de cet article ne sont pas enregistrées. Les abandonner ?</p>
        </Dialog>
      ) : null}
    </section>
  );
}
