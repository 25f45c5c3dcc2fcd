import type { TestDb } from "./db";
import { startServer, type Engine, type TestServer } from "./server";

/**
 * A server whose database also holds one published article (same slug in both languages), whatever
 * the seed holds: browser tests need an article page and must not depend on the seed's copy.
 */
export const TEST_ARTICLE_SLUG = "article-de-demonstration";

export function startServerWithArticle(engine: Engine = "sqlite", extraEnv: Record<string, string> = {}): Promise<TestServer> {
  return startServer(engine, extraEnv, { prepare: insertArticle });
}

async function insertArticle(db: TestDb): Promise<void> {
  const now = new Date().toISOString();
  const id = "test-article-demo";
  await db.run("insert into pages (id, kind, system_key, created_at, updated_at) values (?, 'article', null, ?, ?)", [id, now, now]);
  for (const lang of ["fr", "en"] as const) {
    const paragraphs = Array.from({ length: 6 }, (_, i) =>
      lang === "fr"
        ? `<p>Paragraphe ${i + 1} : un commerce de quartier qui prend ses rendez-vous en ligne gagne du temps chaque semaine.</p>`
        : `<p>Paragraph ${i + 1}: a neighbourhood shop that takes bookings online saves time every week.</p>`,
    ).join("");
    const doc = {
      version: 1,
      blocks: [
        {
          id: "block-demo",
          type: "container",
          styles: {},
          sections: [
            {
              id: "section-demo",
              columns: [
                {
                  id: "column-demo",
                  width: 12,
                  elements: [
                    {
                      id: "element-demo-h",
                      type: "heading",
                      content: lang === "fr" ? "Pourquoi réserver en ligne" : "Why book online",
                      level: 2,
                      styles: {},
                    },
                    { id: "element-demo-t", type: "text", content: paragraphs, styles: {} },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const json = JSON.stringify(doc);
    await db.run(
      `insert into page_translations (page_id, lang, path, slug, title, description, image, excerpt, draft, published, publish_at, published_at, updated_at, updated_by)
         values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, null)`,
      [
        id,
        lang,
        lang === "fr" ? `/blog/${TEST_ARTICLE_SLUG}` : `/en/blog/${TEST_ARTICLE_SLUG}`,
        TEST_ARTICLE_SLUG,
        lang === "fr" ? "Article de démonstration" : "Demonstration article",
        lang === "fr" ? "Un article pour les tests du navigateur." : "An article for the browser tests.",
        lang === "fr" ? "Un article pour les tests." : "An article for the tests.",
        json,
        json,
        "2024-05-01T08:00:00.000Z",
        "2024-05-01T08:00:00.000Z",
        now,
      ],
    );
  }
}
