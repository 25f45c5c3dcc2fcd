import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { attrOf, canonical, get, hreflangs, testIdTag } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The site-structure API on every engine: admins only; validation (loops, deleted pages, reserved and
 * duplicate addresses, hostile URLs and labels, oversize menus) in French without storing anything;
 * a saved draft changes nothing public until "Publier"; publishing drops every cached page; an address
 * change answers 301 from the old address, chains collapse and moving back never loops.
 */
const ENGINES = await engines();

interface Revision {
  id: string;
  createdAt: string;
  createdBy: string | null;
}

interface View {
  structure: any;
  version: number;
  status: "published" | "draft_pending";
  pages: { id: string; kind: string; systemKey: string | null; translations: Record<string, { title: string; path: string; description: string }> }[];
  revisions: Revision[];
}

const nav = (html: string) => html.match(/data-testid="desktop-menu"[\s\S]*?<\/nav>/)?.[0] ?? "";
const noRedirect = (location: string | string[] | undefined) => String(location ?? "");

describe.each(ENGINES)("site structure on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: string;
  let customId: string;

  const view = async (): Promise<View> => {
    const res = await call(server, "GET", "/api/site-structure", { cookie: admin });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const save = (version: number, structure: unknown, cookie = admin) => call(server, "PUT", "/api/site-structure", { cookie, body: { version, structure } });
  const publish = (version: number) => call(server, "POST", "/api/site-structure/publish", { cookie: admin, body: { version } });
  const draftRow = async () => (await sql<{ data: string; version: number }>(server, "select data, version from site_structure where id = 'draft'"))[0];
  /** Saves a change to the current draft and returns the new view. */
  const edit = async (change: (s: any) => void): Promise<View> => {
    const v = await view();
    change(v.structure);
    const res = await save(v.version, v.structure);
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "editrice@archimed.test", "editor", "editor-password-1");
    editor = await login(server, e.email, e.password);
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Agence", slug: "agence" }, en: { title: "Agency", slug: "agency" } },
    });
    expect(created.status, created.text).toBe(201);
    customId = created.json.page.id;
    for (const lang of ["fr", "en"]) {
      const p = await call(server, "POST", `/api/pages/${customId}/${lang}/publish`, {
        cookie: admin,
        body: { version: created.json.page.translations[lang].version },
      });
      expect(p.status, p.text).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("starts from today's menu and footer, and only admins read or write it", async () => {
    const v = await view();
    expect(v.structure.menu.map((e: { id: string }) => e.id)).toEqual(["home", "solutions", "blog", "offers", "partners", "recruitment"]);
    expect(v.structure.menu[1].children).toHaveLength(4);
    expect(v.structure.footer).toHaveLength(3);
    expect(v.status).toBe("published");
    expect(v.pages.find((p) => p.systemKey === "offers")?.translations.fr.path).toBe("/offres");
    expectApiError(await call(server, "GET", "/api/site-structure", { cookie: editor }), 403, "forbidden");
    expectApiError(await save(v.version, v.structure, editor), 403, "forbidden");
    expectApiError(await call(server, "POST", "/api/site-structure/publish", { cookie: editor, body: { version: 0 } }), 403);
    expectApiError(await call(server, "GET", "/api/site-structure"), 401);
  });

  it("refuses bad input with a French message, never a 500, and keeps the draft as it was", async () => {
    const v = await view();
    const before = await draftRow();
    const base = () => structuredClone(v.structure);
    const entry = (link: unknown, label: unknown = { fr: "Lien", en: "Link" }) => ({ id: "x1", label, link, children: [] });
    const cases: [any, number, string][] = [
      [{ ...base(), menu: [...base().menu, entry({ type: "url", url: "javascript:alert(1)" })] }, 400, "http(s)"],
      [{ ...base(), menu: [...base().menu, entry({ type: "url", url: "//evil.example/x" })] }, 400, "seule barre oblique"],
      [{ ...base(), menu: [...base().menu, entry({ type: "system", key: "home" }, { fr: "<img src=x onerror=alert(1)>", en: "x" })] }, 400, "HTML"],
      [{ ...base(), menu: [...base().menu, entry({ type: "page", pageId: "supprimee" })] }, 400, "n'existe plus"],
      [{ ...base(), menu: [...base().menu, entry({ type: "article", pageId: customId })] }, 400, "n'existe plus"],
      [{ ...base(), menu: [...base().menu, entry({ type: "system", key: "inconnue" })] }, 400, "page système inconnue"],
      [
        {
          ...base(),
          menu: [
            {
              id: "a",
              label: { fr: "A", en: "A" },
              link: null,
              children: [{ id: "b", label: { fr: "B", en: "B" }, link: { type: "system", key: "home" }, children: [{ id: "c" }] }],
            },
          ],
        },
        400,
        "deux niveaux",
      ],
      [{ ...base(), menu: [entry({ type: "system", key: "home" }), entry({ type: "system", key: "blog" })] }, 400, "en double"],
      [{ ...base(), menu: Array.from({ length: 13 }, (_, i) => ({ ...entry({ type: "system", key: "home" }), id: `m${i}` })) }, 400, "12 entrées"],
      [{ ...base(), settings: { ...base().settings, social: { ...base().settings.social, facebook: "javascript:alert(1)" } } }, 400, "http"],
      [{ ...base(), settings: { ...base().settings, email: "pas-un-email" } }, 400, "settings.email"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "/admin" } } } }, 400, "réservée"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "/api/x" } } } }, 400, "réservée"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "/assets/x" } } } }, 400, "réservée"],
      [{ ...base(), pages: { [customId]: { en: { title: "Agency", description: "", path: "/en" } } } }, 400, "/en"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "/offres" } } } }, 400, "page système"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "/en/agence" } } } }, 400, "française"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "https://evil.example/x" } } } }, 400, "adresse"],
      [{ ...base(), pages: { [customId]: { fr: { title: "Agence", description: "", path: "/Agence Été" } } } }, 400, "minuscules"],
      [
        { ...base(), pages: { [v.pages.find((p) => p.systemKey === "home")!.id]: { fr: { title: "Accueil", description: "", path: "/accueil" } } } },
        400,
        "accueil",
      ],
    ];
    for (const [structure, status, text] of cases) {
      const res = await save(v.version, structure);
      expectApiError(res, status);
      expect(res.json.error.message, JSON.stringify(structure).slice(0, 200)).toContain(text);
    }
    // A 10,000-entry menu is refused before it is parsed, or by the limit.
    const huge = { ...base(), menu: Array.from({ length: 10_000 }, (_, i) => ({ ...entry({ type: "system", key: "home" }), id: `m${i}` })) };
    const big = await save(v.version, huge);
    expect([400, 413]).toContain(big.status);
    expect(big.json.error.message).toMatch(/trop volumineuse|entrées au plus/);
    expectApiError(
      await call(server, "PUT", "/api/site-structure", { cookie: admin, raw: "{pas du json", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expectApiError(await save(v.version + 7, v.structure), 409, "stale_version");
    expect(await draftRow()).toEqual(before);
  });

  it("keeps a saved menu as a draft until Publier, then every cached page shows it", async () => {
    // Warm the cache with the current header.
    expect(nav((await get(server.url, "/offres")).text)).toContain("Recrutement");
    const saved = await edit((s) => {
      s.menu = s.menu.filter((e: { id: string }) => e.id !== "recruitment");
      s.menu.unshift({ id: "agence", label: { fr: "L'agence", en: "The agency" }, link: { type: "page", pageId: customId }, children: [] });
      s.menu.push({ id: "ext", label: { fr: "Documentation", en: "Docs" }, link: { type: "url", url: "https://docs.example.com/guide" }, children: [] });
      s.footer[1].links.push({ id: "f-agence", label: { fr: "L'agence", en: "The agency" }, link: { type: "page", pageId: customId } });
    });
    expect(saved.status).toBe("draft_pending");
    // Visitors still see the published menu.
    for (const path of ["/offres", "/"]) {
      const html = (await get(server.url, path)).text;
      expect(nav(html)).toContain("Recrutement");
      expect(nav(html)).not.toContain("agence");
    }
    const res = await publish(saved.version);
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("published");
    const fr = nav((await get(server.url, "/offres")).text);
    expect(fr).toContain('href="/page/agence"');
    expect(fr).not.toContain("Recrutement");
    expect(fr).toMatch(/href="https:\/\/docs\.example\.com\/guide" target="_blank" rel="noopener noreferrer"/);
    const en = (await get(server.url, "/en/offers")).text;
    expect(nav(en)).toContain('href="/en/page/agency"');
    expect(nav(en)).toContain("The agency");
    expect(testIdTag(en, "site-footer")).toBeDefined();
    expect(en).toMatch(/site-footer[\s\S]*href="\/en\/page\/agency"/);
  });

  it("publishes the contact settings: phone per language in the footer", async () => {
    const v = await edit((s) => {
      s.settings.contact.fr.phone = "+33 1 23 45 67 89";
      s.settings.contact.en.phone = "+44 20 1234 5678";
    });
    expect((await get(server.url, "/")).text).not.toContain("+33 1 23 45 67 89");
    expect((await publish(v.version)).status).toBe(200);
    expect((await get(server.url, "/")).text).toContain("+33 1 23 45 67 89");
    expect((await get(server.url, "/en")).text).toContain("+44 20 1234 5678");
  });

  it("changes a page's address on publication: 301 from the old one, chains collapsed, moving back never loops", async () => {
    let v = await edit((s) => {
      s.pages[customId] = {
        fr: { title: "Notre agence", description: "Qui nous sommes.", path: "/notre-agence" },
        en: { title: "Our agency", description: "Who we are.", path: "/en/our-agency" },
      };
    });
    // Draft only: the old address still serves the page.
    expect((await get(server.url, "/page/agence")).status).toBe(200);
    expect((await publish(v.version)).status).toBe(200);
    const moved = await get(server.url, "/page/agence");
    expect(moved.status).toBe(301);
    expect(noRedirect(moved.headers.location)).toBe("/notre-agence");
    const page = await get(server.url, "/notre-agence");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Notre agence");
    expect(page.text).toContain('content="Qui nous sommes."');
    expect(hreflangs(page.text).en).toBe("https://archimed.test/en/our-agency");
    expect(nav(page.text)).toContain('href="/notre-agence"');
    expect((await get(server.url, "/sitemap.xml")).text).toContain("https://archimed.test/notre-agence");
    expect((await get(server.url, "/sitemap.xml")).text).not.toContain("/page/agence<");

    // Second move: both former addresses go straight to the newest (no chain).
    v = await edit((s) => {
      s.pages[customId] = { fr: { title: "Notre agence", description: "Qui nous sommes.", path: "/agence-paris" } };
    });
    expect((await publish(v.version)).status).toBe(200);
    for (const old of ["/page/agence", "/notre-agence"]) {
      const r = await get(server.url, old);
      expect(r.status, old).toBe(301);
      expect(noRedirect(r.headers.location)).toBe("/agence-paris");
    }
    // Back to the first address: it serves the page again, the others point to it, nothing loops.
    v = await edit((s) => {
      s.pages[customId] = { fr: { title: "Notre agence", description: "Qui nous sommes.", path: "/page/agence" } };
    });
    expect((await publish(v.version)).status).toBe(200);
    expect((await get(server.url, "/page/agence")).status).toBe(200);
    for (const old of ["/notre-agence", "/agence-paris"]) {
      const r = await get(server.url, old);
      expect(r.status, old).toBe(301);
      expect(noRedirect(r.headers.location)).toBe("/page/agence");
    }
    // Another page may not take this page's address, nor one that still redirects here.
    const taken = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Doublon", slug: "doublon" }, en: { title: "Duplicate", slug: "duplicate" } },
    });
    const dup = await view();
    dup.structure.pages[taken.json.page.id] = { fr: { title: "Doublon", description: "", path: "/page/agence" } };
    const duplicate = await save(dup.version, dup.structure);
    expectApiError(duplicate, 409, "conflict");
    expect(duplicate.json.error.message).toContain("déjà celle de la page « Notre agence »");
    const other = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Autre", slug: "autre" }, en: { title: "Other", slug: "other" } },
    });
    const cur = await view();
    cur.structure.pages[other.json.page.id] = { fr: { title: "Autre", description: "", path: "/agence-paris" } };
    const refused = await save(cur.version, cur.structure);
    expectApiError(refused, 409, "conflict");
    expect(refused.json.error.message).toContain("redirige déjà");
  });

  it("leaves out an entry whose page was deleted after publication, and refuses to save one", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Éphémère", slug: "ephemere" }, en: { title: "Brief", slug: "brief" } },
    });
    const id = created.json.page.id;
    for (const lang of ["fr", "en"]) await call(server, "POST", `/api/pages/${id}/${lang}/publish`, { cookie: admin, body: { version: 1 } });
    const v = await edit((s) => {
      s.menu.push({ id: "ephemere", label: { fr: "Éphémère", en: "Brief" }, link: { type: "page", pageId: id }, children: [] });
    });
    expect((await publish(v.version)).status).toBe(200);
    expect(nav((await get(server.url, "/blog")).text)).toContain('href="/page/ephemere"');
    expect((await call(server, "DELETE", `/api/pages/${id}`, { cookie: admin })).status).toBe(200);
    const after = await get(server.url, "/blog");
    expect(after.status).toBe(200);
    expect(nav(after.text)).not.toContain("ephemere");
    expect(nav(after.text)).toContain("Blog");
    // Saving the draft that still holds the entry is refused, by name.
    const cur = await view();
    const res = await save(cur.version, cur.structure);
    expectApiError(res, 400, "missing_page");
    expect(res.json.error.message).toContain("« Éphémère »");
  });
  /** The page's id and its current address in both languages. */
  const systemPage = async (key: string) => {
    const p = (await view()).pages.find((x) => x.systemKey === key)!;
    const meta = (t: { title: string; path: string; description: string }) => ({ title: t.title, description: t.description, path: t.path });
    return { id: p.id, fr: meta(p.translations.fr), en: meta(p.translations.en) };
  };
  const expect301 = async (from: string, to: string) => {
    const r = await get(server.url, from);
    expect(r.status, from).toBe(301);
    expect(noRedirect(r.headers.location), from).toBe(to);
  };

  it("moves system pages in both languages: 301 from the old addresses, links, hreflang, canonical, switch and sitemap follow", async () => {
    // The entry to the page deleted above goes first (a draft holding it cannot be saved), and is published.
    const clean = await edit((s) => {
      s.menu = s.menu.filter((e: { id: string }) => e.id !== "ephemere");
    });
    expect((await publish(clean.version)).status).toBe(200);
    const offers = await systemPage("offers");
    const contact = await systemPage("contact");
    const home = await systemPage("home");
    // Refusals, in French, with nothing stored.
    const before = await draftRow();
    const cur = await view();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ [offers.id]: { fr: { ...offers.fr, path: "/admin/offres" } } }, 400, "réservée"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/api" } } }, 400, "réservée"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/media/offres" } } }, 400, "réservée"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/assets" } } }, 400, "réservée"],
      [{ [offers.id]: { en: { ...offers.en, path: "/en" } } }, 400, "/en"],
      [{ [offers.id]: { en: { ...offers.en, path: "/our-offers" } } }, 400, "anglaise"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/contact" } } }, 400, "page système"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/blog/offres" } } }, 400, "réservée"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/page/agence" } } }, 409, "déjà celle de la page"],
      [{ [offers.id]: { fr: { ...offers.fr, path: "/tarifs" } }, [contact.id]: { fr: { ...contact.fr, path: "/tarifs" } } }, 409, "demandée pour deux pages"],
      [{ [home.id]: { en: { ...home.en, path: "/en/home" } } }, 400, "accueil"],
    ];
    for (const [pages, status, text] of refusals) {
      const res = await save(cur.version, { ...cur.structure, pages });
      expectApiError(res, status);
      expect(res.json.error.message, JSON.stringify(pages)).toContain(text);
    }
    expect(await draftRow()).toEqual(before);

    const v = await edit((s) => {
      s.pages[offers.id] = {
        fr: { title: "Nos offres", description: "Tarifs.", path: "/nos-offres" },
        en: { title: "Our offers", description: "Pricing.", path: "/en/our-offers" },
      };
      s.pages[contact.id] = { fr: { ...contact.fr, path: "/nous-contacter" }, en: { ...contact.en, path: "/en/get-in-touch" } };
    });
    // A draft: the old addresses still serve the pages.
    expect((await get(server.url, "/offres")).status).toBe(200);
    expect((await publish(v.version)).status).toBe(200);
    await expect301("/offres", "/nos-offres");
    await expect301("/en/offers", "/en/our-offers");
    await expect301("/contact", "/nous-contacter");
    await expect301("/en/contact", "/en/get-in-touch");
    const fr = await get(server.url, "/nos-offres");
    expect(fr.status).toBe(200);
    expect(fr.text).toContain("<title>Nos offres");
    expect(canonical(fr.text)).toEqual(["https://archimed.test/nos-offres"]);
    expect(hreflangs(fr.text).en).toBe("https://archimed.test/en/our-offers");
    expect(attrOf(testIdTag(fr.text, "language-switch") ?? "", "href")).toBe("/en/our-offers");
    expect(nav(fr.text)).toContain('href="/nos-offres"');
    expect(nav(fr.text)).not.toContain('href="/offres"');
    expect(attrOf(testIdTag(fr.text, "header-contact") ?? "", "href")).toBe("/nous-contacter");
    const en = await get(server.url, "/en/our-offers");
    expect(en.status).toBe(200);
    expect(hreflangs(en.text).fr).toBe("https://archimed.test/nos-offres");
    expect(attrOf(testIdTag(en.text, "language-switch") ?? "", "href")).toBe("/nos-offres");
    expect(attrOf(testIdTag(en.text, "header-contact") ?? "", "href")).toBe("/en/get-in-touch");
    expect(en.text).toMatch(/site-footer[\s\S]*href="\/en\/our-offers"/);
    const sitemap = (await get(server.url, "/sitemap.xml")).text;
    expect(sitemap).toContain("<loc>https://archimed.test/nos-offres</loc>");
    expect(sitemap).toContain('hreflang="en" href="https://archimed.test/en/our-offers"');
    expect(sitemap).not.toContain("https://archimed.test/offres<");
    expect(sitemap).not.toContain("https://archimed.test/en/offers<");
    // The contact form without JavaScript posts to the new address, and not the old one.
    const post = await call(server, "POST", "/offres", { raw: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(post.status).toBe(405);
    // An address that redirects to a system page cannot be taken by another page.
    const taken = await view();
    taken.structure.pages[customId] = { fr: { title: "Notre agence", description: "Qui nous sommes.", path: "/offres" } };
    expectApiError(await save(taken.version, taken.structure), 400);
  });

  it("moves the blog with its articles: old article addresses answer 301, the feed stays at /blog/rss.xml and links the new ones", async () => {
    const blog = await systemPage("blog");
    const [article] = await sql<{ path: string; lang: string }>(
      server,
      "select t.path, t.lang from page_translations t join pages p on p.id = t.page_id where p.kind = 'article' and t.lang = 'fr' and t.published is not null order by t.path limit 1",
    );
    expect(article?.path).toMatch(/^\/blog\//);
    const slug = article.path.slice("/blog/".length);
    const v = await edit((s) => {
      s.pages[blog.id] = { fr: { ...blog.fr, path: "/actualites" }, en: { ...blog.en, path: "/en/news" } };
    });
    expect((await publish(v.version)).status).toBe(200);
    await expect301("/blog", "/actualites");
    await expect301("/en/blog", "/en/news");
    await expect301(article.path, `/actualites/${slug}`);
    const page = await get(server.url, `/actualites/${slug}`);
    expect(page.status).toBe(200);
    expect(canonical(page.text)).toEqual([`https://archimed.test/actualites/${slug}`]);
    expect(nav(page.text)).toContain('href="/actualites"');
    const list = await get(server.url, "/actualites");
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="/actualites/${slug}"`);
    const feed = await get(server.url, "/blog/rss.xml");
    expect(feed.status).toBe(200);
    expect(feed.text).toContain(`https://archimed.test/actualites/${slug}`);
    expect((await get(server.url, "/sitemap.xml")).text).toContain(`https://archimed.test/actualites/${slug}`);
    // An unknown article under the new address is a real 404; a page may not take an address there.
    expect((await get(server.url, "/actualites/pas-un-article")).status).toBe(404);
    const cur = await view();
    cur.structure.pages[customId] = { fr: { title: "Notre agence", description: "Qui nous sommes.", path: "/actualites/agence" } };
    const refused = await save(cur.version, cur.structure);
    expectApiError(refused, 400);
    expect(refused.json.error.message).toContain("articles du blog");
    // Back home: articles return to /blog/…, and the addresses of the move point back.
    const back = await edit((s) => {
      s.pages[blog.id] = { fr: { ...blog.fr, path: "/blog" }, en: { ...blog.en, path: "/en/blog" } };
    });
    expect((await publish(back.version)).status).toBe(200);
    expect((await get(server.url, article.path)).status).toBe(200);
    await expect301(`/actualites/${slug}`, article.path);
    await expect301("/actualites", "/blog");
  });

  it("keeps every publication in the history (who, when), restores one as the draft, keeps the last 50", async () => {
    const v0 = await view();
    expect(v0.revisions.length).toBeGreaterThanOrEqual(4);
    expect(v0.revisions.every((r) => r.createdBy === ADMIN_EMAIL)).toBe(true);
    const times = v0.revisions.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The publication before the system pages moved (the fourth newest; then offers/contact, blog out, blog back).
    const offers = await systemPage("offers");
    expect(offers.fr.path).toBe("/nos-offres");
    const target = v0.revisions[3];
    expectApiError(await call(server, "POST", `/api/site-structure/revisions/${target.id}/restore`, { cookie: editor, body: { version: v0.version } }), 403);
    expectApiError(
      await call(server, "POST", `/api/site-structure/revisions/${target.id}/restore`, { cookie: admin, body: { version: v0.version + 5 } }),
      409,
      "stale_version",
    );
    const missing = await call(server, "POST", "/api/site-structure/revisions/inconnue/restore", { cookie: admin, body: { version: v0.version } });
    expectApiError(missing, 404);
    expect(missing.json.error.message).toContain("historique");
    const res = await call(server, "POST", `/api/site-structure/revisions/${target.id}/restore`, { cookie: admin, body: { version: v0.version } });
    expect(res.status, res.text).toBe(200);
    const restored: View = res.json;
    expect(restored.status).toBe("draft_pending");
    expect(restored.structure.pages[offers.id].fr.path).toBe("/offres");
    // A draft: visitors still see the current addresses until it is published.
    expect((await get(server.url, "/nos-offres")).status).toBe(200);
    expect((await publish(restored.version)).status).toBe(200);
    expect((await get(server.url, "/offres")).status).toBe(200);
    await expect301("/nos-offres", "/offres");
    await expect301("/en/our-offers", "/en/offers");
    const after = await view();
    expect(after.revisions[0].id).not.toBe(v0.revisions[0].id);
    expect(after.revisions.length).toBe(v0.revisions.length + 1);
    // Only the last 50 are kept.
    for (let i = 0; i < 55; i++) {
      await sql(server, "insert into site_structure_revisions (id, data, created_at, created_by) values (?, ?, ?, ?)", [
        `old-${i}`,
        "{}",
        new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(),
        null,
      ]);
    }
    const again = await edit((s) => {
      s.settings.contact.fr.phone = "+33 1 11 11 11 11";
    });
    expect((await publish(again.version)).status).toBe(200);
    const [{ n }] = await sql<{ n: number }>(server, "select count(*) as n from site_structure_revisions");
    expect(Number(n)).toBe(50);
    const last = await view();
    expect(last.revisions).toHaveLength(50);
    expect(last.revisions[0].createdBy).toBe(ADMIN_EMAIL);
    expect(last.revisions.slice(0, after.revisions.length + 1).every((r) => !r.id.startsWith("old-"))).toBe(true);
  });
});
