import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, call, expectApiError, sql } from "../support/auth";
import { uploadImage } from "../support/backups";
import { get } from "../support/http";
import { engines, type TestServer } from "../support/server";
import { startSmtp } from "../support/smtp";
import { startTeamWithMail } from "../support/team-with-mail";

/**
 * The Contributeur role and review before publishing (issue 25 §1) on every engine: a contributor writes
 * drafts and uploads media but every endpoint that changes what visitors see refuses them in French; a
 * review request reaches "À relire" (and the reviewers' mailboxes), "Approuver et publier" publishes the
 * version the reviewer read, "Demander des modifications" leaves a message the contributor reads, and the
 * first answer wins.
 */
const ENGINES = await engines();

/** A header as written, with its RFC 2047 encoded words (accents) decoded. */
function decodedHeader(value = ""): string {
  return value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

describe.each(ENGINES)("review before publishing on %s", (engine) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let editor: string;
  let writer: string;
  let pageId: string;
  let articleId: string;

  const draftOf = async (id: string, cookie = writer) => (await call(server, "GET", `/api/pages/${id}/fr`, { cookie })).json.draft;
  const saveDraft = async (id: string, text: string) => {
    const draft = await draftOf(id);
    const doc = {
      version: draft.doc.version,
      blocks: [
        {
          id: "block-r",
          type: "container",
          styles: {},
          sections: [{ id: "section-r", columns: [{ id: "column-r", width: 12, elements: [{ id: "element-r", type: "text", content: text, styles: {} }] }] }],
        },
      ],
    };
    const res = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: writer, body: { version: draft.version, doc } });
    expect(res.status, res.text).toBe(200);
    return res.json.version as number;
  };

  beforeAll(async () => {
    ({ server, smtp, admin, editor, writer } = await startTeamWithMail(engine, "editrice@archimed.test"));
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page à relire", slug: "page-a-relire" }, en: { title: "Page to review", slug: "page-to-review" } },
    });
    expect(created.status, created.text).toBe(201);
    pageId = created.json.page.id;
    const article = await call(server, "POST", "/api/articles", {
      cookie: writer,
      body: { fr: { title: "Article de Camille" }, en: { title: "Camille article" } },
    });
    expect(article.status, article.text).toBe(201);
    articleId = article.json.article.id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("lets a contributor write drafts and upload, and refuses in French everything that reaches visitors", async () => {
    await saveDraft(pageId, "<p>Brouillon de Camille</p>");
    const item = await uploadImage(server, writer);
    const version = (await draftOf(pageId)).version;
    const articleVersion = (await call(server, "GET", `/api/articles/${articleId}`, { cookie: writer })).json.article.versions.fr.version;
    const refused: [string, string, unknown][] = [
      ["POST", `/api/pages/${pageId}/fr/publish`, { version }],
      ["POST", `/api/articles/${articleId}/fr/publish`, { version: articleVersion }],
      ["POST", `/api/articles/${articleId}/fr/schedule`, { version: articleVersion, at: "2030-01-01T09:00" }],
      ["POST", `/api/articles/${articleId}/fr/unpublish`, { version: articleVersion }],
      ["DELETE", `/api/articles/${articleId}`, { versions: { fr: articleVersion } }],
      ["DELETE", `/api/media/${item.id}`, undefined],
      ["DELETE", "/api/redirects", { fromPath: "/ancienne-adresse" }],
      ["DELETE", `/api/pages/${pageId}`, undefined],
      ["GET", "/api/reviews", undefined],
      ["GET", "/api/reviews/count", undefined],
      ["GET", "/api/design", undefined],
      ["GET", "/api/site-structure", undefined],
      ["GET", "/api/team", undefined],
      ["GET", "/api/backups", undefined],
      ["GET", "/api/activity", undefined],
      ["GET", "/api/consents", undefined],
      ["GET", "/api/contact-requests", undefined],
    ];
    for (const [method, path, body] of refused) {
      const res = await call(server, method, path, { cookie: writer, body });
      expectApiError(res, 403);
      expect(res.json.error.message, `${method} ${path}`).toMatch(/[àéèêç]|contributeur|réservé|administrat/i);
    }
    const publish = await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: writer, body: { version } });
    expect(publish.json.error.message).toContain("demandez une relecture");
    // Nothing of the above happened.
    expect((await get(server.url, "/page/page-a-relire")).status).toBe(404);
    expect(await sql(server, "select id from media where id = ?", [item.id])).toHaveLength(1);
  });

  it("refuses a contributor's change to the live title of a published article", async () => {
    const v = (await call(server, "GET", `/api/articles/${articleId}`, { cookie: admin })).json.article.versions.fr.version;
    expect((await call(server, "POST", `/api/articles/${articleId}/fr/publish`, { cookie: editor, body: { version: v } })).status).toBe(200);
    const now = (await call(server, "GET", `/api/articles/${articleId}`, { cookie: writer })).json.article.versions.fr.version;
    const res = await call(server, "PUT", `/api/articles/${articleId}`, { cookie: writer, body: { fr: { version: now, title: "Titre changé en douce" } } });
    expectApiError(res, 403);
    expect(res.json.error.message).toContain("demandez une relecture");
    expect((await call(server, "GET", `/api/articles/${articleId}`, { cookie: admin })).json.article.versions.fr.title).toBe("Article de Camille");
  });

  it("goes round: asked, listed and mailed, approved and published, answered once", async () => {
    await saveDraft(pageId, "<p>Version à publier</p>");
    const asked = await call(server, "POST", "/api/reviews", { cookie: writer, body: { pageId, lang: "fr", message: "Relis le premier paragraphe stp" } });
    expect(asked.status, asked.text).toBe(201);
    const review = asked.json.review;
    expect(review).toMatchObject({ status: "pending", requestedBy: "camille@archimed.test", title: "Page à relire" });
    expect((await call(server, "GET", "/api/reviews/count", { cookie: editor })).json.pending).toBe(1);
    const listed = (await call(server, "GET", "/api/reviews", { cookie: editor })).json.reviews;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([review.id]);
    await expect
      .poll(() => smtp.mails.filter((m) => decodedHeader(m.headers.subject).includes("Relecture demandée")).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const mail = smtp.mails.find((m) => decodedHeader(m.headers.subject).includes("Relecture demandée"))!;
    expect(mail.to).toEqual(expect.arrayContaining([ADMIN_EMAIL, "editrice@archimed.test"]));
    expect(mail.to).not.toContain("camille@archimed.test");

    // A stale version (the draft moved after the reviewer read it) is refused; the current one publishes.
    expectApiError(await call(server, "POST", `/api/reviews/${review.id}/approve`, { cookie: editor, body: { version: review.version - 1 } }), 409);
    const approved = await call(server, "POST", `/api/reviews/${review.id}/approve`, { cookie: editor, body: { version: review.version } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.review).toMatchObject({ status: "approved", answeredBy: "editrice@archimed.test" });
    const page = await get(server.url, "/page/page-a-relire");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Version à publier");
    // The first answer wins.
    expectApiError(await call(server, "POST", `/api/reviews/${review.id}/changes`, { cookie: admin, body: { message: "Trop tard" } }), 409);
    expect((await call(server, "GET", "/api/reviews/count", { cookie: editor })).json.pending).toBe(0);
    await expect
      .poll(() => smtp.mails.some((m) => decodedHeader(m.headers.subject).startsWith("Publié") && m.to.includes("camille@archimed.test")), { timeout: 10_000 })
      .toBe(true);
    const log = (await call(server, "GET", "/api/activity?group=review", { cookie: admin })).json.entries.map((e: { action: string }) => e.action);
    expect(log).toEqual(["review.approve", "review.request"]);
  });

  it("asks for changes with a message the contributor reads on the page; asking again replaces the open request", async () => {
    await saveDraft(pageId, "<p>Deuxième version</p>");
    const first = (await call(server, "POST", "/api/reviews", { cookie: writer, body: { pageId, lang: "fr" } })).json.review;
    const second = (await call(server, "POST", "/api/reviews", { cookie: writer, body: { pageId, lang: "fr", message: "Nouvelle demande" } })).json.review;
    expect((await call(server, "GET", "/api/reviews", { cookie: admin })).json.reviews.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expectApiError(await call(server, "POST", `/api/reviews/${first.id}/approve`, { cookie: admin, body: { version: first.version } }), 409);
    expectApiError(await call(server, "POST", `/api/reviews/${second.id}/changes`, { cookie: admin, body: { message: "   " } }), 400);
    const changes = await call(server, "POST", `/api/reviews/${second.id}/changes`, { cookie: admin, body: { message: "Ajoute un prix dans le titre." } });
    expect(changes.status, changes.text).toBe(200);
    const mine = (await call(server, "GET", `/api/reviews/page/${pageId}`, { cookie: writer })).json.reviews;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "changes_requested", answer: "Ajoute un prix dans le titre.", answeredBy: ADMIN_EMAIL });
    // Still the first version online.
    expect((await get(server.url, "/page/page-a-relire")).text).toContain("Version à publier");
  });

  it("reviews an article: both languages asked from the editor's bar, approved, public with its feed; a schedule ahead is kept", async () => {
    const created = await call(server, "POST", "/api/articles", {
      cookie: writer,
      body: { fr: { title: "Relu par l'équipe" }, en: { title: "Reviewed by the team" } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.article.id as string;
    const paths = { fr: created.json.article.versions.fr.path as string, en: created.json.article.versions.en.path as string };
    // The feed is read (and cached) before: the approval must refresh it, as the editor's Publier does.
    expect((await get(server.url, "/blog/rss.xml")).text).not.toContain("Relu par l");
    const asked = [];
    for (const lang of ["fr", "en"] as const) {
      const res = await call(server, "POST", "/api/reviews", { cookie: writer, body: { pageId: id, lang, message: "Les deux langues" } });
      expect(res.status, res.text).toBe(201);
      expect(res.json.review).toMatchObject({ kind: "article", lang, status: "pending" });
      asked.push(res.json.review);
    }
    for (const r of asked) {
      const res = await call(server, "POST", `/api/reviews/${r.id}/approve`, { cookie: editor, body: { version: r.version } });
      expect(res.status, res.text).toBe(200);
    }
    expect((await get(server.url, paths.fr)).status).toBe(200);
    expect((await get(server.url, paths.en)).status).toBe(200);
    expect((await get(server.url, "/blog/rss.xml")).text).toContain("Relu par l");
    expect((await get(server.url, "/en/blog/rss.xml")).text).toContain("Reviewed by the team");
    const article = (await call(server, "GET", `/api/articles/${id}`, { cookie: writer })).json.article;
    expect(article.versions.fr.state).toMatchObject({ kind: "published", label: "Publié" });
    expect(article.versions.en.state.kind).toBe("published");
    const log = (await call(server, "GET", `/api/activity?group=review`, { cookie: admin })).json.entries.filter(
      (e: { targetId: string | null }) => e.targetId === id,
    );
    expect(log.map((e: { action: string }) => e.action)).toEqual(["review.approve", "review.approve", "review.request", "review.request"]);

    // Scheduled by an editor, then changed by the contributor and approved: the new text goes out at the planned time.
    const later = await call(server, "POST", "/api/articles", { cookie: writer, body: { fr: { title: "Programmé puis relu" } } });
    const laterId = later.json.article.id as string;
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await call(server, "POST", `/api/articles/${laterId}/fr/schedule`, { cookie: editor, body: { version: 1, at: `${day}T09:00` } });
    expect(scheduled.status, scheduled.text).toBe(200);
    const planned = (await sql<{ publish_at: string }>(server, "select publish_at from page_translations where page_id = ?", [laterId]))[0].publish_at;
    await saveDraft(laterId, "<p>Texte relu</p>");
    const r = (await call(server, "POST", "/api/reviews", { cookie: writer, body: { pageId: laterId, lang: "fr" } })).json.review;
    expect((await call(server, "POST", `/api/reviews/${r.id}/approve`, { cookie: editor, body: { version: r.version } })).status).toBe(200);
    expect((await sql<{ publish_at: string }>(server, "select publish_at from page_translations where page_id = ?", [laterId]))[0].publish_at).toBe(planned);
    expect((await get(server.url, later.json.article.versions.fr.path)).status).toBe(404);
    const pending = (await call(server, "GET", `/api/articles/${laterId}`, { cookie: writer })).json.article.versions.fr;
    expect(pending.state.kind).toBe("scheduled");
    expect(pending.pendingChanges).toBe(false);
  });

  it("refuses bad review input in French, never a 500", async () => {
    const bad: [string, string, unknown][] = [
      ["POST", "/api/reviews", { pageId: "inconnue", lang: "fr" }],
      ["POST", "/api/reviews", { pageId, lang: "de" }],
      ["POST", "/api/reviews", { pageId, lang: "fr", message: "x".repeat(1001) }],
      ["POST", "/api/reviews", { pageId, lang: "fr", message: "a\u0000b" }],
      ["POST", "/api/reviews/inconnue/approve", { version: 1 }],
      ["POST", "/api/reviews/inconnue/nimporte", { version: 1 }],
      ["POST", `/api/reviews/x/approve`, { version: "un" }],
    ];
    for (const [method, path, body] of bad) {
      const res = await call(server, method, path, { cookie: admin, body });
      expect(res.status, `${path} ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${res.text}`).toBeLessThan(500);
    }
  });
});
