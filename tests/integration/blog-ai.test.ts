import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The AI article generator: with no provider, a structured outline saying so; with a provider (a local
 * server speaking the OpenAI chat-completions protocol, started here), its article as a draft whose body
 * is a valid, sanitized page document; answers that are not an article, errors and bad input refused in
 * French with nothing created.
 */
const ENGINES = await engines();

type Mode = "article" | "not-json" | "not-article" | "http-500";
let mode: Mode = "article";
const seen: { auth?: string; model?: string; format?: unknown; prompt?: string }[] = [];

const ARTICLE = {
  title: "Fidéliser avec la réservation en ligne",
  slug: "fideliser-reservation",
  excerpt: "Cinq idées simples pour faire revenir vos clients.",
  metaDescription: "Fidéliser ses clients grâce à la réservation en ligne : cinq idées concrètes.",
  sections: [
    { paragraphs: ["Vos clients aiment réserver quand ils veulent. <script>alert(1)</script>"] },
    { heading: "Les rappels", paragraphs: ["Un SMS la veille réduit les absences."], bullets: ["Rappel SMS", "Acompte"] },
  ],
};

function fakeProvider(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const parsed = JSON.parse(body || "{}");
      seen.push({ auth: req.headers.authorization, model: parsed.model, format: parsed.response_format, prompt: parsed.messages?.[1]?.content });
      if (req.url !== "/v1/chat/completions") return res.writeHead(404).end();
      if (mode === "http-500") return res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":{"message":"boom"}}');
      const content =
        mode === "article"
          ? "```json\n" + JSON.stringify(ARTICLE) + "\n```"
          : mode === "not-json"
            ? "Voici votre article : …"
            : JSON.stringify({ title: "", sections: "aucune" });
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

const generate = (server: TestServer, cookie: string, body: unknown) => call(server, "POST", "/api/articles/generate", { cookie, body });
const count = async (server: TestServer) => Number((await sql<{ n: number | string }>(server, "select count(*) as n from pages where kind = 'article'"))[0].n);

describe("AI article generator without a provider", () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => server?.stop());

  it("builds a structured outline from the inputs in both languages, says no AI service is configured, and publishes nothing", async () => {
    const res = await generate(server, admin, {
      topic: "Le click & collect à Noël",
      lang: "both",
      tone: "convivial",
      length: "court",
      keywords: ["Noël", "retrait"],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.source).toBe("template");
    expect(res.json.message).toContain("Aucun service d'IA n'est configuré");
    const a = (await call(server, "GET", `/api/articles/${res.json.articleId}`, { cookie: admin })).json.article;
    expect(a.versions.fr).toMatchObject({ title: "Le click & collect à Noël", slug: "le-click-collect-a-noel", status: "draft", tags: ["Noël", "retrait"] });
    expect(a.versions.en.status).toBe("draft");
    const draft = (await call(server, "GET", `/api/pages/${a.id}/fr`, { cookie: admin })).json.draft;
    const texts = JSON.stringify(draft.doc);
    expect(texts).toContain("Les points clés");
    expect(texts).toContain("Noël : [à développer]");
    expect((await get(server.url, a.versions.fr.path)).status).toBe(404);
    // A second generation on the same topic gets its own slug.
    const again = await generate(server, admin, { topic: "Le click & collect à Noël", lang: "fr", tone: "convivial", length: "court", keywords: [] });
    expect((await call(server, "GET", `/api/articles/${again.json.articleId}`, { cookie: admin })).json.article.versions.fr.slug).toBe(
      "le-click-collect-a-noel-2",
    );
  });

  it("refuses bad input in French", async () => {
    const before = await count(server);
    for (const body of [
      {},
      { topic: "", lang: "fr", tone: "convivial", length: "court" },
      { topic: "Sujet", lang: "de", tone: "convivial", length: "court" },
      { topic: "<img src=x onerror=alert(1)>", lang: "fr", tone: "convivial", length: "court" },
      { topic: "Sujet", lang: "fr", tone: "agressif", length: "court" },
      { topic: "Sujet\u0000", lang: "fr", tone: "convivial", length: "court" },
    ]) {
      expectApiError(await generate(server, admin, body), 400);
    }
    expectApiError(await call(server, "POST", "/api/articles/generate", { body: { topic: "Sujet" } }), 401);
    expect(await count(server)).toBe(before);
  });
});

describe.each(ENGINES)("AI article generator with a provider on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  beforeAll(async () => {
    provider = await fakeProvider();
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, AI_BASE_URL: provider.url, AI_API_KEY: "sk-test-key", AI_MODEL: "fake-model" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  it("turns the provider's answer into a sanitized draft article, never published", async () => {
    mode = "article";
    seen.length = 0;
    const res = await generate(server, admin, { topic: "Fidéliser ses clients", lang: "fr", tone: "professionnel", length: "moyen", keywords: ["fidélité"] });
    expect(res.status, res.text).toBe(201);
    expect(res.json.source).toBe("ai");
    expect(seen[0]).toMatchObject({ auth: "Bearer sk-test-key", model: "fake-model", format: { type: "json_object" } });
    expect(seen[0].prompt).toContain("Fidéliser ses clients");
    expect(seen[0].prompt).toContain("fidélité");
    const a = (await call(server, "GET", `/api/articles/${res.json.articleId}`, { cookie: admin })).json.article;
    expect(a.versions.fr).toMatchObject({ title: ARTICLE.title, slug: "fideliser-reservation", excerpt: ARTICLE.excerpt, status: "draft" });
    expect(a.versions.en).toBeUndefined();
    const doc = JSON.stringify((await call(server, "GET", `/api/pages/${a.id}/fr`, { cookie: admin })).json.draft.doc);
    expect(doc).toContain("Les rappels");
    expect(doc).toContain("Rappel SMS");
    expect(doc).not.toContain("<script");
  });

  it("refuses an answer that is not an article, and provider errors, with nothing created", async () => {
    const before = await count(server);
    for (const m of ["not-json", "not-article", "http-500"] as const) {
      mode = m;
      const res = await generate(server, admin, { topic: "Fidéliser ses clients", lang: "both", tone: "professionnel", length: "moyen", keywords: [] });
      expectApiError(res, 502);
      expect(res.json.error.message).toMatch(/service d'IA/);
    }
    expect(await count(server)).toBe(before);
  });
});
