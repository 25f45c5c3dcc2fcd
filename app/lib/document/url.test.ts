import { describe, expect, it } from "vitest";
import { sameSitePath } from "./url";

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
