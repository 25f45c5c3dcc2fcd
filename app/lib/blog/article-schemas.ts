import { slugify } from "~/lib/text/slug";
import { z } from "zod";
import { sanitizeUrl } from "~/lib/document/url";
import { isValidLocal } from "./time";
import type { PublicationState } from "~/lib/content/publication-state";

/**
 * Article API inputs, shared by the back-office forms and the server: each language version's metadata,
 * the schedule, and the version the editor worked from (stale saves are refused as for pages).
 */
export const ARTICLE_LANGS = ["fr", "en"] as const;
export type ArticleLang = (typeof ARTICLE_LANGS)[number];
export type ArticleStatus = "draft" | "scheduled" | "published";
export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: "Brouillon", scheduled: "Programmé", published: "Publié" };

/**
 * "Nouvel article" opens the writing surface at once on an article made with these titles and a slug
 * "sans-titre-xxxxxx" / "untitled-xxxxxx" (decision record 051): the editor shows an empty title to type,
 * and the slug follows the first title typed.
 */
export const PROVISIONAL_TITLE: Record<ArticleLang, string> = { fr: "Sans titre", en: "Untitled" };
const PROVISIONAL_SLUG = /^(?:sans-titre|untitled)-[a-z0-9]{6}$/;
export const isProvisional = (lang: ArticleLang, v: { title: string; slug: string }) => v.title === PROVISIONAL_TITLE[lang] && PROVISIONAL_SLUG.test(v.slug);
/** The blank article's request: nothing to say (an empty object, so the body rules of every write apply). */
export const blankArticleSchema = z.object({}).strict();

/** Slugs that would read as a file or a section of the site rather than an article. */
export const RESERVED_SLUGS = [
  "admin",
  "api",
  "rss.xml",
  "rss",
  "feed",
  "sitemap.xml",
  "robots.txt",
  "page",
  "en",
  "fr",
  "blog",
  "tag",
  "tags",
  "media",
  "assets",
  "edit",
  "new",
];

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
const HTML_TAG = /<\/?[a-z!?][^>]*>?|<\/?$/i;

/** Plain text: no control characters, no markup (titles, excerpts and tags are text, shown escaped). */
function text(label: string, max: number, { multiline = false } = {}) {
  return z
    .string({ error: `${label} : texte attendu` })
    .refine((s) => !CONTROL.test(multiline ? s.replace(/[\n\t]/g, " ") : s), `${label} : caractères de contrôle refusés`)
    .refine((s) => !HTML_TAG.test(s), `${label} : le HTML n'est pas accepté, écrivez du texte simple`)
    .transform((s) => (multiline ? s.trim() : s.trim().replace(/\s+/g, " ")))
    .refine((s) => s.length <= max, `${label} : ${max} caractères au plus`);
}

export { slugify };

function slugRule({ allowEmpty }: { allowEmpty: boolean }) {
  return z
    .string({ error: "slug : texte attendu" })
    .trim()
    .refine((s) => !RESERVED_SLUGS.includes(s.toLowerCase()), {
      message: "slug réservé (admin, api, rss.xml… ne peuvent pas servir d'adresse d'article)",
      abort: true,
    })
    .refine((s) => allowEmpty || s.length >= 1, { message: "le slug est obligatoire", abort: true })
    .refine((s) => s.length <= 80, { message: "slug trop long (80 caractères au plus)", abort: true })
    .refine((s) => s === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), "slug invalide : minuscules, chiffres et tirets seulement");
}

const tagSchema = text("étiquette", 40).refine((s) => s.length >= 1, "étiquette vide");

/** The cover: a site path ("/media/…") or an http(s) address; anything else (javascript:, data:) is refused. */
const coverUrlSchema = z
  .string({ error: "image de couverture : adresse attendue" })
  .trim()
  .max(2000, "adresse de l'image trop longue")
  .refine(
    (s) => s === "" || (sanitizeUrl(s, { allowMail: false }) !== "" && !s.startsWith("#")),
    "image de couverture : adresse invalide (chemin du site ou lien http/https)",
  )
  .refine((s) => !CONTROL.test(s), "image de couverture : caractères de contrôle refusés");

export const articleMetaSchema = z.object({
  title: text("titre", 120).refine((s) => s.length >= 1, "le titre est obligatoire"),
  /** Empty or absent: derived from the title. */
  slug: slugRule({ allowEmpty: true }).optional(),
  excerpt: text("extrait", 300, { multiline: true }).optional(),
  description: text("méta-description", 160).optional(),
  coverUrl: coverUrlSchema.optional(),
  coverAlt: text("texte alternatif de la couverture", 200).optional(),
  authorId: z.string().max(64, "auteur invalide").nullable().optional(),
  tags: z.array(tagSchema, { error: "étiquettes : liste attendue" }).max(10, "10 étiquettes au plus").optional(),
});
export type ArticleMetaInput = z.infer<typeof articleMetaSchema>;

export const versionSchema = z
  .number({ error: (i) => (i.input === undefined ? "version manquante" : "version invalide : nombre entier attendu") })
  .int("version invalide : nombre entier attendu")
  .min(1, "version invalide : 1 au moins");

export const createArticleSchema = z
  .object({ fr: articleMetaSchema.optional(), en: articleMetaSchema.optional() }, { error: "objet attendu" })
  .refine((v) => v.fr || v.en, "au moins une langue (fr ou en) est nécessaire");

/** A language version that exists carries the version it was read at; a new one has none. */
const updateLang = articleMetaSchema.extend({ version: versionSchema.optional() });
export const updateArticleSchema = z
  .object({ fr: updateLang.optional(), en: updateLang.optional(), force: z.boolean().optional() }, { error: "objet attendu" })
  .refine((v) => v.fr || v.en, "au moins une langue (fr ou en) est nécessaire");

/** A wall-clock time of the site's zone, "YYYY-MM-DDTHH:mm" (seconds optional). */
const localDateTimeSchema = z
  .string({ error: "date attendue (AAAA-MM-JJTHH:MM)" })
  .refine(isValidLocal, "date invalide : format AAAA-MM-JJTHH:MM, date réelle attendue");

/** In the autumn's repeated hour, which of the two: the first (summer time) or the second. */
const overlapSchema = z.enum(["earlier", "later"], { error: "overlap : « earlier » ou « later » attendu" }).optional();

export const scheduleSchema = z.object({ version: versionSchema, at: localDateTimeSchema, overlap: overlapSchema });

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const daySchema = z
  .string({ error: "jour attendu (AAAA-MM-JJ)" })
  .refine((s) => DAY.test(s) && isValidLocal(`${s}T12:00`), "jour invalide : format AAAA-MM-JJ, date réelle attendue");
const versionsSchema = z.object({ fr: versionSchema.optional(), en: versionSchema.optional() }, { error: "versions attendues" });

/**
 * The calendar's move: the article's languages (both unless the writer chose one) go to `day`, each at its
 * own time of day, in one transaction. `restore` is the undo: the exact instants the move answered as `from`.
 */
export const moveArticleSchema = z.union(
  [
    z.object({
      day: daySchema,
      langs: z.array(z.enum(ARTICLE_LANGS), { error: "langues attendues (fr, en)" }).min(1, "au moins une langue à déplacer").max(2),
      versions: versionsSchema,
      overlap: overlapSchema,
    }),
    z.object({
      restore: z.object(
        { fr: z.iso.datetime({ error: "date ISO attendue" }).optional(), en: z.iso.datetime({ error: "date ISO attendue" }).optional() },
        { error: "dates à rétablir attendues" },
      ),
      versions: versionsSchema,
    }),
  ],
  { error: "déplacement attendu : { day, langs, versions } ou { restore, versions }" },
);
export type MoveArticleInput = z.infer<typeof moveArticleSchema>;

/** Each language moved: its instant before and after (the toast's "Annuler" sends `from` back as `restore`). */
export interface ArticleMoveAnswer {
  article: ArticleView;
  moved: Partial<Record<ArticleLang, { from: string; to: string }>>;
}
export const publishNowSchema = z.object({ version: versionSchema });
export const deleteArticleSchema = z.object({
  versions: z.object({ fr: versionSchema.optional(), en: versionSchema.optional() }, { error: "versions attendues" }),
});

/** Publication dates further than this from now are refused (a typo in the year, not a plan). */
export const MAX_SCHEDULE_AHEAD_DAYS = 2 * 366;
export const MAX_BACKDATE_DAYS = 10 * 366;

export const listFiltersSchema = z.object({
  status: z.enum(["draft", "scheduled", "published"]).optional(),
  lang: z.enum(ARTICLE_LANGS).optional(),
  tag: z.string().max(60).optional(),
  q: z.string().max(120).optional(),
  /** The page of the list (ADMIN_LIST_PAGE_SIZE articles a page). */
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .transform(Number)
    .optional(),
  /** The calendar's month, "YYYY-MM" (site time zone; 1900–2099); absent: the current month. */
  month: z
    .string()
    .regex(/^(?:19|20)\d{2}-(?:0[1-9]|1[0-2])$/)
    .optional(),
});

export const ADMIN_LIST_PAGE_SIZE = 20;

/** What the back-office reads: shared answer types. */
export interface ArticleVersionView {
  lang: ArticleLang;
  path: string;
  slug: string;
  title: string;
  excerpt: string;
  description: string;
  coverUrl: string;
  coverAlt: string;
  authorId: string | null;
  authorEmail: string | null;
  tags: string[];
  status: ArticleStatus;
  /** UTC instant the version is (or will be) public from; null for a draft. */
  publishAt: string | null;
  /** The same instant in the site's zone, "YYYY-MM-DDTHH:mm". */
  publishAtLocal: string | null;
  /** The body differs from what is (or will be) public. */
  pendingChanges: boolean;
  /** What visitors get now, said as every screen says it (lib/content/publication-state.ts). */
  state: PublicationState;
  /** The other language's body or title changed after this one was last edited or marked up to date: "à revoir". */
  stale: { sourceLang: ArticleLang; changedAt: string } | null;
  /** Filled by "Traduire depuis…": to be read again ("à relire") until edited or marked up to date. */
  needsReview: boolean;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}
export interface ArticleView {
  id: string;
  createdAt: string;
  versions: Partial<Record<ArticleLang, ArticleVersionView>>;
}
/** A scheduled or published version on the calendar: what its chip shows and what moving it needs. */
export interface CalendarEntry {
  id: string;
  lang: ArticleLang;
  title: string;
  status: ArticleStatus;
  publishAt: string;
  publishAtLocal: string;
  version: number;
  state: PublicationState;
}
export interface ArticleListAnswer {
  /** The page of the list shown, newest first. */
  articles: ArticleView[];
  total: number;
  page: number;
  pageCount: number;
  /** The calendar's month and the articles (same filters) with a scheduled or published version around it. */
  month: string;
  calendar: CalendarEntry[];
  timeZone: string;
  tags: string[];
  authors: { id: string; email: string }[];
}
