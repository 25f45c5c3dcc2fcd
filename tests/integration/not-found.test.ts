import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { fr } from "~/lib/i18n/fr";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../support/auth";
import { attrOf, decodeEntities, get, h1s, htmlLang, metaProperty, request, tags, testIdTag, testIdText } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The public site's unknown addresses and its chrome (issue 22, "on the public site"; decision 036): any
 * unknown address is a 404 in its language with ways on (menu, blog, contact) and noindex, never a redirect
 * home; the 301s of moved pages stay; the footer follows French typography and English spacing; the English
 * contact form names the plans in English.
 */
const ENGINES = await engines();
const NNBSP = "\u202F";

describe.each(ENGINES)("unknown addresses and the public chrome on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ["/nimportequoi", "fr"],
    ["/solutions", "fr"],
    ["/solutions/inconnue", "fr"],
    ["/offres/extra", "fr"],
    ["/blog/x/y", "fr"],
    ["/page", "fr"],
    ["/admin-ish", "fr"],
    ["/en/nope", "en"],
    ["/en/solutions", "en"],
    ["/en/offres", "en"],
    ["/en/blog/x/y", "en"],
  ] as const)("%s answers 404 in %s with ways on, not a redirect home", async (path, lang) => {
    const res = await get(server.url, path);
    expect(res.status, path).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(htmlLang(res.text)).toBe(lang);
    const dict = lang === "fr" ? fr : en;
    expect(h1s(res.text)).toEqual([dict["notFound.title"]]);
    expect(metaProperty(res.text, "robots")).toEqual(["noindex"]);
    // Ways on: the menu, and the blog and contact pages of this language.
    expect(testIdTag(res.text, "desktop-menu")).toBeDefined();
    const block = res.text.match(/data-testid="not-found"[\s\S]*?<\/section>/)?.[0] ?? "";
    const hrefs = tags(block, /<a\b[^>]*>/g).map((a) => attrOf(a, "href"));
    expect(hrefs).toEqual(expect.arrayContaining(lang === "fr" ? ["/", "/blog", "/contact"] : ["/en", "/en/blog", "/en/contact"]));
  });

  it("answers HEAD on an unknown address with 404 and no body", async () => {
    const res = await request(server.url, "/nimportequoi", { method: "HEAD" });
    expect(res.status).toBe(404);
    expect(res.raw.length).toBe(0);
  });

  it("keeps the 301 of a moved page, while an address that never existed is a 404", async () => {
    const view = await call(server, "GET", "/api/site-structure", { cookie: admin });
    expect(view.status, view.text).toBe(200);
    const offers = view.json.pages.find((p: { systemKey: string | null }) => p.systemKey === "offers");
    const meta = (t: { title: string; description: string }, path: string) => ({ title: t.title, description: t.description, path });
    const structure = {
      ...view.json.structure,
      pages: { [offers.id]: { fr: meta(offers.translations.fr, "/nos-tarifs"), en: meta(offers.translations.en, "/en/our-pricing") } },
    };
    const saved = await call(server, "PUT", "/api/site-structure", { cookie: admin, body: { version: view.json.version, structure } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(server, "POST", "/api/site-structure/publish", { cookie: admin, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);
    for (const [from, to] of [
      ["/offres", "/nos-tarifs"],
      ["/en/offers", "/en/our-pricing"],
    ]) {
      const r = await get(server.url, from);
      expect(r.status, from).toBe(301);
      expect(r.headers.location, from).toBe(to);
    }
    expect((await get(server.url, "/nos-tarifs")).status).toBe(200);
    expect((await get(server.url, "/tarifs-inconnus")).status).toBe(404);
  });

  it("sets the French footer in French typography, on every page", async () => {
    for (const path of ["/", "/contact", "/nimportequoi"]) {
      const footer = (await get(server.url, path)).text.match(/data-testid="site-footer"[\s\S]*?<\/footer>/)?.[0] ?? "";
      expect(footer, path).toContain(`petites entreprises${NNBSP}: réservation`);
      expect(footer, path).not.toMatch(/\S :/);
      expect(footer, path).toContain(`Téléphone${NNBSP}:`);
      expect(footer, path).toContain(`E-mail${NNBSP}:`);
    }
  });

  it("gives the English footer English spacing: no space before a colon", async () => {
    const footer = (await get(server.url, "/en")).text.match(/data-testid="site-footer"[\s\S]*?<\/footer>/)?.[0] ?? "";
    expect(footer).toContain("Phone:");
    expect(footer).toContain("Email:");
    expect(footer).toContain("small businesses: booking");
    expect(footer).not.toMatch(/[\s\u00A0\u202F]:/);
  });

  it("names the plans in each language's contact form", async () => {
    const options = async (path: string) => {
      const html = (await get(server.url, path)).text;
      const select = html.match(/<select[^>]*id="contact-offer"[\s\S]*?<\/select>/)?.[0] ?? "";
      return tags(select, /<option[^>]*>[^<]*</g).map((o) => decodeEntities(o.replace(/^<option[^>]*>/, "").slice(0, -1)));
    };
    expect(await options("/en/contact")).toEqual(["I don't know yet", "Essentials", "Growth", "360"]);
    expect(await options("/contact")).toEqual(["Je ne sais pas encore", "Essentiel", "Croissance", "360"]);
    expect(testIdText((await get(server.url, "/en/contact")).text, "footer-phone")).toMatch(/^\+44/);
  });
});
