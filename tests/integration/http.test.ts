import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { fr } from "~/lib/i18n/fr";
import { ROUTE_KEYS, ROUTES } from "~/lib/i18n/routes";
import { get, h1s, htmlLang, metaProperty, request, testIdTag } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/** Redirect and 404 rules, bad input, the HTML cache (ETag, 304, compression), HEAD, /healthz, SIGTERM. */
const PUBLIC_URL = "https://archimed.test";
const ENGINES = await engines();

/** A Location must stay on this site: a path, never "//host" or "/\host" (read as another host). */
function expectSameSiteLocation(location: string | undefined, context: string) {
  expect(location, context).toBeDefined();
  const loc = location!;
  if (/^https?:/i.test(loc)) {
    expect(new URL(loc).host, context).toMatch(/^(127\.0\.0\.1|localhost|archimed\.test)(:\d+)?$/);
  } else {
    expect(loc, context).toMatch(/^\/(?![/\\])/);
  }
  expect(loc, context).not.toMatch(/[<>"\s]/);
}

describe.each(ENGINES)("HTTP behaviour on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { PUBLIC_URL });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("unknown paths", () => {
    it.each([
      ["/nope", "fr"],
      ["/page", "fr"],
      ["/en/nope", "en"],
    ] as const)("%s answers 404 in %s rather than a redirect home (decision 036; more in not-found.test.ts)", async (path, lang) => {
      const res = await get(server.url, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(htmlLang(res.text)).toBe(lang);
    });

    it.each([
      ["/blog/article-inexistant", "fr"],
      ["/page/page-inexistante", "fr"],
      ["/en/blog/missing-article", "en"],
      ["/en/page/missing-page", "en"],
    ] as const)("%s is a 404 with the not-found page in %s", async (path, lang) => {
      const res = await get(server.url, path);
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(htmlLang(res.text)).toBe(lang);
      expect(testIdTag(res.text, "not-found")).toBeDefined();
      const dict = lang === "fr" ? fr : en;
      expect(h1s(res.text)).toEqual([dict["notFound.title"]]);
      expect(metaProperty(res.text, "robots")).toEqual(["noindex"]);
      // The shell is there, in the right language, with a way home.
      expect(testIdTag(res.text, "site-footer")).toBeDefined();
      expect(res.text).toContain(`href="${lang === "fr" ? "/" : "/en"}"`);
    });

    it("a 404 is never served from or stored in the page cache as a 200", async () => {
      for (let i = 0; i < 2; i++) expect((await get(server.url, "/blog/toujours-absent")).status).toBe(404);
    });
  });

  describe("trailing slash", () => {
    it.each(ROUTE_KEYS.flatMap((k) => [ROUTES[k].fr, ROUTES[k].en]).filter((p) => p !== "/"))(
      "%s/ redirects (301) to the path without the slash",
      async (path) => {
        const res = await get(server.url, `${path}/`);
        expect(res.status).toBe(301);
        expect(res.headers.location).toBe(path);
      },
    );

    it("keeps the query string and collapses several slashes", async () => {
      const q = await get(server.url, "/offres/?utm_source=x");
      expect(q.status).toBe(301);
      expect(q.headers.location).toBe("/offres?utm_source=x");
      const many = await get(server.url, "/en/offers///");
      expect(many.status).toBe(301);
      expect(many.headers.location).toBe("/en/offers");
    });

    it("an article path with a slash redirects to the path without it", async () => {
      const res = await get(server.url, "/blog/x/");
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe("/blog/x");
    });
  });

  describe("bad input never gets a 500", () => {
    const PATHS = [
      "/%",
      "/%E0%A4%A",
      "/%ff",
      "/blog/%ff",
      "/en/blog/%E2%82",
      "/%00",
      "/blog/%00",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/..%2f..%2fetc%2fpasswd",
      "/blog/..%2f..%2fadmin",
      "/../../../etc/passwd",
      "/./offres",
      "/.//evil.example/",
      "/.//evil.example",
      "/%2F%2Fevil.example/",
      "//evil.example/",
      "///evil.example//",
      "/\\evil.example/",
      "/./\\evil.example//",
      "/en/.//evil.example/",
      "/blog/<script>alert(1)</script>",
      "/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "/page/%3Csvg%20onload%3Dalert(1)%3E",
      "/blog/'%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
      "/blog/" + "a".repeat(1500),
      "/" + "x".repeat(3000),
      "/en/" + "y/".repeat(1500),
      "/blog/%F0%9F%98%80",
      "/blog/caf%C3%A9",
      "/index.php",
      "/wp-admin/",
      "/.env",
      "/.git/config",
      "/offres.data",
      "/_root.data",
      "/en/offers.data",
      "/blog/x.data",
      "/assets/nope.js",
      "/media/../../server.js",
    ];

    it.each(PATHS)("%s", async (path) => {
      const res = await get(server.url, path);
      expect([200, 301, 302, 304, 400, 404], `${path} → ${res.status}`).toContain(res.status);
      if (res.status === 301 || res.status === 302) expectSameSiteLocation(res.headers.location, path);
      // Nothing from the path is reflected as markup.
      expect(res.text).not.toMatch(/<script>alert\(1\)|<img src=x onerror|<svg onload/i);
      // No file outside the public folders is ever served.
      expect(res.text).not.toMatch(/root:x:0:0|createApp|\[core\]/);
    });

    const QUERIES = [
      "?q=<script>alert(1)</script>",
      "?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "?__proto__[x]=1",
      "?__proto__%5Bpolluted%5D=1",
      "?constructor[prototype][x]=1",
      "?a=1&a=2&a[]=3&a[b]=4",
      "?=&&=&%",
      "?%ff=%fe",
      "?x=" + "%00",
      "?lang=en&theme=dark",
      "?" + "p=1&".repeat(2000),
      "?q=" + "z".repeat(7000),
    ];

    it.each(QUERIES.map((q) => [q.length > 80 ? `${q.slice(0, 60)}… (${q.length} car.)` : q, q]))("/en/offers and a 404 path with %s", async (_label, q) => {
      for (const base of ["/en/offers", "/blog/absent"]) {
        const res = await get(server.url, base + q);
        expect(res.status, `${base}${q.slice(0, 40)} → ${res.status}`).toBeLessThan(500);
        expect(res.text).not.toMatch(/<script>alert\(1\)/);
      }
    });

    it("a hostile query string did not pollute the server: pages still render", async () => {
      await get(server.url, "/?__proto__[polluted]=1&constructor[prototype][polluted]=1");
      const res = await get(server.url, "/en");
      expect(res.status).toBe(200);
      expect(res.text).not.toContain("polluted");
    });

    it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("%s on a public page is refused without a 500", async (method) => {
      const res = await request(server.url, "/offres", { method, headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL } });
      expect(res.status, method).toBeLessThan(500);
    });

    it("absurd headers are survived", async () => {
      const res = await get(server.url, "/en", {
        "accept-encoding": "x".repeat(4000),
        "if-none-match": '"' + "a".repeat(4000) + '"',
        cookie: "sid=" + "b".repeat(3000),
        "accept-language": "*;q=xyz",
      });
      expect(res.status).toBeLessThan(500);
    });

    it("the server is still healthy and logged no internal error", async () => {
      expect((await get(server.url, "/healthz")).status).toBe(200);
      expect(server.logs()).not.toMatch(/rendu impossible|Erreur interne|Unhandled|TypeError|ReferenceError/);
    });
  });

  describe("HTML cache, validators and compression", () => {
    it("answers 304 to If-None-Match with the ETag of the page", async () => {
      const first = await get(server.url, "/en/offers");
      expect(first.status).toBe(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(first.headers["cache-control"]).toMatch(/must-revalidate|no-cache/);
      const second = await get(server.url, "/en/offers", { "if-none-match": etag! });
      expect(second.status).toBe(304);
      expect(second.raw.length).toBe(0);
      expect(second.headers.etag).toBe(etag);
      // Another page's validator does not match this one.
      const other = await get(server.url, "/offres");
      expect(other.headers.etag).not.toBe(etag);
      expect((await get(server.url, "/offres", { "if-none-match": etag! })).status).toBe(200);
      // A stale validator gets the full page.
      expect((await get(server.url, "/en/offers", { "if-none-match": '"stale"' })).status).toBe(200);
    });

    it("serves the same body from the cache as on the first render", async () => {
      const a = await get(server.url, "/partenaires");
      const b = await get(server.url, "/partenaires");
      expect(b.status).toBe(200);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect(b.text).toBe(a.text);
    });

    it("honours Accept-Encoding: br, gzip, identity, with Vary", async () => {
      const identity = await get(server.url, "/", { "accept-encoding": "identity" });
      expect(identity.headers["content-encoding"]).toBeUndefined();
      const br = await get(server.url, "/", { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.raw.length).toBeLessThan(identity.raw.length);
      expect(br.text).toBe(identity.text);
      const gz = await get(server.url, "/", { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.text).toBe(identity.text);
      expect(Number(gz.headers["content-length"])).toBe(gz.raw.length);
      for (const r of [identity, br, gz]) expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      // All encodings share one validator per representation set… or each has its own; either way 304 works.
      expect((await get(server.url, "/", { "accept-encoding": "gzip", "if-none-match": gz.headers.etag! })).status).toBe(304);
    });

    it("compresses pages that are not cached too (404 and pages with a query string)", async () => {
      const nf = await get(server.url, "/blog/absent-compresse", { "accept-encoding": "gzip" });
      expect(nf.status).toBe(404);
      expect(nf.headers["content-encoding"]).toBe("gzip");
      expect(nf.text).toContain("not-found");
      const q = await get(server.url, "/offres?utm=1", { "accept-encoding": "br" });
      expect(q.status).toBe(200);
      expect(["br", "gzip"]).toContain(q.headers["content-encoding"]);
      expect(q.text).toContain("</html>");
    });

    it("HEAD answers like GET without a body", async () => {
      const g = await get(server.url, "/en/legal-notice", { "accept-encoding": "identity" });
      const h = await request(server.url, "/en/legal-notice", { method: "HEAD", headers: { "accept-encoding": "identity" } });
      expect(h.status).toBe(200);
      expect(h.raw.length).toBe(0);
      expect(h.headers["content-type"]).toBe(g.headers["content-type"]);
      expect(h.headers.etag).toBe(g.headers.etag);
      const h404 = await request(server.url, "/blog/absent", { method: "HEAD" });
      expect(h404.status).toBe(404);
      expect(h404.raw.length).toBe(0);
      const hr = await request(server.url, "/nope", { method: "HEAD" });
      expect(hr.status).toBe(404);
    });

    it("sends the security headers on pages", async () => {
      const res = await get(server.url, "/");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBeDefined();
      expect(res.headers["referrer-policy"]).toBeDefined();
      expect(res.headers["x-powered-by"]).toBeUndefined();
    });
  });

  it("a missing /assets/ or /media/ file answers 404 rather than a redirect to the home page", async () => {
    for (const p of ["/assets/nope-123.js", "/media/seed/nope.webp", "/media/nothing"]) {
      const res = await get(server.url, p);
      expect(res.status, p).toBe(404);
    }
  });

  it("the built scripts come compressed once, from memory, for visitors and staff alike; a Range request still gets its bytes", async () => {
    const home = await get(server.url, "/");
    const script = home.text.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script, "the home page loads a built script").toBeDefined();
    const onDisk = fs.readFileSync(path.join(process.env.BUILD_DIR ?? "build", "client", script!));
    const br = await get(server.url, script!, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(br.raw.length));
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["x-request-id"]).toBeTruthy();
    expect(br.text).toBe(onDisk.toString("utf8"));
    // The same bytes for a signed-in member of staff (a session cookie), and 304 to the ETag.
    const staff = await get(server.url, script!, { "accept-encoding": "br", cookie: "sid=whatever" });
    expect(staff.raw.equals(br.raw)).toBe(true);
    expect((await get(server.url, script!, { "accept-encoding": "br", "if-none-match": br.headers.etag! })).status).toBe(304);
    const range = await get(server.url, script!, { range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.raw.equals(onDisk.subarray(0, 10))).toBe(true);
    // A HEAD as a file's very first request (read and compressed meanwhile) gets the headers a GET gets.
    const style = home.text.match(/<link[^>]+href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(style, "the home page links a built stylesheet").toBeDefined();
    const head = await request(server.url, style!, { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-type"]).toBe("text/css; charset=utf-8");
    const styleBody = await get(server.url, style!, { "accept-encoding": "br" });
    expect(head.headers["content-encoding"]).toBe(styleBody.headers["content-encoding"]);
    expect(head.headers["content-length"]).toBe(String(styleBody.raw.length));
    expect(head.headers.etag).toBe(styleBody.headers.etag);
  });

  it("paths that look like another host stay on this site and are not rendered as pages", async () => {
    for (const p of ["//evil.example/offres", "/\\evil.example/offres", "//evil.example/"]) {
      const res = await get(server.url, p);
      expect([301, 302], `${p} → ${res.status}`).toContain(res.status);
      expectSameSiteLocation(res.headers.location, p);
    }
  });

  it("If-None-Match with a list of tags or a weak tag still gets 304", async () => {
    const first = await get(server.url, "/offres");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    for (const header of [`"other", ${etag}`, `W/${etag}`, "*"]) {
      const res = await get(server.url, "/offres", { "if-none-match": header });
      expect(res.status, header).toBe(304);
    }
    expect((await get(server.url, "/offres", { "if-none-match": '"not-it"' })).status).toBe(200);
  });

  it("/healthz answers 200 without caching", async () => {
    const res = await get(server.url, "/healthz");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ status: "ok" });
    expect(res.headers["cache-control"]).toMatch(/no-store/);
  });

  it("static files: favicon and hashed assets are served with long caching", async () => {
    const fav = await get(server.url, "/favicon.svg");
    expect(fav.status).toBe(200);
    const home = await get(server.url, "/");
    const asset = home.text.match(/\/assets\/[\w.-]+\.(?:js|css)/)?.[0];
    expect(asset).toBeDefined();
    const res = await get(server.url, asset!);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/max-age=31536000/);
  });
});

describe("renders after a publication", () => {
  let server: TestServer;
  beforeAll(async () => {
    // LOG_LEVEL=debug: the server logs one line per page it renders for the cache.
    server = await startServer("sqlite", { PUBLIC_URL, LOG_LEVEL: "debug" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("concurrent visits to a page not yet cached (as after a publication) render it once; the others get that render", async () => {
    const rendered = () => server.logs().match(/page rendue pour le cache\u202f: \/en\/partners /g)?.length ?? 0;
    expect(rendered()).toBe(0);
    const answers = await Promise.all(Array.from({ length: 16 }, () => get(server.url, "/en/partners")));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(rendered()).toBe(1);
    // Served from the cache afterwards: still one render.
    expect((await get(server.url, "/en/partners")).status).toBe(200);
    expect(rendered()).toBe(1);
  });
});

describe.each(ENGINES)("shutdown on %s", (engine) => {
  it("SIGTERM makes the process exit 0 within a few seconds, even with a keep-alive connection open", async () => {
    const server = await startServer(engine);
    try {
      const agent = new http.Agent({ keepAlive: true });
      await new Promise<void>((resolve, reject) => {
        http
          .get(`${server.url}/offres`, { agent }, (res) => {
            res.resume();
            res.on("end", () => resolve());
          })
          .on("error", reject);
      });
      const { code, signal } = await server.signal("SIGTERM");
      agent.destroy();
      expect(signal).toBeNull();
      expect(code).toBe(0);
      expect(server.logs()).toMatch(/SIGTERM/);
    } finally {
      await server.stop();
    }
  });
});
