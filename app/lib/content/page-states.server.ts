import { sql } from "kysely";
import type { Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { publicationStates, type PublicationState } from "./publication-state";
import { siteTimeZone } from "./translations.server";

/**
 * Each language's state of one page or article (the admin bar on a public page, the builder's preview),
 * computed by the one rule of publication-state.ts from the same facts as the Pages list: published or
 * not, the instant it is (or becomes) public, the draft changed since or not.
 */
export async function pageStates(pageId: string, now = new Date()): Promise<Partial<Record<Lang, PublicationState>>> {
  const rows = await runtime()
    .db.kysely.selectFrom("page_translations")
    .select(["lang", "publish_at", "published_at"])
    .select(sql<number>`case when published is null then 0 else 1 end`.as("is_published"))
    .select(sql<number>`case when published is not null and draft <> published then 1 else 0 end`.as("pending"))
    .where("page_id", "=", pageId)
    .execute();
  return publicationStates(
    rows.map((r) => {
      const published = Number(r.is_published) === 1;
      return { lang: r.lang, published, publishAt: published ? (r.publish_at ?? r.published_at) : null, pending: Number(r.pending) === 1 };
    }),
    { now, timeZone: siteTimeZone() },
  );
}
