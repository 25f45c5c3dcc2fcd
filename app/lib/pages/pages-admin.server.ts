import { randomUUID } from "node:crypto";
import { publishedDesign } from "~/lib/design/design.server";
import type { AdminPage, AdminPageTranslation, DraftView, PublishedAnswer, RevisionAnswer, RevisionSummary, SavedAnswer } from "~/lib/api/pages";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, PageKind } from "~/lib/db/schema";
import { documentMediaUrls, mediaInfo } from "~/lib/content/pages.server";
import { readCleanDocument } from "~/lib/document/read-clean.server";
import { sameStoredDocument } from "~/lib/document/same";
import { ApiError, errors } from "~/lib/http/api.server";
import { announceContentChange } from "~/lib/content/changes.server";
import { customPagePath, type Lang } from "~/lib/i18n/routes";
import { currentBlogPath } from "~/lib/structure/blog-move.server";
import { runtime } from "~/lib/runtime.server";

const db = () => runtime().db.kysely;

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
    ])
    .orderBy("p.created_at")
    .execute();
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
    };
    pages.set(r.id, page);
  }
  const order: Record<PageKind, number> = { system: 0, custom: 1, article: 2 };
  return [...pages.values()].sort((a, b) => order[a.kind] - order[b.kind]);
}

export async function createCustomPage(input: Record<Lang, { title: string; slug: string; description?: string }>, by: string): Promise<AdminPage> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const empty = JSON.stringify({ version: 1, blocks: [] });
  for (const lang of ["fr", "en"] as const) {
    const taken = await db().selectFrom("page_translations").select("page_id").where("path", "=", customPagePath(input[lang].slug, lang)).executeTakeFirst();
    if (taken) throw errors.conflict(`Le slug « ${input[lang].slug} » est déjà utilisé (${lang === "fr" ? "français" : "anglais"}).`);
  }
  const insert = db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("pages").values({ id, kind: "custom", system_key: null, created_at: now, updated_at: now }).execute();
      for (const lang of ["fr", "en"] as const) {
        await trx
          .insertInto("page_translations")
          .values({
            page_id: id,
            lang,
            path: customPagePath(input[lang].slug, lang),
            slug: input[lang].slug,
            title: input[lang].title,
            description: input[lang].description ?? "",
            image: null,
            excerpt: null,
            draft: empty,
            published: null,
            publish_at: null,
            published_at: null,
            updated_at: now,
            updated_by: by,
          })
          .execute();
      }
    });
  // Two creations with one slug at the same time both pass the check above: the unique path decides.
  await insert.catch((e: unknown) => {
    if (isUniqueViolation(e)) throw errors.conflict("Ce slug vient d'être pris par une autre page. Choisissez-en un autre.");
    throw e;
  });
  const page = (await listAdminPages()).find((p) => p.id === id);
  if (!page) throw new Error("page créée introuvable");
  return page;
}

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
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

async function translationRow(trx: Kysely<Database> | Transaction<Database>, pageId: string, lang: Lang) {
  return trx
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select([
      "t.page_id",
      "t.lang",
      "t.path",
      "t.title",
      "t.description",
      "t.draft",
      "t.published",
      "t.published_at",
      "t.version",
      "t.updated_at",
      "t.updated_by",
      "p.kind",
    ])
    .where("t.page_id", "=", pageId)
    .where("t.lang", "=", lang)
    .executeTakeFirst();
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

function staleError(row: { version: number; updated_by: string | null; updated_at: string }): ApiError {
  const who = row.updated_by ?? "un autre membre de l'équipe";
  const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Paris" }).format(new Date(row.updated_at));
  const e = new ApiError(
    409,
    "stale_version",
    `Cette page a été modifiée par ${who} le ${when}, après la version que vous éditez. Rechargez la page pour voir ses modifications, ou écrasez-les avec les vôtres.`,
  );
  e.details = { currentVersion: Number(row.version), updatedBy: row.updated_by, updatedAt: row.updated_at };
  return e;
}

/** Another writer got in between the read and the write: stale too, so the builder offers Recharger / Écraser. */
function raceError(): ApiError {
  return new ApiError(
    409,
    "stale_version",
    "Cette page vient d'être modifiée ailleurs, après la version que vous éditez. Rechargez la page pour voir ses modifications, ou écrasez-les avec les vôtres.",
  );
}

/** Stores a draft already parsed, sanitized and checked by the document worker (see document-jobs.server.ts). */
export async function saveCheckedDraft(pageId: string, lang: Lang, draft: string, version: number, force: boolean, by: string) {
  return replaceDraft(pageId, lang, draft, force ? null : version, by);
}

/** The translation's row, checked against the version the editor worked from (null: any version). */
async function rowAtVersion(trx: Transaction<Database>, pageId: string, lang: Lang, version: number | null) {
  const row = await translationRow(trx, pageId, lang);
  if (!row) throw errors.notFound("Page");
  if (version !== null && Number(row.version) !== version) throw staleError({ ...row, version: Number(row.version) });
  return row;
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
      const row = await rowAtVersion(trx, pageId, lang, version);
      const next = Number(row.version) + 1;
      // The published document again (an edit undone, the last revision restored): stored as its very
      // text, so the pages list sees no unpublished change.
      const stored = row.published !== null && sameStoredDocument(draft, row.published) ? row.published : draft;
      const res = await trx
        .updateTable("page_translations")
        .set({ draft: stored, version: next, updated_at: now, updated_by: by })
        .where("page_id", "=", pageId)
        .where("lang", "=", lang)
        .where("version", "=", Number(row.version))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw raceError();
      return { version: next, updatedAt: now };
    });
}

/** Makes the draft what visitors see, keeps a revision and invalidates exactly the affected pages. */
export async function publish(pageId: string, lang: Lang, version: number, by: string): Promise<PublishedAnswer> {
  const now = new Date().toISOString();
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await rowAtVersion(trx, pageId, lang, version);
      // Publishing what is already public (a second click, a retried request) changes nothing: no new
      // revision identical to the last one, no cache to drop.
      if (row.published === row.draft && row.published_at && (await latestRevisionMatches(trx, pageId, lang, row.draft, row.title))) {
        return { path: null, publishedAt: row.published_at };
      }
      await trx
        .updateTable("page_translations")
        .set({ published: row.draft, published_at: now })
        .where("page_id", "=", pageId)
        .where("lang", "=", lang)
        .execute();
      await trx
        .insertInto("page_revisions")
        .values({ id: randomUUID(), page_id: pageId, lang, title: row.title, doc: row.draft, created_at: now, created_by: by })
        .execute();
      return { path: row.path, kind: row.kind, publishedAt: now };
    });
  if (path.path !== null) await invalidate([path.path, ...(path.kind === "article" ? [await currentBlogPath(runtime().db.kysely, lang)] : [])]);
  return { version, publishedAt: path.publishedAt };
}

async function latestRevisionMatches(trx: Transaction<Database>, pageId: string, lang: Lang, doc: string | null, title: string): Promise<boolean> {
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

export async function getRevision(pageId: string, lang: Lang, revisionId: string): Promise<RevisionAnswer["revision"]> {
  const row = await db()
    .selectFrom("page_revisions")
    .selectAll()
    .where("id", "=", revisionId)
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .executeTakeFirst();
  if (!row) throw errors.notFound("Révision");
  return { id: row.id, title: row.title, createdAt: row.created_at, createdBy: row.created_by, doc: (await readCleanDocument(row.doc)).doc };
}

/** Puts a revision back as the draft (the editor then publishes it). */
export async function restoreRevision(pageId: string, lang: Lang, revisionId: string, version: number, by: string) {
  const rev = await db()
    .selectFrom("page_revisions")
    .select("doc")
    .where("id", "=", revisionId)
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .executeTakeFirst();
  if (!rev) throw errors.notFound("Révision");
  return replaceDraft(pageId, lang, rev.doc, version, by);
}

export async function resolvePath(path: string): Promise<{ pageId: string; lang: Lang } | null> {
  const row = await db().selectFrom("page_translations").select(["page_id", "lang"]).where("path", "=", path).executeTakeFirst();
  return row ? { pageId: row.page_id, lang: row.lang } : null;
}
