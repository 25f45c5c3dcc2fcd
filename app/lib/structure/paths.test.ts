import { describe, expect, it } from "vitest";
import { pagePathProblem } from "./paths";
import { unsafeUrlReason } from "~/lib/document/url";

describe("custom page addresses", () => {
  it("accepts lower-case words in the right language", () => {
    expect(pagePathProblem("/agence", "fr")).toBeNull();
    expect(pagePathProblem("/nos-services/paris", "fr")).toBeNull();
    expect(pagePathProblem("/en/agency", "en")).toBeNull();
  });
  it("refuses reserved, system, malformed and wrong-language addresses", () => {
    for (const [path, lang] of [
      ["/admin", "fr"],
      ["/admin/x", "fr"],
      ["/api/pages", "fr"],
      ["/assets/a", "fr"],
      ["/media/a", "fr"],
      ["/blog/x", "fr"],
      ["/en/admin", "en"],
      ["/en/blog/x", "en"],
      ["/en", "en"],
      ["/en/", "en"],
      ["/en/en/x", "en"],
      ["/offres", "fr"],
      ["/en/offers", "en"],
      ["/", "fr"],
      ["//evil.example", "fr"],
      ["/Agence", "fr"],
      ["/agence/", "fr"],
      ["/a/b/c/d/e", "fr"],
      ["/agence", "en"],
      ["/en/agence", "fr"],
      ["/été", "fr"],
      ["/a--b", "fr"],
      ["/../x", "fr"],
    ] as const) {
      expect(pagePathProblem(path, lang), `${path} (${lang})`).not.toBeNull();
    }
  });
});

describe("system page addresses", () => {
  it("a system page may take its own default back, never another's; the blog its own /blog", () => {
    expect(pagePathProblem("/offres", "fr", { ownDefault: "/offres" })).toBeNull();
    expect(pagePathProblem("/blog", "fr", { ownDefault: "/blog" })).toBeNull();
    expect(pagePathProblem("/en/blog", "en", { ownDefault: "/en/blog" })).toBeNull();
    expect(pagePathProblem("/contact", "fr", { ownDefault: "/offres" })).toContain("page système");
    expect(pagePathProblem("/blog/x", "fr", { ownDefault: "/blog" })).toContain("réservée");
    expect(pagePathProblem("/admin", "fr", { ownDefault: "/offres" })).toContain("réservée");
    expect(pagePathProblem("/en", "en", { ownDefault: "/en/offers" })).toContain("/en");
    expect(pagePathProblem("/nos-offres", "fr", { ownDefault: "/offres" })).toBeNull();
  });
});

describe("menu link addresses", () => {
  it("accepts http(s), mailto:, tel: and local paths", () => {
    for (const u of ["https://example.com", "http://example.com/x?y=1", "mailto:contact@archimed.test", "tel:+33 1 99 00 42 17", "/offres"])
      expect(unsafeUrlReason(u), u).toBeNull();
  });
  it("refuses scripts, data, other schemes and paths that are really another site", () => {
    for (const u of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "ftp://x",
      "//evil.example",
      "/\\evil.example",
      "https://",
      "mailto:",
      "tel:abc",
    ]) {
      expect(unsafeUrlReason(u), u).not.toBeNull();
    }
  });
});
