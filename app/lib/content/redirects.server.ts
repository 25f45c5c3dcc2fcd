import type { RedirectView } from "~/lib/api/redirects";
import { announceContentChange } from "~/lib/content/changes.server";
import { runtime } from "~/lib/runtime.server";

/**
 * The 301s left behind when a page or an article changes address (slug_redirects). An address in use by
 * one is refused to every other page and article (translations.server.ts, claimPath) until its redirect is
 * removed here, on purpose: old links then stop leading to the moved page.
 */
const db = () => runtime().db.kysely;

export async function listRedirects(): Promise<RedirectView[]> {
  const rows = await db()
    .selectFrom("slug_redirects as r")
    .leftJoin("page_translations as t", (j) => j.onRef("t.page_id", "=", "r.page_id").onRef("t.lang", "=", "r.lang"))
    .select(["r.from_path", "r.page_id", "r.lang", "r.created_at", "t.title", "t.path"])
    .orderBy("r.created_at", "desc")
    .orderBy("r.from_path")
    .limit(1000)
    .execute();
  return rows.map((r) => ({ fromPath: r.from_path, pageId: r.page_id, lang: r.lang, title: r.title, toPath: r.path, createdAt: r.created_at }));
}

/** Removes one redirect; false when there was none. The old address then answers 404 (or whatever takes it next). */
export async function removeRedirect(fromPath: string): Promise<boolean> {
  const res = await db().deleteFrom("slug_redirects").where("from_path", "=", fromPath).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) return false;
  await announceContentChange([fromPath]);
  return true;
}
