import { describe, expect, it } from "vitest";
import { seoMeta } from "./seo";

type M = Record<string, unknown>;
const find = (meta: M[], pred: (m: M) => boolean) => meta.filter(pred);

describe("seoMeta", () => {
  const base = { origin: "https://archimed.test", title: "Offres", description: "Nos offres", image: null };

  it("gives a canonical, hreflang fr/en/x-default and Open Graph for a French page", () => {
    const meta = seoMeta({ ...base, lang: "fr", path: "/offres", alternates: { fr: "/offres", en: "/en/offers" } }) as M[];
    expect(meta).toContainEqual({ title: "Offres | Archimed" });
    expect(find(meta, (m) => m.rel === "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: "https://archimed.test/offres" }]);
    const alternates = find(meta, (m) => m.rel === "alternate").map((m) => [m.hrefLang, m.href]);
    expect(alternates).toEqual([
      ["fr", "https://archimed.test/offres"],
      ["en", "https://archimed.test/en/offers"],
      ["x-default", "https://archimed.test/offres"],
    ]);
    expect(meta).toContainEqual({ property: "og:url", content: "https://archimed.test/offres" });
    expect(meta).toContainEqual({ property: "og:locale", content: "fr_FR" });
    expect(meta).toContainEqual({ property: "og:locale:alternate", content: "en_GB" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
  });

  it("the home page's canonical ends with a single slash; the English home has none", () => {
    const fr = seoMeta({ ...base, lang: "fr", path: "/", alternates: { fr: "/", en: "/en" } }) as M[];
    expect(find(fr, (m) => m.rel === "canonical")[0].href).toBe("https://archimed.test/");
    const en = seoMeta({ ...base, lang: "en", path: "/en", alternates: { fr: "/", en: "/en" } }) as M[];
    expect(find(en, (m) => m.rel === "canonical")[0].href).toBe("https://archimed.test/en");
    expect(en).toContainEqual({ property: "og:locale", content: "en_GB" });
  });

  it("x-default falls back to English when there is no French version, and a lone page has no alternate locale", () => {
    const meta = seoMeta({ ...base, lang: "en", path: "/en/page/x", alternates: { en: "/en/page/x" } }) as M[];
    expect(find(meta, (m) => m.hrefLang === "x-default")[0].href).toBe("https://archimed.test/en/page/x");
    expect(find(meta, (m) => m.hrefLang === "fr")).toEqual([]);
    expect(find(meta, (m) => m.property === "og:locale:alternate")).toEqual([]);
  });

  it("absolutises a local share image and keeps the site name once in the title", () => {
    const meta = seoMeta({
      ...base,
      title: "Archimed, l'agence",
      lang: "fr",
      path: "/",
      image: "/media/a.jpg",
      alternates: { fr: "/" },
      type: "article",
    }) as M[];
    expect(meta).toContainEqual({ title: "Archimed, l'agence" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://archimed.test/media/a.jpg" });
    expect(meta).toContainEqual({ property: "og:type", content: "article" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});
