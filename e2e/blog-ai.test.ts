import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, signedInContext, watchErrors } from "./builder-support";

/**
 * The AI article generator in Chromium: offline (no provider: the outline template, said so, opened in
 * the editor as a draft) and with a local server speaking the OpenAI chat-completions protocol.
 */
let browser: Browser;
const SHOTS = process.env.BLOG_SHOTS;
const ANSWER = {
  title: "Trois idées pour l'hiver",
  slug: "trois-idees-hiver",
  excerpt: "De quoi remplir l'agenda en janvier.",
  metaDescription: "Trois idées pour remplir l'agenda d'un salon en hiver.",
  sections: [{ heading: "Les cartes cadeaux", paragraphs: ["Proposez-les en ligne."] }],
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function generateIn(server: TestServer, topic: string) {
  const api = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const ctx = await signedInContext(browser, server, api.cookie);
  const page = await ctx.newPage();
  const watch = watchErrors(page);
  await page.goto(`${server.url}/admin/ai-blog-generator`);
  await page.getByTestId("ai-generator").waitFor();
  await page.locator('[name="topic"]').fill(topic);
  await page.locator('[name="lang"]').selectOption("fr");
  await page.locator('[name="keywords"]').fill("hiver, fidélité");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/blog-ai-1440.png`, fullPage: true });
  await page.locator('[data-action="generate"]').click();
  await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
  await page.getByTestId("article-editor").waitFor();
  const id = page.url().split("/").pop()!;
  const a = (await call(server, "GET", `/api/articles/${id}`, { cookie: api.cookie })).json.article;
  return { page, watch, ctx, a };
}

describe("AI article generator", () => {
  it("without a provider: an outline template opened in the editor, saying no AI service is configured", async () => {
    const server = await startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD });
    try {
      const { page, watch, ctx, a } = await generateIn(server, "Préparer les fêtes en boutique");
      expect(await page.getByTestId("notice").innerText()).toContain("Aucun service d'IA n'est configuré");
      expect(await page.locator('[name="fr-title"]').inputValue()).toBe("Préparer les fêtes en boutique");
      expect(a.versions.fr.status).toBe("draft");
      expect(a.versions.fr.tags).toEqual(["hiver", "fidélité"]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/blog-ai-result-1440.png`, fullPage: true });
      watch.expectNone();
      await ctx.close();
    } finally {
      await server.stop();
    }
  });

  it("with a provider: its article as a draft", async () => {
    const fake = http.createServer((req, res) => {
      req.resume();
      req.on("end", () =>
        res
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(ANSWER) } }] })),
      );
    });
    await new Promise<void>((r) => fake.listen(0, "127.0.0.1", () => r()));
    const server = await startServer("sqlite", {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      AI_MODEL: "fake",
    });
    try {
      const { page, watch, ctx, a } = await generateIn(server, "Remplir l'agenda en hiver");
      expect(await page.getByTestId("notice").innerText()).toContain("généré par l'IA");
      expect(await page.locator('[name="fr-title"]').inputValue()).toBe(ANSWER.title);
      expect(a.versions.fr).toMatchObject({ slug: "trois-idees-hiver", status: "draft" });
      watch.expectNone();
      await ctx.close();
    } finally {
      await server.stop();
      await new Promise((r) => fake.close(r));
    }
  });
});
