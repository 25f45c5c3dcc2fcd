import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Database } from "~/lib/db/schema";
import { LANGS, type Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { pageMetaSchema, structureSchema, type PageMeta, type SiteStructure } from "./structure-schemas";
import type { StructureRevisionSummary } from "./view";

type Db = Kysely<Database> | Transaction<Database>;

/** Publications kept: older ones are removed when a new one is recorded. */
const STRUCTURE_REVISIONS_KEPT = 50;

/** A page's title, description and address in one language, as visitors saw them after a publication. */
const pageSnapshot = z.object({ title: z.string(), description: z.string(), path: z.string() });
type PageSnapshot = z.infer<typeof pageSnapshot>;
export const revisionSchema = z.object({
  structure: structureSchema,
  pages: z.record(z.string(), z.object({ fr: pageSnapshot.optional(), en: pageSnapshot.optional() })),
});
type StructureRevision = z.infer<typeof revisionSchema>;

/** The system and custom pages' titles, descriptions and addresses now (articles have their own history). */
async function snapshotPages(trx: Db): Promise<StructureRevision["pages"]> {
  const rows = await trx
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select(["t.page_id", "t.lang", "t.title", "t.description", "t.path"])
    .where("p.kind", "in", ["system", "custom"])
    .execute();
  const pages: StructureRevision["pages"] = {};
  for (const r of rows) (pages[r.page_id] ??= {})[r.lang] = { title: r.title, description: r.description, path: r.path };
  return pages;
}

/** Keeps this publication (in the publishing transaction), then only the last 50. */
export async function recordRevision(trx: Transaction<Database>, published: SiteStructure, by: string, now: string): Promise<void> {
  const data: StructureRevision = { structure: published, pages: await snapshotPages(trx) };
  await trx
    .insertInto("site_structure_revisions")
    .values({ id: randomUUID(), data: JSON.stringify(data), created_at: now, created_by: by })
    .execute();
  const kept = await trx
    .selectFrom("site_structure_revisions")
    .select("id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(STRUCTURE_REVISIONS_KEPT)
    .execute();
  if (kept.length < STRUCTURE_REVISIONS_KEPT) return;
  await trx
    .deleteFrom("site_structure_revisions")
    .where(
      "id",
      "not in",
      kept.map((k) => k.id),
    )
    .execute();
}

export async function listRevisions(): Promise<StructureRevisionSummary[]> {
  const rows = await runtime()
    .db.kysely.selectFrom("site_structure_revisions")
    .select(["id", "created_at", "created_by"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(STRUCTURE_REVISIONS_KEPT)
    .execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, createdBy: r.created_by }));
}

/** A revision, checked; null when it does not exist (or no longer reads as a structure). */
export async function readRevision(trx: Db, id: string): Promise<StructureRevision | null> {
  const row = await trx.selectFrom("site_structure_revisions").select("data").where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = revisionSchema.safeParse(JSON.parse(row.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The draft that brings the site back to a revision: its menu, footer and settings, and as pending page
 * edits the titles, descriptions and addresses that differ today (pages deleted since are skipped; an
 * address the home page cannot take is left out). Checked again when the draft is published.
 */
export async function draftFromRevision(trx: Db, revision: StructureRevision, fixedPages: Set<string>): Promise<SiteStructure> {
  const now = await snapshotPages(trx);
  const pages: SiteStructure["pages"] = {};
  for (const [id, then] of Object.entries(revision.pages)) {
    const today = now[id];
    if (!today) continue;
    for (const lang of LANGS) {
      const a: PageSnapshot | undefined = then[lang];
      const b = today[lang];
      if (!a || !b || (a.title === b.title && a.description === b.description && a.path === b.path)) continue;
      const meta = pageMetaSchema.safeParse({ title: a.title, description: a.description, ...(fixedPages.has(id) ? {} : { path: a.path }) });
      if (meta.success) (pages[id] ??= {})[lang as Lang] = meta.data satisfies PageMeta;
    }
  }
  return { ...revision.structure, pages };
}
