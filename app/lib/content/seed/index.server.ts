import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "~/lib/db/connection.server";
import type { Database } from "~/lib/db/schema";
import { blogArticlePath, customPagePath, ROUTES } from "~/lib/i18n/routes";
import { DEFAULT_SETTINGS } from "../settings";
import { withDesignPresets } from "~/lib/design/migrate-document";
import { searchTextOf } from "~/lib/media/media-schemas";
import { SEED_MEDIA } from "./media";
import { SEED_PAGES } from "./pages";
import type { SeedPage } from "./types";

function pathOf(page: SeedPage, lang: "fr" | "en"): string {
  if (page.kind === "system" && page.systemKey) return ROUTES[page.systemKey][lang];
  const slug = page[lang].slug;
  return page.kind === "article" ? blogArticlePath(slug, lang) : customPagePath(slug, lang);
}

/**
 * First start: settings, media and every public page, published. Later starts find the settings row
 * and leave everything as the team left it.
 */
export async function seedIfEmpty({ kysely }: Db, now = new Date()): Promise<boolean> {
  const existing = await kysely.selectFrom("site_settings").select("id").where("id", "=", "site").executeTakeFirst();
  if (existing) {
    await addMissingSystemPages(kysely, now);
    return false;
  }
  const iso = now.toISOString();
  await kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_settings")
      .values({ id: "site", data: JSON.stringify(DEFAULT_SETTINGS), updated_at: iso })
      .execute();
    for (const m of SEED_MEDIA) {
      await trx
        .insertInto("media")
        .values({
          id: randomUUID(),
          type: "image",
          thumbnail: m.webp_url ?? m.url,
          source: "local",
          author: "Archimed",
          created_at: iso,
          ...m,
          search_text: searchTextOf(m),
        })
        .execute();
    }
    for (const page of SEED_PAGES) await insertPage(trx, page, iso);
  });
  return true;
}

/**
 * A system page added to the route table after a site was first started (the contact page, say) is
 * created on the next start, as seeded; pages the team already has are never touched.
 */
async function addMissingSystemPages(kysely: Db["kysely"], now: Date): Promise<void> {
  const have = new Set((await kysely.selectFrom("pages").select("system_key").where("kind", "=", "system").execute()).map((r) => r.system_key));
  const missing = SEED_PAGES.filter((p) => p.kind === "system" && p.systemKey && !have.has(p.systemKey));
  if (missing.length === 0) return;
  const iso = now.toISOString();
  await kysely.transaction().execute(async (trx) => {
    for (const page of missing) await insertPage(trx, page, iso);
  });
}

async function insertPage(trx: Transaction<Database>, page: SeedPage, iso: string): Promise<void> {
  const id = randomUUID();
  await trx
    .insertInto("pages")
    .values({ id, kind: page.kind, system_key: page.systemKey ?? null, created_at: iso, updated_at: iso })
    .execute();
  for (const lang of ["fr", "en"] as const) {
    const t = page[lang];
    // Seeded styles that are exactly a named step of the design settings follow them (issue 11).
    const json = JSON.stringify(withDesignPresets(t.doc));
    await trx
      .insertInto("page_translations")
      .values({
        page_id: id,
        lang,
        path: pathOf(page, lang),
        slug: t.slug,
        title: t.title,
        description: t.description,
        image: t.image ?? null,
        excerpt: t.excerpt ?? null,
        draft: json,
        published: json,
        publish_at: page.publishAt ?? null,
        published_at: page.publishAt ?? iso,
        updated_at: iso,
        updated_by: null,
      })
      .execute();
  }
}
