import { randomUUID } from "node:crypto";
import { publishedDesign } from "~/lib/content/design.server";
import type { AdminPage, AdminPageTranslation, DraftView, PublishedAnswer, RevisionAnswer, RevisionSummary, SavedAnswer } from "~/lib/api/pages";
import { sql } from "kysely";
import type { PageKind } from "~/lib/db/schema";
import { documentMediaUrls, mediaInfo } from "~/lib/content/pages.server";
import { readCleanDocument } from "~/lib/pipeline/read-clean.server";
import { sameStoredDocument } from "~/lib/document/same";
import { ApiError, errors } from "~/lib/http/api.server";
import { announceContentChange } from "~/lib/content/changes.server";
import {
  claimPath,
  inTransaction,
  insertTranslation,
  langName,
  latestRevisionMatches,
  lockedRow,
  makePublic,
  siteTimeZone,
  translationRow,
  writeAtVersion,
  type Subject,
} from "~/lib/content/translations.server";
import { customPagePath, type Lang } from "~/lib/i18n/routes";
import { currentBlogPath } from "~/lib/structure/blog-move.server";
import { runtime } from "~/lib/runtime.server";
import { publicationState } from "~/lib/content/publication-state";

const db = () => runtime().db.kysely;
const pageGone = () => errors.notFound("Page");

/**
 * "Modifications non publiées" only when the draft really differs from the published version: a saved
 * draft that is the published document again is stored as the published text itself (replaceDraft), so
 * equal texts mean equal documents, and the pages list compares them in SQL without reading them out.
 */
function status(draft: string, published: string | null): AdminPageTranslation["status"] {
  if (published === null) return "unpublished";
  return draft === published ? "published" : "draft_pending";
}

const statusSql = sql<
  AdminPageTranslation["status"]
>`case when t.published is null then 'unpublished' when t.draft = t.published then 'published' else 'draft_pending' end`;

export async function listAdminPages(): Promise<AdminPage[]> {
  const rows = await db()
    .selectFrom("pages as p")
    .innerJoin("page_translations as t", "t.page_id", "p.id")
    .select([
      "p.id",
      "p.kind",
      "p.system_key",
      "p.created_at",
      "t.lang",
      "t.path",
      "t.slug",
      "t.title",
      statusSql.as("status"),
      "t.version",
      "t.updated_at",
      "t.updated_by",
      "t.published_at",
      "t.publish_at",
    ])
    .orderBy("p.created_at")
    .execute();
  const ctx = { now: new Date(), timeZone: siteTimeZone() };
  const pages = new Map<string, AdminPage>();
  for (const r of rows) {
    const page = pages.get(r.id) ?? { id: r.id, kind: r.kind, systemKey: r.system_key, translations: {} };
    page.translations[r.lang] = {
      lang: r.lang,
      path: r.path,
      slug: r.slug,
      title: r.title,
      status: r.status,
      version: Number(r.version),
      updatedAt: r.updated_at,
      updatedBy: r.updated_by,
      publishedAt: r.published_at,
      state: publicationState({ published: r.status !== "unpublished", publishAt: r.publish_at ?? r.published_at, pending: r.status === "draft_pending" }, ctx),
    };
    pages.set(r.id, page);
  }
  const order: Record<PageKind, number> = { system: 0, custom: 1, article: 2 };
  return [...pages.values()].sort((a, b) => order[a.kind] - order[b.kind]);
}

const PAGE: Subject = { kind: "page" };
const pageTaken = (lang: Lang) => (slug: string) => `Le slug « ${slug} » est déjà utilisé (${langName(lang)}).`;

export async function createCustomPage(input: Record<Lang, { title: string; slug: string; description?: string }>, by: string): Promise<AdminPage> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const empty = JSON.stringify({ version: 1, blocks: [] });
  // Two creations with one slug at the same time both pass claimPath: the unique path decides.
  await inTransaction(
    async (trx) => {
      await trx.insertInto("pages").values({ id, kind: "custom", system_key: null, created_at: now, updated_at: now }).execute();
      for (const lang of ["fr", "en"] as const) {
        const { slug, title, description } = input[lang];
        const path = customPagePath(slug, lang);
        await claimPath(trx, { path, slug, pageId: id, lang, taken: pageTaken(lang) });
        await insertTranslation(trx, { pageId: id, lang, path, slug, title, description, draft: empty, by, now });
      }
    },
    () => errors.conflict("Ce slug vient d'être pris par une autre page. Choisissez-en un autre."),
  );
  const page = (await listAdminPages()).find((p) => p.id === id);
  if (!page) throw new Error("page créée introuvable");
  return page;
}

export async function deleteCustomPage(id: string): Promise<void> {
  const page = await db().selectFrom("pages").select(["id", "kind"]).where("id", "=", id).executeTakeFirst();
  if (!page) throw errors.notFound("Page");
  if (page.kind !== "custom") throw new ApiError(409, "not_deletable", "Seules les pages personnalisées peuvent être supprimées.");
  const paths = await db().selectFrom("page_translations").select("path").where("page_id", "=", id).execute();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("page_revisions").where("page_id", "=", id).execute();
      await trx.deleteFrom("page_translations").where("page_id", "=", id).execute();
      await trx.deleteFrom("pages").where("id", "=", id).execute();
    });
  await invalidate(paths.map((p) => p.path));
}

export async function getDraft(pageId: string, lang: Lang): Promise<DraftView> {
  const row = await translationRow(db(), pageId, lang);
  if (!row) throw errors.notFound("Page");
  const { doc: clean, error } = await readCleanDocument(row.draft);
  const other = await db()
    .selectFrom("page_translations as t")
    .select(["t.lang", statusSql.as("status")])
    .where("t.page_id", "=", pageId)
    .where("t.lang", "!=", lang)
    .executeTakeFirst();
  return {
    pageId,
    kind: row.kind,
    lang,
    path: row.path,
    title: row.title,
    description: row.description,
    version: Number(row.version),
    status: status(row.draft, row.published),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    otherLang: other ? { lang: other.lang, published: other.status !== "unpublished", pending: other.status === "draft_pending" } : null,
    publishRules: (await publishedDesign()).publishing,
    doc: clean,
    media: await mediaInfo(documentMediaUrls(clean)),
    ...(error ? { readError: error } : {}),
  };
}

/** Stores a draft already parsed, sanitized and checked by the document worker (see pipeline/document-jobs.server.ts). */
export async function saveCheckedDraft(pageId: string, lang: Lang, draft: string, version: number, force: boolean, by: string) {
  return replaceDraft(pageId, lang, draft, force ? null : version, by);
}

/**
 * Replaces the draft (already sanitized JSON) and moves the version on. The update is conditional on the
 * version read in the same transaction: a writer that got in between makes it a stale save too.
 */
async function replaceDraft(pageId: string, lang: Lang, draft: string, version: number | null, by: string): Promise<SavedAnswer> {
  const now = new Date().toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await lockedRow(trx, pageId, lang, version, PAGE, pageGone);
      // The published document again (an edit undone, the last revision restored): stored as its very
      // text, so the pages list sees no unpublished change.
      const stored = row.published !== null && sameStoredDocument(draft, row.published) ? row.published : draft;
      const next = await writeAtVersion(trx, row, { draft: stored, updated_at: now, updated_by: by }, PAGE);
      return { version: next, updatedAt: now };
    });
}

/** Makes the draft what visitors see, keeps a revision and invalidates exactly the affected pages. */
export async function publish(pageId: string, lang: Lang, version: number, by: string): Promise<PublishedAnswer> {
  const now = new Date().toISOString();
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await lockedRow(trx, pageId, lang, version, PAGE, pageGone);
      // Publishing what is already public (a second click, a retried request) changes nothing: no new
      // revision identical to the last one, no cache to drop.
      if (row.published === row.draft && row.published_at && (await latestRevisionMatches(trx, pageId, lang, row.draft, row.title))) {
        return { path: null, publishedAt: row.published_at };
      }
      // An article published from the builder keeps its schedule (publish_at), if any.
      await makePublic(trx, row, { publishAt: row.publish_at, publishedAt: now, by, now });
      return { path: row.path, kind: row.kind, publishedAt: now };
    });
  if (path.path !== null) await invalidate([path.path, ...(path.kind === "article" ? [await currentBlogPath(runtime().db.kysely, lang)] : [])]);
  return { version, publishedAt: path.publishedAt };
}

async function invalidate(paths: string[]) {
  await announceContentChange(paths);
}

export async function listRevisions(pageId: string, lang: Lang): Promise<RevisionSummary[]> {
  if (!(await translationRow(db(), pageId, lang))) throw errors.notFound("Page");
  const rows = await db()
    .selectFrom("page_revisions")
    .select(["id", "title", "created_at", "created_by"])
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, createdAt: r.created_at, createdBy: r.created_by }));
}

/** One revision of this page's language version, or the API's 404. */
async function revisionRow(pageId: string, lang: Lang, revisionId: string) {
  const row = await db()
    .selectFrom("page_revisions")
    .selectAll()
    .where("id", "=", revisionId)
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .executeTakeFirst();
  if (!row) throw errors.notFound("Révision");
  return row;
}

export async function getRevision(pageId: string, lang: Lang, revisionId: string): Promise<RevisionAnswer["revision"]> {
  const row = await revisionRow(pageId, lang, revisionId);
  return { id: row.id, title: row.title, createdAt: row.created_at, createdBy: row.created_by, doc: (await readCleanDocument(row.doc)).doc };
}

/** Puts a revision back as the draft (the editor then publishes it). */
export async function restoreRevision(pageId: string, lang: Lang, revisionId: string, version: number, by: string) {
  return replaceDraft(pageId, lang, (await revisionRow(pageId, lang, revisionId)).doc, version, by);
}

export async function resolvePath(path: string): Promise<{ pageId: string; lang: Lang } | null> {
  const row = await db().selectFrom("page_translations").select(["page_id", "lang"]).where("path", "=", path).executeTakeFirst();
  return row ? { pageId: row.page_id, lang: row.lang } : null;
}
