import { describe, expect, it } from "vitest";
import { ADMIN_LINKS, entryFor } from "./admin-links";

describe("entryFor: the admin bar's entry for an address", () => {
  it("is a screen's own link, exactly", () => {
    for (const link of ADMIN_LINKS) expect(entryFor(link.href)).toEqual({ link, exact: true });
  });

  it("is Articles, not exactly, for an article's editor (new or existing) and the AI generator", () => {
    for (const path of ["/admin/blog/edit", "/admin/blog/edit/article-42", "/admin/ai-blog-generator"]) {
      expect(entryFor(path), path).toMatchObject({ link: { href: "/admin/blog-scheduler" }, exact: false });
    }
  });

  it("is nothing for an address that only starts like one (no path segment boundary) or is unknown", () => {
    for (const path of ["/admin/blog/editeur", "/admin/ai-blog-generator-2", "/admin/nulle-part", "/admin"]) expect(entryFor(path), path).toBeUndefined();
  });
});
