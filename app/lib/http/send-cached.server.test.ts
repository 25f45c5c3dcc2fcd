import http from "node:http";
import net from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HtmlCache, type CompressedResponse } from "./html-cache.server";
import { closeServer, listen } from "../../../tests/support/http";
import { sendCached } from "./send-cached.server";

/**
 * The cached path writes its prebuilt head itself on keep-alive GETs and takes writeHead otherwise: both
 * must put the same response on the wire, and leave the connection as Node would (kept, closed, next
 * pipelined request answered). Read from raw sockets, as a client sees it.
 */
const BASE = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'self'", Vary: "Accept-Encoding, Cookie" };
const HTML = Buffer.from(`<!doctype html><title>Accueil</title><p>${"Bonjour à tous. ".repeat(200)}</p>`);

let entry: CompressedResponse;
let server: http.Server;
let port = 0;
let ids = 0;

beforeAll(async () => {
  entry = new HtmlCache(10).set(
    "/",
    200,
    { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, must-revalidate", "cache-tag": "site" },
    HTML,
  );
  server = http.createServer((req, res) => sendCached(req, res, entry, BASE, `id-${++ids}`));
  server.keepAliveTimeout = 65_000;
  port = Number(new URL(await listen(server)).port);
});
afterAll(async () => {
  await closeServer(server);
});

interface Parsed {
  status: number;
  headers: Record<string, string>;
  /** Header names in wire order. */
  names: string[];
  body: Buffer;
}

/** Sends `text` on one connection and reads `count` responses (bodies by Content-Length), then whether the server closed it. */
function exchange(text: string, count: number, head = false): Promise<{ responses: Parsed[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    const responses: Parsed[] = [];
    let closed = false;
    const done = () => {
      socket.destroy();
      resolve({ responses, closed });
    };
    const parse = () => {
      for (;;) {
        const end = data.indexOf("\r\n\r\n");
        if (end < 0) return;
        const lines = data.subarray(0, end).toString("latin1").split("\r\n");
        const headers: Record<string, string> = {};
        for (const l of lines.slice(1)) {
          const i = l.indexOf(":");
          const k = l.slice(0, i).toLowerCase();
          expect(headers[k], `header ${k} twice`).toBeUndefined();
          headers[k] = l.slice(i + 1).trim();
        }
        const status = Number(lines[0].split(" ")[1]);
        const length = head || status === 304 ? 0 : Number(headers["content-length"]);
        if (data.length < end + 4 + length) return;
        responses.push({ status, headers, names: Object.keys(headers), body: data.subarray(end + 4, end + 4 + length) });
        data = data.subarray(end + 4 + length);
        if (responses.length === count) setTimeout(done, 50);
      }
    };
    socket.on("data", (c) => {
      data = Buffer.concat([data, c]);
      parse();
    });
    socket.on("end", () => {
      closed = true;
      if (responses.length === count) done();
    });
    socket.on("error", reject);
    socket.write(text);
  });
}

const get = (headers = "", method = "GET", version = "1.1") => `${method} / HTTP/${version}\r\nHost: localhost\r\n${headers}\r\n`;
const WITHOUT = ["date", "x-request-id", "connection", "keep-alive"];
const fixed = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !WITHOUT.includes(k)));

describe("sendCached", () => {
  it("answers keep-alive GETs on one connection with the page, its headers and a new id each", async () => {
    const { responses, closed } = await exchange(get("Accept-Encoding: gzip\r\n") + get("Accept-Encoding: gzip\r\n"), 2);
    expect(closed).toBe(false);
    const [a, b] = responses;
    for (const r of [a, b]) {
      expect(r.status).toBe(200);
      expect(gunzipSync(r.body).equals(HTML)).toBe(true);
      expect(r.headers).toMatchObject({
        "content-encoding": "gzip",
        "content-length": String(entry.gzip.length),
        etag: entry.etag,
        vary: "Accept-Encoding, Cookie",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'self'",
        "cache-tag": "site",
        connection: "keep-alive",
        "keep-alive": "timeout=65",
      });
      expect(r.headers.date).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
    }
    // Written from the prebuilt head (the per-response lines follow the fixed ones), not by writeHead.
    expect(a.names.indexOf("x-request-id")).toBeGreaterThan(a.names.indexOf("etag"));
    expect(a.headers["x-request-id"]).toMatch(/^id-\d+$/);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("puts the same headers on the wire as writeHead does (a closing connection takes writeHead)", async () => {
    for (const enc of ["br", "gzip", ""]) {
      const accept = enc ? `Accept-Encoding: ${enc}\r\n` : "";
      const kept = (await exchange(get(accept), 1)).responses[0];
      const { responses, closed } = await exchange(get(`${accept}Connection: close\r\n`), 1);
      expect(closed).toBe(true);
      expect(responses[0].headers.connection).toBe("close");
      expect(responses[0].names[0]).toBe("x-request-id");
      expect(fixed(kept.headers)).toEqual(fixed(responses[0].headers));
      expect(kept.body.equals(responses[0].body)).toBe(true);
    }
  });

  it("answers pipelined requests in order", async () => {
    const { responses } = await exchange(get() + get("If-None-Match: " + entry.etag + "\r\n") + get("Accept-Encoding: br\r\n"), 3);
    expect(responses.map((r) => r.status)).toEqual([200, 304, 200]);
    expect(responses[0].body.equals(HTML)).toBe(true);
    expect(responses[2].body.equals(entry.br)).toBe(true);
  });

  it("closes an HTTP/1.0 connection and answers HEAD without a body", async () => {
    const old = await exchange(get("", "GET", "1.0"), 1);
    expect(old.closed).toBe(true);
    expect(old.responses[0].body.equals(HTML)).toBe(true);
    const head = await exchange(get("Accept-Encoding: gzip\r\n", "HEAD") + get("Accept-Encoding: gzip\r\n", "HEAD"), 2, true);
    expect(head.responses.map((r) => r.headers["content-length"])).toEqual([String(entry.gzip.length), String(entry.gzip.length)]);
    expect(head.closed).toBe(false);
  });
});
