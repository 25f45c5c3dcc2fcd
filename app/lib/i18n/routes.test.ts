import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/lib/content/settings";
import { isActiveHref } from "~/lib/structure/shell";
import { defaultStructure } from "~/lib/structure/structure-schemas";
import {
  blogArticlePath,
  customPagePath,
  isArticlePath,
  languageFromPath,
  normalizePath,
  routeKeyOfPath,
  ROUTE_KEYS,
  ROUTES,
  stripLangPrefix,
  switchLanguagePath,
  withLangPrefix,
  type Lang,
  type RouteKey,
} from "./routes";

/** Seed 000 §2, written out again on purpose: the table in routes.ts must match the specification (plus /contact). */
const SPEC_TABLE: [string, string][] = [
  ["/", "/en"],
  ["/blog", "/en/blog"],
  ["/solutions/reservation", "/en/solutions/reservation"],
  ["/solutions/site-web", "/en/solutions/website"],
  ["/solutions/reseaux-sociaux", "/en/solutions/social-media"],
  ["/solutions/click-collect", "/en/solutions/click-collect"],
  ["/offres", "/en/offers"],
  ["/partenaires", "/en/partners"],
  ["/recrutement", "/en/recruitment"],
  ["/mentions-legales", "/en/legal-notice"],
  ["/politique-de-confidentialite", "/en/privacy-policy"],
  // Added by issue 15 (the contact form), beyond the specification's table.
  ["/contact", "/en/contact"],
];

describe("route table", () => {
  it("is exactly the specification's table", () => {
    const table = ROUTE_KEYS.map((k) => [ROUTES[k].fr, ROUTES[k].en]);
    expect(table.sort()).toEqual([...SPEC_TABLE].sort());
  });

  it.each(SPEC_TABLE)("%s ⇄ %s both ways", (fr, en) => {
    expect(switchLanguagePath(fr, "en")).toBe(en);
    expect(switchLanguagePath(en, "fr")).toBe(fr);
    // Switching to the language a path already has leaves it alone.
    expect(switchLanguagePath(fr, "fr")).toBe(fr);
    expect(switchLanguagePath(en, "en")).toBe(en);
    // Round trip.
    expect(switchLanguagePath(switchLanguagePath(fr, "en"), "fr")).toBe(fr);
    expect(languageFromPath(fr)).toBe("fr");
    expect(languageFromPath(en)).toBe("en");
    expect(routeKeyOfPath(fr)).toBe(routeKeyOfPath(en));
    expect(routeKeyOfPath(fr)).toBeDefined();
  });

  it.each(SPEC_TABLE)("a trailing slash is ignored: %s/ and %s/", (fr, en) => {
    const frSlash = fr === "/" ? "/" : `${fr}/`;
    expect(switchLanguagePath(frSlash, "en")).toBe(en);
    expect(switchLanguagePath(`${en}/`, "fr")).toBe(fr);
    expect(routeKeyOfPath(`${en}/`)).toBe(routeKeyOfPath(en));
    expect(languageFromPath(`${en}/`)).toBe("en");
  });
});

describe("languageFromPath", () => {
  it.each([
    ["/en", "en"],
    ["/en/", "en"],
    ["/en/blog/some-slug", "en"],
    ["/en/anything/else", "en"],
    ["/", "fr"],
    ["/enfants", "fr"],
    ["/english", "fr"],
    ["/entreprise/en", "fr"],
    ["/blog/en", "fr"],
    ["/EN", "fr"],
    ["", "fr"],
  ] as const)("%s is %s", (path, lang) => {
    expect(languageFromPath(path)).toBe(lang);
  });
});

describe("switchLanguagePath for unmapped paths", () => {
  it("adds or removes /en only", () => {
    expect(switchLanguagePath("/page/a-propos", "en")).toBe("/en/page/a-propos");
    expect(switchLanguagePath("/en/page/about", "fr")).toBe("/page/about");
    expect(switchLanguagePath("/quelque/chose", "en")).toBe("/en/quelque/chose");
    expect(switchLanguagePath("/en/some/thing", "fr")).toBe("/some/thing");
  });

  it("keeps blog slugs unchanged", () => {
    expect(switchLanguagePath("/blog/mon-article-2024", "en")).toBe("/en/blog/mon-article-2024");
    expect(switchLanguagePath("/en/blog/mon-article-2024", "fr")).toBe("/blog/mon-article-2024");
    expect(switchLanguagePath("/blog/mon-article-2024/", "en")).toBe("/en/blog/mon-article-2024");
  });

  it("treats /enfants as a French path", () => {
    expect(switchLanguagePath("/enfants", "en")).toBe("/en/enfants");
    expect(switchLanguagePath("/enfants", "fr")).toBe("/enfants");
    expect(switchLanguagePath("/en/enfants", "fr")).toBe("/enfants");
  });

  it("/en goes to / and / to /en", () => {
    expect(switchLanguagePath("/en", "fr")).toBe("/");
    expect(switchLanguagePath("/en/", "fr")).toBe("/");
    expect(switchLanguagePath("/", "en")).toBe("/en");
  });

  it("ignores a trailing slash (and several)", () => {
    expect(switchLanguagePath("/quelque/chose/", "en")).toBe("/en/quelque/chose");
    expect(switchLanguagePath("/en/some/thing///", "fr")).toBe("/some/thing");
  });
});

describe("normalizePath", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["//", "/"],
    ["/offres/", "/offres"],
    ["/offres///", "/offres"],
    ["/en/", "/en"],
    ["/blog/x", "/blog/x"],
  ])("%j → %j", (input, out) => {
    expect(normalizePath(input)).toBe(out);
  });

  it("never produces a protocol-relative path (which a redirect would send to another host)", () => {
    for (const input of ["//evil.example/", "//evil.example", "///evil.example//", "/en//evil.example/"]) {
      expect(normalizePath(input).startsWith("//"), input).toBe(false);
    }
  });
});

describe("a table of current addresses", () => {
  it("switches language and finds route keys by the moved addresses", () => {
    const table = { ...ROUTES, offers: { fr: "/nos-offres", en: "/en/our-offers" } };
    expect(switchLanguagePath("/nos-offres", "en", table)).toBe("/en/our-offers");
    expect(switchLanguagePath("/en/our-offers", "fr", table)).toBe("/nos-offres");
    expect(routeKeyOfPath("/nos-offres", table)).toBe("offers");
    expect(routeKeyOfPath("/offres", table)).toBeUndefined();
  });
});

describe("prefix helpers", () => {
  it("strip and add the /en prefix", () => {
    expect(stripLangPrefix("/en/blog/x")).toBe("/blog/x");
    expect(stripLangPrefix("/en")).toBe("/");
    expect(stripLangPrefix("/enfants")).toBe("/enfants");
    expect(withLangPrefix("/blog/x", "en")).toBe("/en/blog/x");
    expect(withLangPrefix("/", "en")).toBe("/en");
    expect(withLangPrefix("/blog/x", "fr")).toBe("/blog/x");
    expect(blogArticlePath("slug", "fr")).toBe("/blog/slug");
    expect(blogArticlePath("slug", "en")).toBe("/en/blog/slug");
    expect(blogArticlePath("slug", "fr", "/actualites")).toBe("/actualites/slug");
    expect(isArticlePath("/actualites/x", "/actualites")).toBe(true);
    expect(isArticlePath("/actualites", "/actualites")).toBe(false);
    expect(isArticlePath("/actualites/", "/actualites")).toBe(false);
    expect(isArticlePath("/actualites/x/y", "/actualites")).toBe(false);
    expect(isArticlePath("/actualites-x", "/actualites")).toBe(false);
    expect(customPagePath("p", "en")).toBe("/en/page/p");
    expect(customPagePath("p", "fr")).toBe("/page/p");
  });
});

describe("menu", () => {
  it("has the entries of seed 000 §2 in order, Solutions with its four children", () => {
    const { menu } = defaultStructure(DEFAULT_SETTINGS);
    const keyOf = (l: (typeof menu)[number]["link"]) => (l?.type === "system" ? l.key : null);
    expect(menu.map((m) => keyOf(m.link) ?? m.id)).toEqual(["home", "solutions", "blog", "offers", "partners", "recruitment"]);
    expect(menu[1].children.map((c) => keyOf(c.link))).toEqual(["social", "booking", "website", "clickCollect"]);
  });

  it("highlights the current entry only, and the blog on its articles", () => {
    // The shell's links: the blog's entry is a section (decision 017), the others a page.
    const isActive = (key: RouteKey, lang: Lang, pathname: string) => isActiveHref({ href: ROUTES[key][lang], section: key === "blog" }, pathname);
    expect(isActive("offers", "fr", "/offres")).toBe(true);
    expect(isActive("offers", "fr", "/offres/")).toBe(true);
    expect(isActive("offers", "en", "/offres")).toBe(false);
    expect(isActive("offers", "en", "/en/offers")).toBe(true);
    expect(isActive("home", "fr", "/offres")).toBe(false);
    expect(isActive("home", "fr", "/")).toBe(true);
    expect(isActive("home", "en", "/en/")).toBe(true);
    expect(isActive("blog", "fr", "/blog/un-article")).toBe(true);
    expect(isActive("blog", "en", "/en/blog/an-article")).toBe(true);
    expect(isActive("blog", "fr", "/blogueur")).toBe(false);
    expect(isActive("website", "en", "/en/solutions/website")).toBe(true);
    expect(isActive("website", "en", "/en/solutions/website-extra")).toBe(false);
  });
});
