import { describe, expect, it } from "vitest";
import { HtmlCache } from "./html-cache.server";
import { laneBytes, laneQueued } from "./lane-response.server";

const BASE = { "X-Content-Type-Options": "nosniff", Vary: "Accept-Encoding, Cookie" };
const HTML = Buffer.from(`<!doctype html><title>Accueil</title><p>${"Bonjour à tous. ".repeat(200)}</p>`);
const entry = () => new HtmlCache(10).set("/", 200, { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0" }, HTML);
const ID_A = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
const ID_B = "ffffffff-4b5a-6978-8796-000000000001";

const text = (bytes: ReturnType<typeof laneBytes>) =>
  Buffer.isBuffer(bytes) ? bytes.toString("latin1") : (bytes ?? []).map((p) => (typeof p === "string" ? p : p.toString("latin1"))).join("");

describe("laneBytes: whole responses of the fast lane", () => {
  it("one buffer holding status, headers, the request id, Date, the connection's lines and the body", () => {
    const e = entry();
    const bytes = laneBytes(e, BASE, { acceptEncoding: "gzip" }, ID_A, 65_000);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    const [head, ...rest] = text(bytes).split("\r\n\r\n");
    const lines = head.split("\r\n");
    expect(lines[0]).toBe("HTTP/1.1 200 OK");
    expect(lines).toContain(`X-Request-Id: ${ID_A}`);
    expect(lines).toContain("Content-Encoding: gzip");
    expect(lines).toContain(`Content-Length: ${e.gzip.length}`);
    expect(lines).toContain("Connection: keep-alive");
    expect(lines).toContain("Keep-Alive: timeout=65");
    expect(lines.find((l) => l.startsWith("Date: "))).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Buffer.from(rest.join("\r\n\r\n"), "latin1").equals(e.gzip)).toBe(true);
  });

  it("rewrites the same buffer for the next response, until the socket keeps it queued: then makes another", () => {
    const e = entry();
    const first = laneBytes(e, BASE, { acceptEncoding: "br" }, ID_A, 65_000) as Buffer;
    const copy = Buffer.from(first);
    const second = laneBytes(e, BASE, { acceptEncoding: "br" }, ID_B, 65_000) as Buffer;
    expect(second).toBe(first);
    expect(text(second)).toContain(`X-Request-Id: ${ID_B}`);
    laneQueued(second);
    const kept = Buffer.from(second);
    const third = laneBytes(e, BASE, { acceptEncoding: "br" }, ID_A, 65_000) as Buffer;
    expect(third).not.toBe(second);
    // The queued bytes stay as they were handed to the socket.
    expect(second.equals(kept)).toBe(true);
    expect(text(third)).toBe(text(copy).replace(/Date: [^\r]*/, (text(third).match(/Date: [^\r]*/) ?? [""])[0]));
  });

  it("answers a matching If-None-Match with a 304 without body, and other ids in parts", () => {
    const e = entry();
    const notModified = text(laneBytes(e, BASE, { acceptEncoding: "gzip", ifNoneMatch: `W/"x", ${e.etag}` }, ID_A, 65_000));
    expect(notModified).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n/);
    expect(notModified).toContain(`ETag: ${e.etag}`);
    expect(notModified).not.toContain("Content-Length");
    expect(notModified.endsWith("\r\n\r\n")).toBe(true);
    const parts = laneBytes(e, BASE, {}, "lb-42", 65_000);
    expect(Array.isArray(parts)).toBe(true);
    expect(text(parts)).toContain("X-Request-Id: lb-42\r\n");
    expect(text(parts).endsWith(HTML.toString("latin1"))).toBe(true);
  });

  it("refuses (node:http answers) an entry whose headers cannot go on the wire as they are", () => {
    const e = entry();
    e.headers["x-bad"] = "a\nb";
    expect(laneBytes(e, BASE, { acceptEncoding: "gzip" }, ID_A, 65_000)).toBeNull();
  });
});
