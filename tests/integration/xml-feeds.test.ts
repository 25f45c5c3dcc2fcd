import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 24 finding 6: U+FFFE in an article title made /blog/rss.xml malformed XML for every reader.
 * Non-characters are refused at input (the shared safe-text rule), and the feeds and the sitemap drop
 * whatever XML 1.0 forbids at output (rows stored before the rule). Checked by a real XML parser, plus
 * XML 1.0's Char production (fast-xml-parser does not check characters).
 */
const ENGINES = await engines();

const NOT_XML_10_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function expectValidXml(text: string, what: string) {
  expect(XMLValidator.validate(text), what).toBe(true);
  expect(NOT_XML_10_CHAR.exec(text)?.[0].codePointAt(0)?.toString(16), `${what} : caractère interdit en XML 1.0`).toBeUndefined();
}

describe.each(ENGINES)("XML feeds on %s", (engine) => {
  let server: TestServer;
  let admin: string;

  async function publish(fr: Record<string, unknown>) {
    const res = await call(server, "POST", "/api/articles", { cookie: admin, body: { fr } });
    expect(res.status, res.text).toBe(201);
    const a = res.json.article;
    const p = await call(server, "POST", `/api/articles/${a.id}/fr/publish`, { cookie: admin, body: { version: a.versions.fr.version } });
    expect(p.status, p.text).toBe(200);
    return a;
  }

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ["title", { title: "Titre \uFFFE piégé" }, "U+FFFE"],
    ["excerpt", { title: "Extrait piégé", excerpt: "fin \uFFFF" }, "U+FFFF"],
    ["tag", { title: "Étiquette piégée", tags: ["ok", "\uFDD0x"] }, "U+FDD0"],
    ["title (astral)", { title: "Titre \u{10FFFF}" }, "U+10FFFF"],
  ])("an article %s with a non-character is refused with a French message", async (_field, fr, codePoint) => {
    const res = await call(server, "POST", "/api/articles", { cookie: admin, body: { fr } });
    expectApiError(res, 400, "invalid_input");
    expect(res.json.error.message).toContain(`caractère Unicode interdit (non-caractère ${codePoint})`);
  });

  it("hostile but allowed text, and a forbidden character stored before the rule, leave both feeds and the sitemap valid XML", async () => {
    const a = await publish({
      title: `Ça & <3 « ]]> » "guillemets" 'apostrophes' 😀 \uE000`,
      excerpt: "]]> &amp; &#0; &#xFFFE;\nligne\ttab",
      tags: ["&lt;", "'\"", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"],
    });
    // A row written before the rule (an old version, a restore): the feed must still be XML.
    await sql(server, "update page_translations set title = ?, excerpt = ? where page_id = ? and lang = 'fr'", [
      "Ancien \uFFFE titre \u0001 \uFFFF",
      "Ancien extrait \u001b[31m",
      a.id,
    ]);
    // Another publication refreshes the cached feed.
    await publish({ title: "Rafraîchit le flux" });
    for (const path of ["/blog/rss.xml", "/en/blog/rss.xml", "/sitemap.xml"]) {
      const res = await get(server.url, path);
      expect(res.status, path).toBe(200);
      expectValidXml(res.text, path);
    }
    const fr = (await get(server.url, "/blog/rss.xml")).text;
    expect(fr).toContain("<title>Ancien  titre  </title>");
    expect(fr).toContain("<description>Ancien extrait [31m</description>");
    expect(fr).toContain("<category>&amp;lt;</category>");
    expect(fr).toContain("<category>&apos;&quot;</category>");
  });
});
