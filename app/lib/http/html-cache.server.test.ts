import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { HtmlCache, pickEncoding } from "./html-cache.server";

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["deflate, gzip;q=0.5", "gzip"],
    ["deflate", "identity"],
    ["", "identity"],
    [undefined, "identity"],
    ["brotli-ish", "identity"],
  ] as const)("%j → %s", (header, enc) => {
    expect(pickEncoding(header)).toBe(enc);
  });
});

describe("HtmlCache", () => {
  const body = Buffer.from("<!DOCTYPE html><html><body>" + "bonjour ".repeat(200) + "</body></html>");

  it("stores identity, gzip and brotli bodies that decompress to the original, with a strong ETag", () => {
    const cache = new HtmlCache(10);
    const e = cache.set("/", 200, { "content-type": "text/html" }, body);
    expect(gunzipSync(e.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(e.br).equals(body)).toBe(true);
    expect(e.gzip.length).toBeLessThan(body.length);
    expect(e.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(cache.set("/x", 200, {}, body).etag).toBe(e.etag);
    expect(cache.set("/y", 200, {}, Buffer.from("other")).etag).not.toBe(e.etag);
  });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new HtmlCache(2);
    cache.set("/a", 200, {}, body);
    cache.set("/b", 200, {}, body);
    cache.get("/a");
    cache.set("/c", 200, {}, body);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it("keeps nothing when sized 0, invalidates a path with its route data, and clears", () => {
    const none = new HtmlCache(0);
    none.set("/a", 200, {}, body);
    expect(none.size).toBe(0);

    const cache = new HtmlCache(10);
    for (const k of ["/", "/_root.data", "/offres", "/offres.data", "/en"]) cache.set(k, 200, {}, body);
    cache.invalidate(["/", "/offres"]);
    expect([...["/", "/_root.data", "/offres", "/offres.data", "/en"]].map((k) => Boolean(cache.get(k)))).toEqual([false, false, false, false, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
