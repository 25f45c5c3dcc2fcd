import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { frenchTypography } from "~/lib/typography/french";

/**
 * The one store of translated content: a row of page_translations is one language version of a page or
 * an article (its address, metadata, draft and published documents, schedule). Pages (pages-admin) and
 * articles (blog/article-*.server.ts) both go through here for what they share: the version lock and its
 * stale answer, the writer of a new row, the address and its 301, the publish step, unique-index races
 * and the time zone dates are shown in (the site's, SITE_TIMEZONE). Decision record 030.
 */

type Db = Kysely<Database> | Transaction<Database>;
const db = () => runtime().db.kysely;

/** The site's time zone: schedules are typed, and dates in messages shown, in it. */
export const siteTimeZone = () => runtime().env.SITE_TIMEZONE;

/** A unique index refused the row (PostgreSQL 23505, SQLite's constraint codes): two writers raced. */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** Runs `work` in a transaction; a unique index refusing a row becomes `conflict()` (a 409), not a 500. */
export function inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>, conflict: () => ApiError): Promise<T> {
  return db()
    .transaction()
    .execute(work)
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw conflict();
      throw e;
    });
}

const LANG_NAME: Record<Lang, string> = { fr: "français", en: "anglais" };
export const langName = (lang: Lang) => LANG_NAME[lang];

/** What a translation row is to the member: a page, or one language version of an article. */
export type Subject = { kind: "page" } | { kind: "article"; lang: Lang };

/** "La version française / anglaise": the adjective agrees with "version" (the old article messages said "version français"). */
const VERSION_NAME: Record<Lang, string> = { fr: "française", en: "anglaise" };
export const versionName = (lang: Lang) => `version ${VERSION_NAME[lang]}`;

const subjectName = (s: Subject) => (s.kind === "page" ? "Cette page" : `La ${versionName(s.lang)} de cet article`);
const reloadHint = (s: Subject) =>
  s.kind === "page"
    ? "Rechargez la page pour voir ses modifications, ou écrasez-les avec les vôtres."
    : "Rechargez pour voir ses modifications, ou écrasez-les avec les vôtres.";

interface VersionFacts {
  version: number | string;
  updated_by: string | null;
  updated_at: string;
}

/** 409 stale_version: someone saved since the version the member opened (who and when, in the site's time zone). */
export function staleError(row: VersionFacts, subject: Subject): ApiError {
  const who = row.updated_by ?? "un autre membre de l'équipe";
  const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: siteTimeZone() }).format(new Date(row.updated_at));
  const e = new ApiError(
    409,
    "stale_version",
    `${subjectName(subject)} a été modifiée par ${who} le ${when}, après la version que vous éditez. ${reloadHint(subject)}`,
  );
  e.details = {
    ...(subject.kind === "article" ? { lang: subject.lang } : {}),
    currentVersion: Number(row.version),
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
  return e;
}

/** Another writer got in between the read and the conditional write: stale too (the screens offer Recharger / Écraser). */
export function raceError(subject: Subject): ApiError {
  return new ApiError(409, "stale_version", `${subjectName(subject)} vient d'être modifiée ailleurs, après la version que vous éditez. ${reloadHint(subject)}`);
}

/** The columns every reader of one translation row needs (with the page's kind). */
export function translationRow(q: Db, pageId: string, lang: Lang) {
  return q
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select([
      "t.page_id",
      "t.lang",
      "t.path",
      "t.slug",
      "t.title",
      "t.description",
      "t.draft",
      "t.published",
      "t.published_at",
      "t.publish_at",
      "t.version",
      "t.updated_at",
      "t.updated_by",
      "p.kind",
      "p.system_key",
    ])
    .where("t.page_id", "=", pageId)
    .where("t.lang", "=", lang)
    .executeTakeFirst();
}
export type TranslationRow = NonNullable<Awaited<ReturnType<typeof translationRow>>>;

/**
 * The version lock: the row as it is in this transaction, refused with the stale answer when the member
 * worked from another version (`version` null: any version, the "Écraser" choice). `gone` answers a row
 * that is not there (or, for an article, not an article).
 */
export async function lockedRow(
  trx: Transaction<Database>,
  pageId: string,
  lang: Lang,
  version: number | null,
  subject: Subject,
  gone: () => ApiError,
): Promise<TranslationRow> {
  const row = await translationRow(trx, pageId, lang);
  // The builder saves an article's body as a page's: only the article screens insist on an article.
  if (!row || (subject.kind === "article" && row.kind !== "article")) throw gone();
  if (version !== null && Number(row.version) !== version) throw staleError(row, subject);
  return row;
}

/**
 * Writes `set` and moves the version on, only if the row is still at the version read in this
 * transaction: a writer that got in between makes it a stale save too. Returns the new version.
 */
export async function writeAtVersion(
  trx: Transaction<Database>,
  row: TranslationRow,
  set: Partial<Omit<Insertable<Database["page_translations"]>, "page_id" | "lang" | "version">>,
  subject: Subject,
): Promise<number> {
  const next = Number(row.version) + 1;
  // The body or the title changed: this language is the newer one now, in step with the other as of now
  // (which, if older, reads "à revoir" — issue 20 §6). Metadata alone (tags, cover) changes neither.
  const changed = (set.draft !== undefined && set.draft !== row.draft) || (set.title !== undefined && set.title !== row.title);
  const at = set.updated_at ?? new Date().toISOString();
  const sync = changed ? { content_changed_at: at, synced_at: at, needs_review: 0 } : {};
  const res = await trx
    .updateTable("page_translations")
    .set({ ...sync, ...set, version: next })
    .where("page_id", "=", row.page_id)
    .where("lang", "=", row.lang)
    .where("version", "=", Number(row.version))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw raceError(subject);
  return next;
}

/** A new language version: the one writer of a page_translations row (unpublished, at version 1). */
export async function insertTranslation(
  trx: Transaction<Database>,
  row: { pageId: string; lang: Lang; path: string; slug: string; title: string; draft: string; by: string; now: string } & Partial<
    Pick<Insertable<Database["page_translations"]>, "description" | "excerpt" | "image" | "cover_alt" | "author_id" | "tags">
  >,
): Promise<void> {
  const { pageId, lang, by, now, description, ...rest } = row;
  await trx
    .insertInto("page_translations")
    .values({
      page_id: pageId,
      lang,
      ...rest,
      description: description ?? "",
      image: rest.image ?? null,
      excerpt: rest.excerpt ?? null,
      published: null,
      publish_at: null,
      published_at: null,
      updated_at: now,
      updated_by: by,
      // A new language is in step as it is made; it is no newer text the other must follow.
      content_changed_at: null,
      synced_at: now,
    })
    .execute();
}

/**
 * An address for a translation row (new, or a changed slug): refused when another row has it, and
 * refused while it is the former address of another page or article (its 301 keeps old links working:
 * taking the address would silently drop that redirect; finding 15 of issue 24). The row's own former
 * address is taken back and its redirect dropped (no loop). The member removes such a redirect on purpose
 * (DELETE /api/redirects) before reusing the address.
 */
export async function claimPath(
  trx: Transaction<Database>,
  claim: { path: string; slug: string; pageId: string; lang: Lang; taken: (slug: string) => string },
): Promise<void> {
  const taken = await trx.selectFrom("page_translations").select("page_id").where("path", "=", claim.path).executeTakeFirst();
  if (taken && taken.page_id !== claim.pageId) throw errors.conflict(claim.taken(claim.slug));
  const redirect = await trx
    .selectFrom("slug_redirects as r")
    .leftJoin("page_translations as t", (j) => j.onRef("t.page_id", "=", "r.page_id").onRef("t.lang", "=", "r.lang"))
    .select(["r.page_id", "r.lang", "t.title", "t.path"])
    .where("r.from_path", "=", claim.path)
    .executeTakeFirst();
  if (!redirect) return;
  if (redirect.page_id === claim.pageId) {
    await trx.deleteFrom("slug_redirects").where("from_path", "=", claim.path).execute();
    return;
  }
  throw redirectedError(claim.path, redirect);
}

function redirectedError(path: string, to: { page_id: string; lang: Lang; title: string | null; path: string | null }): ApiError {
  const target = to.title ? `« ${to.title} »${to.path ? ` (${to.path})` : ""}` : "une autre page";
  // Typeset here (non-breaking spaces inside « » and before « : »): the screens show the message as it comes.
  const e = new ApiError(
    409,
    "slug_redirected",
    frenchTypography(
      `L'adresse « ${path} » est l'ancienne adresse de ${target} : elle redirige ses visiteurs (301) vers sa nouvelle adresse. Pour la réutiliser, supprimez d'abord cette redirection : les anciens liens ne mèneront alors plus à ${target}.`,
    ),
  );
  e.details = { fromPath: path, pageId: to.page_id, lang: to.lang };
  return e;
}

/**
 * A row leaves `from` for `to` (after claimPath): the address left behind answers 301 to the row (by page
 * id, so chains collapse) if visitors could have seen it.
 */
export async function leavePath(trx: Transaction<Database>, move: { pageId: string; lang: Lang; from: string; wasPublic: boolean; now: string }) {
  if (!move.wasPublic) return;
  await trx.deleteFrom("slug_redirects").where("from_path", "=", move.from).execute();
  await trx.insertInto("slug_redirects").values({ from_path: move.from, page_id: move.pageId, lang: move.lang, created_at: move.now }).execute();
}

/** The current address of a language version if visitors can see it (published, its publication time reached). */
export async function visiblePath(pageId: string, lang: Lang, nowIso: string): Promise<string | null> {
  const row = await db()
    .selectFrom("page_translations")
    .select("path")
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .where("published", "is not", null)
    .where((eb) => eb.or([eb("publish_at", "is", null), eb("publish_at", "<=", nowIso)]))
    .executeTakeFirst();
  return row?.path ?? null;
}

/** A former address (slug_redirects): where its page or article is now, if visitors can see it there. */
export async function redirectTarget(path: string, now = new Date()): Promise<string | null> {
  const old = await db().selectFrom("slug_redirects").select(["page_id", "lang"]).where("from_path", "=", path).executeTakeFirst();
  if (!old) return null;
  const to = await visiblePath(old.page_id, old.lang, now.toISOString());
  return to && to !== path ? to : null;
}

/**
 * The publish step: the draft becomes what visitors see from `publishAt` (null: at once; articles may
 * be scheduled), and a revision keeps it, unless the latest revision already holds this very document
 * and title (a second click, a retried request, a reschedule).
 */
export async function makePublic(
  trx: Transaction<Database>,
  row: TranslationRow,
  at: { publishAt: string | null; publishedAt: string; by: string; now: string },
): Promise<void> {
  await trx
    .updateTable("page_translations")
    .set({ published: row.draft, publish_at: at.publishAt, published_at: at.publishedAt })
    .where("page_id", "=", row.page_id)
    .where("lang", "=", row.lang)
    .execute();
  if (await latestRevisionMatches(trx, row.page_id, row.lang, row.draft, row.title)) return;
  await trx
    .insertInto("page_revisions")
    .values({ id: randomUUID(), page_id: row.page_id, lang: row.lang, title: row.title, doc: row.draft, created_at: at.now, created_by: at.by })
    .execute();
}

export async function latestRevisionMatches(trx: Db, pageId: string, lang: Lang, doc: string | null, title: string): Promise<boolean> {
  const last = await trx
    .selectFrom("page_revisions")
    .select(["doc", "title"])
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return last !== undefined && last.doc === doc && last.title === title;
}
