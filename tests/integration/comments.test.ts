import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectApiError } from "../support/auth";
import { get } from "../support/http";
import { engines, type TestServer } from "../support/server";
import { startSmtp } from "../support/smtp";
import { startTeamWithMail } from "../support/team-with-mail";

/**
 * Comments on a block or an element (issue 25 §2, decision 048) on every engine: pinned by the target's
 * id, replies, mentions of team members (unknown ones refused in French, nothing stored), "Résolu", the
 * author alone edits or deletes, a contributor comments, the mentioned member gets an unread notice and an
 * e-mail, hostile markup is refused (a tag named in a sentence is kept as text), and neither the public page nor the export ever carries a comment.
 */
const ENGINES = await engines();

describe.each(ENGINES)("comments on %s", (engine) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let editor: string;
  let writer: string;
  let pageId: string;
  let editorId: string;
  let writerId: string;
  let version: number;

  const doc = (text: string, elementColumn: "a" | "b") => ({
    version: 5,
    blocks: [
      {
        id: "block-one",
        type: "container",
        styles: {},
        sections: [
          {
            id: "section-one",
            columns: [{ id: "column-a", width: 12, elements: elementColumn === "a" ? [{ id: "element-note", type: "text", content: text, styles: {} }] : [] }],
          },
        ],
      },
      {
        id: "block-two",
        type: "container",
        styles: {},
        sections: [
          {
            id: "section-two",
            columns: [{ id: "column-b", width: 12, elements: elementColumn === "b" ? [{ id: "element-note", type: "text", content: text, styles: {} }] : [] }],
          },
        ],
      },
    ],
  });
  const save = async (text: string, where: "a" | "b") => {
    const current = (await call(server, "GET", `/api/pages/${pageId}/fr`, { cookie: admin })).json.draft;
    const res = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, {
      cookie: admin,
      body: { version: current.version, doc: { ...doc(text, where), version: current.doc.version } },
    });
    expect(res.status, res.text).toBe(200);
    version = res.json.version;
  };
  const list = async (cookie = admin) => {
    const res = await call(server, "GET", `/api/comments?pageId=${pageId}&lang=fr`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json.comments as {
      id: string;
      targetId: string;
      parentId: string | null;
      body: string;
      resolvedAt: string | null;
      author: { email: string } | null;
      mentions: { id: string }[];
    }[];
  };
  const post = (cookie: string, body: Record<string, unknown>) =>
    call(server, "POST", "/api/comments", { cookie, body: { pageId, lang: "fr", mentions: [], ...body } });

  beforeAll(async () => {
    ({ server, smtp, admin, editor, writer } = await startTeamWithMail(engine, "dominique@archimed.test"));
    const members = await call(server, "GET", "/api/comments/members", { cookie: writer });
    expect(members.status, members.text).toBe(200);
    const byEmail = new Map((members.json.members as { id: string; email: string; name: string }[]).map((m) => [m.email, m]));
    editorId = byEmail.get("dominique@archimed.test")!.id;
    writerId = byEmail.get("camille@archimed.test")!.id;
    expect(byEmail.get("camille@archimed.test")!.name).toBe("Camille");
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page commentée", slug: "page-commentee" }, en: { title: "Commented page", slug: "commented-page" } },
    });
    expect(created.status, created.text).toBe(201);
    pageId = created.json.page.id;
    await save("<p>Texte public de la page</p>", "a");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("pins a comment to an element, lets a contributor reply, and keeps it on the element after a move", async () => {
    const first = await post(editor, { targetId: "element-note", body: "Ce paragraphe est trop long" });
    expect(first.status, first.text).toBe(201);
    expect(first.json.comment).toMatchObject({
      targetId: "element-note",
      parentId: null,
      body: "Ce paragraphe est trop long",
      author: { email: "dominique@archimed.test" },
    });
    const reply = await post(writer, { parentId: first.json.comment.id, body: "Je le raccourcis" });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json.comment).toMatchObject({ targetId: "element-note", parentId: first.json.comment.id });
    // A reply to the reply joins the same thread.
    const deeper = await post(editor, { parentId: reply.json.comment.id, body: "Merci" });
    expect(deeper.json.comment.parentId).toBe(first.json.comment.id);

    // The element moves to the other block: same id, so the comments still point to it.
    await save("<p>Texte public de la page</p>", "b");
    const after = await list();
    expect(after.filter((c) => c.targetId === "element-note")).toHaveLength(3);
    const draft = (await call(server, "GET", `/api/pages/${pageId}/fr`, { cookie: admin })).json.draft;
    expect(draft.doc.blocks[1].sections[0].columns[0].elements[0].id).toBe("element-note");

    // A block can be commented too; a target the saved draft does not hold cannot.
    expect((await post(writer, { targetId: "block-two", body: "Fond trop sombre" })).status).toBe(201);
    const missing = await post(writer, { targetId: "element-absent", body: "Où est-il ?" });
    expectApiError(missing, 422);
    expect(missing.json.error.message).toMatch(/n'existe pas/);
  });

  it("resolves and reopens a thread (any member), and an answer reopens it", async () => {
    const root = (await post(editor, { targetId: "block-one", body: "Ajouter une image" })).json.comment;
    const resolved = await call(server, "POST", `/api/comments/${root.id}/resolve`, { cookie: writer, body: { resolved: true } });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.json.comment.resolvedAt).not.toBeNull();
    expect(resolved.json.comment.resolvedBy.email).toBe("camille@archimed.test");
    const reopened = await call(server, "POST", `/api/comments/${root.id}/resolve`, { cookie: admin, body: { resolved: false } });
    expect(reopened.json.comment.resolvedAt).toBeNull();
    await call(server, "POST", `/api/comments/${root.id}/resolve`, { cookie: admin, body: { resolved: true } });
    await post(writer, { parentId: root.id, body: "Pas encore fait" });
    expect((await list()).find((c) => c.id === root.id)!.resolvedAt).toBeNull();
    expectApiError(await call(server, "POST", "/api/comments/inconnu/resolve", { cookie: admin, body: { resolved: true } }), 404);
    expectApiError(await call(server, "POST", `/api/comments/${root.id}/resolve`, { cookie: admin, body: { resolved: "oui" } }), 400);
  });

  it("mentions a member: unread in their badge, an e-mail, and an unknown member refused in French with nothing stored", async () => {
    const before = (await list()).length;
    const unknown = await post(editor, { targetId: "block-one", body: "@Personne tu peux voir ?", mentions: ["membre-inconnu"] });
    expectApiError(unknown, 422);
    expect(unknown.json.error.message).toMatch(/Mention refusée.*équipe/);
    expect((await list()).length).toBe(before);

    const count = async (cookie: string) => (await call(server, "GET", "/api/comments/mentions?count=1", { cookie })).json.unread as number;
    const start = await count(writer);
    const mention = await post(editor, { targetId: "element-note", body: "@Camille peux-tu relire ce passage ?", mentions: [writerId, writerId] });
    expect(mention.status, mention.text).toBe(201);
    expect(mention.json.comment.mentions.map((m: { id: string }) => m.id)).toEqual([writerId]);
    expect(await count(writer)).toBe(start + 1);
    expect(await count(editor)).toBe(0);

    const mine = await call(server, "GET", "/api/comments/mentions", { cookie: writer });
    expect(mine.json.mentions[0]).toMatchObject({ title: "Page commentée", readAt: null, comment: { id: mention.json.comment.id } });
    expect(mine.json.mentions[0].href).toBe(`/admin/archimed-editor?page=${pageId}&lang=fr&comment=${mention.json.comment.id}`);
    // Marking someone else's mention read does nothing to theirs.
    await call(server, "POST", "/api/comments/mentions", { cookie: editor, body: { commentIds: [mention.json.comment.id] } });
    expect(await count(writer)).toBe(start + 1);
    const read = await call(server, "POST", "/api/comments/mentions", { cookie: writer, body: { commentIds: [mention.json.comment.id] } });
    expect(read.json.unread).toBe(start);

    await expect.poll(() => smtp.mails.filter((m) => m.to.includes("camille@archimed.test")).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const mail = smtp.mails.find((m) => m.to.includes("camille@archimed.test"))!;
    expect(mail.to).toEqual(["camille@archimed.test"]);
    // Quoted-printable: soft line breaks, then each =XX byte, read back as UTF-8.
    const text = Buffer.from(
      mail.body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
    expect(text).toContain("@Camille peux-tu relire ce passage ?");
    expect(text).toContain("«\u00a0Page commentée\u00a0»");
    expect(text).toContain(`/admin/archimed-editor?page=${pageId}`);
  });

  it("refuses hostile markup in French, keeps a tag named in a sentence as text, refuses control characters and oversize, never a 500", async () => {
    for (const hostile of ['<img src=x onerror="alert(1)">', "<script>alert(2)</script>", '<a href="javascript:alert(3)">ici</a>', "<svg/onload=alert(4)>"]) {
      const refused = await post(writer, { targetId: "element-note", body: hostile });
      expectApiError(refused, 400);
      expect(refused.json.error.message).toContain("texte simple");
    }
    const sentence = "Le <h2> devrait être un <h3> & rester court";
    const res = await post(writer, { targetId: "element-note", body: sentence });
    expect(res.status, res.text).toBe(201);
    expect(res.json.comment.body).toBe(sentence);
    const bad: [Record<string, unknown>, number][] = [
      [{ targetId: "element-note", body: "nul\u0000" }, 400],
      [{ targetId: "element-note", body: "x".repeat(2001) }, 400],
      [{ targetId: "element-note", body: "   " }, 400],
      [{ targetId: "<script>", body: "x" }, 400],
      [{ body: "sans cible" }, 400],
      [{ parentId: "inconnu", body: "réponse" }, 404],
      [{ targetId: "element-note", body: "x", mentions: "camille" }, 400],
    ];
    for (const [body, status] of bad) {
      const r = await post(writer, body);
      expectApiError(r, status);
      expect(r.json.error.message).toMatch(/[a-zàéè]/);
    }
    expectApiError(
      await call(server, "POST", "/api/comments", { cookie: writer, body: { pageId: "inconnue", lang: "fr", targetId: "block-one", body: "x", mentions: [] } }),
      404,
    );
    expectApiError(await call(server, "GET", `/api/comments?pageId=${pageId}&lang=de`, { cookie: writer }), 400);
    expectApiError(await call(server, "GET", `/api/comments?pageId=${pageId}&lang=fr`), 401);
  });

  it("lets only the author edit or delete a comment (403 in French for others, admins included)", async () => {
    const mine = (await post(writer, { targetId: "block-one", body: "Mon avis" })).json.comment;
    const reply = (await post(editor, { parentId: mine.id, body: "Une réponse" })).json.comment;
    for (const cookie of [editor, admin]) {
      const edit = await call(server, "PATCH", `/api/comments/${mine.id}`, { cookie, body: { body: "Changé", mentions: [] } });
      expectApiError(edit, 403);
      expect(edit.json.error.message).toBe("Seul l'auteur d'un commentaire peut le modifier ou le supprimer.");
      expectApiError(await call(server, "DELETE", `/api/comments/${mine.id}`, { cookie }), 403);
    }
    const edited = await call(server, "PATCH", `/api/comments/${mine.id}`, {
      cookie: writer,
      body: { body: "Mon avis, précisé @Dominique", mentions: [editorId] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.comment.body).toBe("Mon avis, précisé @Dominique");
    expect((await call(server, "GET", "/api/comments/mentions?count=1", { cookie: editor })).json.unread).toBeGreaterThan(0);
    expectApiError(await call(server, "PATCH", `/api/comments/${mine.id}`, { cookie: writer, body: { body: "x", mentions: ["inconnu"] } }), 422);
    expect((await list()).find((c) => c.id === mine.id)!.body).toBe("Mon avis, précisé @Dominique");
    // Deleting a thread's first comment takes its replies (and their notices) with it.
    const del = await call(server, "DELETE", `/api/comments/${mine.id}`, { cookie: writer });
    expect(del.status, del.text).toBe(200);
    const left = await list();
    expect(left.some((c) => c.id === mine.id || c.id === reply.id)).toBe(false);
    expectApiError(await call(server, "DELETE", `/api/comments/${mine.id}`, { cookie: writer }), 404);
  });

  it("never shows a comment on the public page or in the export", async () => {
    await post(writer, { targetId: "element-note", body: "Commentaire-secret-interne" });
    const published = await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version } });
    expect(published.status, published.text).toBe(200);
    const page = await get(server.url, "/page/page-commentee");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Texte public de la page");
    expect(page.text).not.toContain("Commentaire-secret-interne");
    expect(page.text).not.toContain("Ce paragraphe est trop long");
    const draft = (await call(server, "GET", `/api/pages/${pageId}/fr`, { cookie: admin })).json.draft;
    expect(JSON.stringify(draft.doc)).not.toContain("Commentaire-secret-interne");
    const exported = await call(server, "POST", `/api/pages/${pageId}/fr/export`, { cookie: admin, body: { doc: draft.doc }, headers: { origin: server.url } });
    expect(exported.status).toBe(200);
    expect(exported.text).toContain("Texte public de la page");
    expect(exported.text).not.toContain("Commentaire-secret-interne");
  });
});
