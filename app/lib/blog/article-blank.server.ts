import { randomBytes } from "node:crypto";
import { runtime } from "~/lib/runtime.server";
import { getArticle } from "./article-queries.server";
import { ARTICLE_LANGS, PROVISIONAL_TITLE, type ArticleView } from "./article-schemas";
import { createArticle, EMPTY_DOC } from "./article-writes.server";

/**
 * "Nouvel article" (issue 20 §1): an article in both languages, provisional titles, empty bodies, made at
 * once so the writer lands in the writing surface. One a member made and left untouched (both languages
 * at their first version, titles, bodies and publication as made) is the one their next "Nouvel article"
 * opens: a writer who leaves without typing leaves at most one such "Sans titre" draft, listed as any
 * draft, never a pile of them (decision record 051).
 */
const db = () => runtime().db.kysely;

async function untouchedBlankOf(by: string): Promise<string | null> {
  const rows = await db()
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select(["t.page_id", "t.lang", "t.title", "t.version", "t.draft", "t.published", "t.updated_by"])
    .where("p.kind", "=", "article")
    .where("t.page_id", "in", (eb) =>
      eb
        .selectFrom("page_translations as b")
        .select("b.page_id")
        .where("b.updated_by", "=", by)
        .where("b.lang", "=", "fr")
        .where("b.title", "=", PROVISIONAL_TITLE.fr)
        .where("b.version", "=", 1),
    )
    .orderBy("p.created_at", "desc")
    .execute();
  const byPage = new Map<string, typeof rows>();
  for (const r of rows) byPage.set(r.page_id, [...(byPage.get(r.page_id) ?? []), r]);
  for (const [id, langs] of byPage) {
    const untouched =
      langs.length === ARTICLE_LANGS.length &&
      langs.every(
        (r) => r.title === PROVISIONAL_TITLE[r.lang] && Number(r.version) === 1 && r.draft === EMPTY_DOC && r.published === null && r.updated_by === by,
      );
    if (untouched) return id;
  }
  return null;
}

export async function openBlankArticle(by: string, now = new Date()): Promise<{ article: ArticleView; reused: boolean }> {
  const existing = await untouchedBlankOf(by);
  if (existing) return { article: await getArticle(existing, now), reused: true };
  // Six random characters keep the provisional addresses apart until the first title gives the real one.
  const suffix = randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0")
    .slice(0, 6);
  const article = await createArticle(
    { fr: { title: PROVISIONAL_TITLE.fr, slug: `sans-titre-${suffix}` }, en: { title: PROVISIONAL_TITLE.en, slug: `untitled-${suffix}` } },
    by,
    now,
  );
  return { article, reused: false };
}
