import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAiStub } from "../support/ai-stub";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 20 §6 on every engine: a language whose body or title changed after the other was last edited
 * marks the other "à revoir" (in the article and in the list) until it is edited or marked up to date;
 * "Traduire depuis le français" fills the other language's draft through the configured OpenAI-compatible
 * service (the local stub) marked "à relire", and without a service copies the structure and says so.
 */
const ENGINES = await engines();

interface Version {
  title: string;
  version: number;
  stale: { sourceLang: string; changedAt: string } | null;
  needsReview: boolean;
}

const BODY = (heading: string, text: string) => ({
  version: 1,
  blocks: [
    {
      id: "block-1",
      type: "container",
      styles: {},
      sections: [
        {
          id: "section-1",
          columns: [
            {
              id: "column-1",
              width: 12,
              elements: [
                { id: "element-1", type: "heading", content: heading, level: 2, styles: {} },
                { id: "element-2", type: "text", content: `<p>${text} <strong>gras</strong></p>`, styles: {} },
              ],
            },
          ],
        },
      ],
    },
  ],
});

describe.each(ENGINES)("translations in step on %s", (engine) => {
  let stub: Awaited<ReturnType<typeof startAiStub>>;
  let server: TestServer;
  let bare: TestServer;
  let admin: string;
  let bareAdmin: string;

  async function bilingual(s: TestServer, cookie: string, title: string) {
    const res = await call(s, "POST", "/api/articles", { cookie, body: { fr: { title }, en: { title: `${title} (EN)` } } });
    expect(res.status, res.text).toBe(201);
    return res.json.article.id as string;
  }
  const versions = async (s: TestServer, cookie: string, id: string) =>
    (await call(s, "GET", `/api/articles/${id}`, { cookie })).json.article.versions as Record<"fr" | "en", Version>;
  const saveBody = async (s: TestServer, cookie: string, id: string, lang: string, heading: string) => {
    const v = (await versions(s, cookie, id))[lang as "fr"].version;
    const res = await call(s, "PUT", `/api/pages/${id}/${lang}/draft`, { cookie, body: { doc: BODY(heading, "Texte de l'article"), version: v } });
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    stub = await startAiStub();
    stub.mode = "translate";
    [server, bare] = await Promise.all([
      startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, SITE_TIMEZONE: "Europe/Paris", ...stub.env() }),
      startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, SITE_TIMEZONE: "Europe/Paris" }),
    ]);
    [admin, bareAdmin] = await Promise.all([login(server, ADMIN_EMAIL, ADMIN_PASSWORD), login(bare, ADMIN_EMAIL, ADMIN_PASSWORD)]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), bare?.stop(), stub?.close()]);
  });

  it("marks the other language à revoir when a body or title changes, until it is edited or marked up to date", async () => {
    const id = await bilingual(server, admin, "Deux langues au pas");
    let v = await versions(server, admin, id);
    expect([v.fr.stale, v.en.stale]).toEqual([null, null]);

    await saveBody(server, admin, id, "fr", "Nouveau titre de section");
    v = await versions(server, admin, id);
    expect(v.en.stale).toMatchObject({ sourceLang: "fr" });
    expect(v.fr.stale).toBeNull();
    const list = await call(server, "GET", `/api/articles?q=${encodeURIComponent("deux langues")}`, { cookie: admin });
    expect(list.json.articles[0].versions.en.stale).toMatchObject({ sourceLang: "fr" });

    // Metadata other than the title (tags) changes nothing.
    const tags = await call(server, "PUT", `/api/articles/${id}`, {
      cookie: admin,
      body: { en: { title: "Deux langues au pas (EN)", tags: ["Pas"], version: v.en.version } },
    });
    expect(tags.status, tags.text).toBe(200);
    expect(tags.json.article.versions.en.stale).toMatchObject({ sourceLang: "fr" });

    const marked = await call(server, "POST", `/api/articles/${id}/en/synced`, { cookie: admin, body: { version: tags.json.article.versions.en.version } });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json.article.versions.en.stale).toBeNull();
    expectApiError(await call(server, "POST", `/api/articles/${id}/en/synced`, { cookie: admin, body: { version: 99 } }), 409, "stale_version");

    // The French title changes: English à revoir again; editing the English title clears it (and French follows then).
    v = await versions(server, admin, id);
    await call(server, "PUT", `/api/articles/${id}`, { cookie: admin, body: { fr: { title: "Deux langues, un seul pas", version: v.fr.version } } });
    v = await versions(server, admin, id);
    expect(v.en.stale).toMatchObject({ sourceLang: "fr" });
    await call(server, "PUT", `/api/articles/${id}`, { cookie: admin, body: { en: { title: "Two languages, one step", version: v.en.version } } });
    v = await versions(server, admin, id);
    expect(v.en.stale).toBeNull();
    expect(v.fr.stale).toMatchObject({ sourceLang: "en" });
  });

  it("translates from French with the configured service: the English draft is filled and à relire, French stays in step", async () => {
    const id = await bilingual(server, admin, "À traduire");
    await saveBody(server, admin, id, "fr", "Pourquoi réserver en ligne");
    const en = (await versions(server, admin, id)).en;
    const before = stub.requests.length;
    const res = await call(server, "POST", `/api/articles/${id}/en/translate`, { cookie: admin, body: { version: en.version } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.translated).toBe(true);
    expect(res.json.message).toMatch(/service d'IA/);
    expect(stub.requests.length).toBe(before + 1);
    expect(res.json.article.versions.en).toMatchObject({ title: "[EN] À traduire", needsReview: true, stale: null });
    expect(res.json.article.versions.fr.stale).toBeNull();
    const draft = await call(server, "GET", `/api/pages/${id}/en`, { cookie: admin });
    const texts = JSON.stringify(draft.json.draft.doc);
    expect(texts).toContain("[EN] Pourquoi réserver en ligne");
    expect(texts).toContain("<strong>gras</strong>");
    // A stale version is refused, nothing written.
    expectApiError(await call(server, "POST", `/api/articles/${id}/en/translate`, { cookie: admin, body: { version: 1 } }), 409, "stale_version");
    // A model's answer that is not a translation: a French 502, the draft untouched.
    stub.mode = "not-json";
    try {
      const bad = await call(server, "POST", `/api/articles/${id}/en/translate`, { cookie: admin, body: { version: res.json.article.versions.en.version } });
      expectApiError(bad, 502, "ai_invalid_answer");
    } finally {
      stub.mode = "translate";
    }
    expect((await versions(server, admin, id)).en.title).toBe("[EN] À traduire");
  });

  it("copies the structure without a service, and says so", async () => {
    const id = await bilingual(bare, bareAdmin, "Sans service");
    await saveBody(bare, bareAdmin, id, "fr", "Titre à copier");
    const en = (await versions(bare, bareAdmin, id)).en;
    const res = await call(bare, "POST", `/api/articles/${id}/en/translate`, { cookie: bareAdmin, body: { version: en.version } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.translated).toBe(false);
    expect(res.json.message).toMatch(/Aucun service d'IA/);
    expect(res.json.article.versions.en.needsReview).toBe(true);
    expect(JSON.stringify((await call(bare, "GET", `/api/pages/${id}/en`, { cookie: bareAdmin })).json.draft.doc)).toContain("Titre à copier");
  });
});
