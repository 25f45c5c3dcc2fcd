import { describe, expect, it } from "vitest";
import { checkUrl, sameSitePath, sanitizeUrl, unsafeUrlReason } from "./url";

describe("sameSitePath (the builder's Fermer)", () => {
  it.each(["/", "/blog", "/en/offers?x=1#top", "/page/essai"])("keeps the same-site path %s", (p) => {
    expect(sameSitePath(p)).toBe(p);
  });
  it.each(["//blog", "/\\blog", "\\\\blog", "https://evil.example/", "javascript:alert(1)", "blog", "/\tblog", "//evil.example/x", "", null])(
    "refuses %j",
    (p) => {
      expect(sameSitePath(p)).toBeNull();
    },
  );
});

/**
 * Issue 24 finding 13: the tricks that take a browser off the site or run a script, each refused by the
 * one rule wherever an address is stored (a link, a media address, a cover, the way back).
 */
const TRICKS = [
  "/\tevil.com",
  "/\nevil.com",
  "/\revil.com",
  "/\\evil.com",
  "\\/evil.com",
  "\\\\evil.com",
  "/%09/evil.com",
  "/%5Cevil.com",
  "/%0a/evil.com",
  "//evil.com",
  " //evil.com",
  "/ /evil.com",
  "/\u00a0/evil.com",
  "/\u3000/evil.com",
  "/\u200b/evil.com",
  "https:evil.com",
  "https:/evil.com",
  "http:\\\\evil.com",
  "https://archimed.test@evil.com/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "jav&#x61;script:alert(1)",
  "&#106;avascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.com",
  "ftp://evil.com",
  "https://",
  "https://exemple.fr/a b",
  "mailto:",
  "tel:abc",
];

describe("the one URL rule", () => {
  it.each(TRICKS)("refuses %j everywhere, with a French reason", (u) => {
    for (const options of [{}, { mail: false }, { external: false }]) {
      const check = checkUrl(u, options);
      expect(check.ok, JSON.stringify(options)).toBe(false);
      if (!check.ok) expect(check.reason).toMatch(/adresse|chemin|caractère|seul/);
    }
    expect(sanitizeUrl(u)).toBe("");
    expect(unsafeUrlReason(u)).not.toBeNull();
  });

  it.each([
    ["/offres", "/offres"],
    ["  /blog/un-article?x=1#haut ", "/blog/un-article?x=1#haut"],
    ["/media/abc.jpg", "/media/abc.jpg"],
    ["/page/caf%C3%A9", "/page/caf%C3%A9"],
    ["#contact", "#contact"],
    ["https://exemple.fr", "https://exemple.fr/"],
    ["HTTP://Exemple.FR/a%20b", "http://exemple.fr/a%20b"],
    ["mailto:contact@archimed.test?subject=Bonjour%20!", "mailto:contact@archimed.test?subject=Bonjour%20!"],
    ["tel:+33 1 99 00 42 17", "tel:+33 1 99 00 42 17"],
  ])("accepts %j as %j", (u, stored) => {
    expect(checkUrl(u)).toEqual({ ok: true, url: stored });
  });

  it("keeps to what each place allows", () => {
    expect(checkUrl("mailto:a@b.fr", { mail: false }).ok).toBe(false);
    expect(checkUrl("https://exemple.fr", { external: false }).ok).toBe(false);
    expect(checkUrl("#haut", { fragment: false }).ok).toBe(false);
    expect(unsafeUrlReason("//evil.com")).toBe("une adresse interne commence par une seule barre oblique");
    expect(unsafeUrlReason("")).toBe("adresse obligatoire");
  });
});
