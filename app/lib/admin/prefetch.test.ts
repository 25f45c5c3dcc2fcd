import { afterEach, describe, expect, it, vi } from "vitest";
import { adminPrefetchUrls, prefetchScript, PREFETCH_TTL_MS, takePrefetched } from "./prefetch";

const u = (s: string) => new URL(s, "http://localhost");

describe("adminPrefetchUrls", () => {
  it("starts the session read on back-office pages, not on the sign-in page or the public site", () => {
    expect(adminPrefetchUrls(u("/admin/archimed-pages"))).toEqual(["/api/auth/session"]);
    expect(adminPrefetchUrls(u("/admin"))).toEqual(["/api/auth/session"]);
    expect(adminPrefetchUrls(u("/admin/login"))).toEqual([]);
    expect(adminPrefetchUrls(u("/admin/login/"))).toEqual([]);
    expect(adminPrefetchUrls(u("/"))).toEqual([]);
    expect(adminPrefetchUrls(u("/en/blog"))).toEqual([]);
    expect(adminPrefetchUrls(u("/administration"))).toEqual([]);
  });

  it("adds the draft in the builder, only for a well-formed page id and language", () => {
    expect(adminPrefetchUrls(u("/admin/archimed-editor?page=home&lang=en"))).toEqual(["/api/auth/session", "/api/pages/home/en"]);
    expect(adminPrefetchUrls(u("/admin/archimed-editor?page=0b9c-4e&lang=fr"))).toEqual(["/api/auth/session", "/api/pages/0b9c-4e/fr"]);
    for (const q of ["page=home&lang=de", "page=../auth/session&lang=fr", "page=a%2Fb&lang=fr", `page=${"x".repeat(65)}&lang=fr`, "path=/offres", "lang=fr"]) {
      expect(adminPrefetchUrls(u(`/admin/archimed-editor?${q}`))).toEqual(["/api/auth/session"]);
    }
  });
});

describe("prefetchScript", () => {
  it("embeds the URLs as JSON that cannot close the script element", () => {
    const script = prefetchScript(["/api/auth/session", "</script><script>alert(1)</script>"]);
    expect(script).not.toContain("</script>");
    expect(script).toContain('"/api/auth/session"');
  });
});

describe("takePrefetched", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("hands a started read over once, and never one older than the time limit", () => {
    const fresh = Promise.resolve(new Response("{}"));
    const old = Promise.resolve(new Response("{}"));
    vi.stubGlobal("window", {
      __apiPrefetch: { "/a": { at: performance.now(), res: fresh }, "/b": { at: performance.now() - PREFETCH_TTL_MS - 1, res: old } },
    });
    expect(takePrefetched("/a")).toBe(fresh);
    expect(takePrefetched("/a")).toBeNull();
    expect(takePrefetched("/b")).toBeNull();
    expect(takePrefetched("/c")).toBeNull();
  });

  it("is null where the page started nothing (or on the server)", () => {
    expect(takePrefetched("/api/auth/session")).toBeNull();
    vi.stubGlobal("window", {});
    expect(takePrefetched("/api/auth/session")).toBeNull();
  });
});
