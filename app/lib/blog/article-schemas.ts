import { slugify } from "~/lib/text/slug";
import { z } from "zod";
import { sanitizeUrl } from "~/lib/document/url";
import { isValidLocal } from "./time";

/**
 * Article API inputs, shared by the back-office forms and the server: each language version's metadata,
 * the schedule, and the version the editor worked from (stale saves are refused as for pages).
 */
export const ARTICLE_LANGS = ["fr", "en"] as const;
export type ArticleLang = (typeof ARTICLE_LANGS)[number];
export type ArticleStatus = "draft" | "scheduled" | "published";
export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: "Brouillon", scheduled: "Programmé", published: "Publié" };

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
    .string({ error: `${label} : texte attendu` })
    .refine((s) => !CONTROL.test(multiline ? s.replace(/[\n\t]/g, " ") : s), `${label} : caractères de contrôle refusés`)
    .refine((s) => !HTML_TAG.test(s), `${label} : le HTML n'est pas accepté, écrivez du texte simple`)
    .transform((s) => (multiline ? s.trim() : s.trim().replace(/\s+/g, " ")))
    .refine((s) => s.length <= max, `${label} : ${max} caractères au plus`);
}

export { slugify };

function slugRule({ allowEmpty }: { allowEmpty: boolean }) {
  return z
    .string({ error: "slug : texte attendu" })
    .trim()
    .refine((s) => !RESERVED_SLUGS.includes(s.toLowerCase()), {
      message: "slug réservé (admin, api, rss.xml… ne peuvent pas servir d'adresse d'article)",
      abort: true,
    })
    .refine((s) => allowEmpty || s.length >= 1, { message: "le slug est obligatoire", abort: true })
    .refine((s) => s.length <= 80, { message: "slug trop long (80 caractères au plus)", abort: true })
    .refine((s) => s === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), "slug invalide : minuscules, chiffres et tirets seulement");
}

const tagSchema = text("étiquette", 40).refine((s) => s.length >= 1, "étiquette vide");

/** The cover: a site path ("/media/…") or an http(s) address; anything else (javascript:, data:) is refused. */
const coverUrlSchema = z
  .string({ error: "image de couverture : adresse attendue" })
  .trim()
  .max(2000, "adresse de l'image trop longue")
  .refine(
    (s) => s === "" || (sanitizeUrl(s, { allowMail: false }) !== "" && !s.startsWith("#")),
    "image de couverture : adresse invalide (chemin du site ou lien http/https)",
  )
  .refine((s) => !CONTROL.test(s), "image de couverture : caractères de contrôle refusés");

export const articleMetaSchema = z.object({
  title: text("titre", 120).refine((s) => s.length >= 1, "le titre est obligatoire"),
  /** Empty or absent: derived from the title. */
  slug: slugRule({ allowEmpty: true }).optional(),
  excerpt: text("extrait", 300, { multiline: true }).optional(),
  description: text("méta-description", 160).optional(),
  coverUrl: coverUrlSchema.optional(),
  coverAlt: text("texte alternatif de la couverture", 200).optional(),
  authorId: z.string().max(64, "auteur invalide").nullable().optional(),
  tags: z.array(tagSchema, { error: "étiquettes : liste attendue" }).max(10, "10 étiquettes au plus").optional(),
});
export type ArticleMetaInput = z.infer<typeof articleMetaSchema>;

export const versionSchema = z
  .number({ error: (i) => (i.input === undefined ? "version manquante" : "version invalide : nombre entier attendu") })
  .int("version invalide : nombre entier attendu")
  .min(1, "version invalide : 1 au moins");

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
  .refine(isValidLocal, "date invalide : format AAAA-MM-JJTHH:MM, date réelle attendue");

export const scheduleSchema = z.object({ version: versionSchema, at: localDateTimeSchema });
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
  /** The body differs from what is (or will be) public: in the single-article answer only (false in the list). */
  pendingChanges: boolean;
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
