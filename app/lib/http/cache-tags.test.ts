import { describe, expect, it } from "vitest";
import { cacheTagHeaders, cacheTagsFor, purgeTagsFor } from "./cache-tags";

describe("cache tags", () => {
  it("name the site, the language and the page", () => {
    expect(cacheTagsFor("/offres")).toEqual(["site", "lang:fr", "page:fr:/offres"]);
    expect(cacheTagsFor("/en")).toEqual(["site", "lang:en", "page:en:/en"]);
    expect(cacheTagsFor("/en/blog/my-post")).toEqual(["site", "lang:en", "page:en:/en/blog/my-post"]);
    // "/english" is a French page whose address starts with "en".
    expect(cacheTagsFor("/english")).toEqual(["site", "lang:fr", "page:fr:/english"]);
  });

  it("tag a client navigation's data request as the page it loads", () => {
    expect(cacheTagsFor("/offres.data")).toEqual(cacheTagsFor("/offres"));
    expect(cacheTagsFor("/_root.data")).toEqual(cacheTagsFor("/"));
  });

  it("keep separators and non-ASCII out of a tag", () => {
    const [, , page] = cacheTagsFor("/a,b c/é");
    expect(page).toBe("page:fr:/a%2Cb%20c/%C3%A9");
    expect(cacheTagHeaders("/offres")).toEqual({ "cache-tag": "site,lang:fr,page:fr:/offres", "surrogate-key": "site lang:fr page:fr:/offres" });
  });

  it("purge exactly the changed pages, or the whole site", () => {
    expect(purgeTagsFor(["/offres", "/sitemap.xml", "/offres"])).toEqual(["page:fr:/offres", "page:fr:/sitemap.xml"]);
    expect(purgeTagsFor("all")).toEqual(["site"]);
    // What a publication purges is what the page was tagged with.
    expect(cacheTagsFor("/en/offers")).toContain(purgeTagsFor(["/en/offers"])[0]);
  });
});
