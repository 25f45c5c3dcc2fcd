import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { ROUTES, type Lang } from "~/lib/i18n/routes";

type Db = Kysely<Database> | Transaction<Database>;

/** The blog's current address in this language (read in the caller's transaction; the route table's by default). */
export async function currentBlogPath(trx: Db, lang: Lang): Promise<string> {
  const row = await trx
    .selectFrom("pages as p")
    .innerJoin("page_translations as t", "t.page_id", "p.id")
    .select("t.path")
    .where("p.kind", "=", "system")
    .where("p.system_key", "=", "blog")
    .where("t.lang", "=", lang)
    .executeTakeFirst();
  return row?.path ?? ROUTES.blog[lang];
}

/**
 * The blog moving from `from` to `to` takes its articles along: "/blog/x" becomes "/actualites/x" and
 * the old address answers 301 (decision 017). Before that, every new address must be free: no other
 * page directly under `to`, no former address of another page there.
 */
export async function blogMoveProblem(trx: Db, lang: Lang, from: string, to: string): Promise<string | null> {
  const articles = await articlesUnder(trx, lang, from);
  const moving = new Set(articles.map((a) => a.page_id));
  const slugs = new Set(articles.map((a) => a.path.slice(from.length + 1)));
  const under = `${to}/%`;
  const pages = await trx.selectFrom("page_translations").select(["page_id", "path", "title"]).where("path", "like", under).execute();
  for (const p of pages) {
    const rest = p.path.slice(to.length + 1);
    if (!moving.has(p.page_id) && !rest.includes("/"))
      return `Le blog ne peut pas prendre l'adresse « ${to} » : la page « ${p.title} » est à « ${p.path} », où iraient ses articles.`;
  }
  const redirects = await trx.selectFrom("slug_redirects").select(["page_id", "from_path"]).where("from_path", "like", under).execute();
  for (const r of redirects) {
    if (!moving.has(r.page_id) && slugs.has(r.from_path.slice(to.length + 1)))
      return `Le blog ne peut pas prendre l'adresse « ${to} » : « ${r.from_path} » redirige déjà vers une autre page.`;
  }
  return null;
}

function articlesUnder(trx: Db, lang: Lang, blogPath: string) {
  return trx
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select(["t.page_id", "t.path", "t.published_at"])
    .where("p.kind", "=", "article")
    .where("t.lang", "=", lang)
    .where("t.path", "like", `${blogPath}/%`)
    .execute();
}

/** Moves every article of this language from under `from` to under `to`; the ones visitors saw keep a 301. */
export async function moveArticles(trx: Transaction<Database>, lang: Lang, from: string, to: string, now: string): Promise<number> {
  const articles = await articlesUnder(trx, lang, from);
  for (const a of articles) {
    const slug = a.path.slice(from.length + 1);
    if (slug.includes("/")) continue;
    const path = `${to}/${slug}`;
    await trx.deleteFrom("slug_redirects").where("from_path", "=", path).execute();
    if (a.published_at !== null) {
      await trx.deleteFrom("slug_redirects").where("from_path", "=", a.path).execute();
      await trx.insertInto("slug_redirects").values({ from_path: a.path, page_id: a.page_id, lang, created_at: now }).execute();
    }
    await trx.updateTable("page_translations").set({ path }).where("page_id", "=", a.page_id).where("lang", "=", lang).execute();
  }
  return articles.length;
}
