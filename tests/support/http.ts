import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import nodePath from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/**
 * Raw HTTP for tests: the path goes out exactly as written (no URL normalisation, unlike fetch), and
 * bodies come back undecoded so compression can be checked.
 */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Body as sent (possibly compressed). */
  raw: Buffer;
  /** Body decoded according to Content-Encoding, as text. */
  text: string;
}

const agent = new http.Agent({ keepAlive: false });
/** Connections kept open as browsers keep them: their plain GETs of cached pages take the fast lane (decision 064). */
const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function request(
  base: string,
  path: string,
  { method = "GET", headers = {}, keepAlive = false }: { method?: string; headers?: Record<string, string>; keepAlive?: boolean } = {},
): Promise<RawResponse> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const options = { host: u.hostname, port: u.port, path, method, headers, agent: keepAlive ? keepAliveAgent : agent };
    const req = http.request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"];
        let decoded = raw;
        if (raw.length && enc === "br") decoded = brotliDecompressSync(raw);
        else if (raw.length && enc === "gzip") decoded = gunzipSync(raw);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error(`délai dépassé pour ${method} ${path}`)));
    req.on("error", reject);
    req.end();
  });
}

export const get = (base: string, path: string, headers: Record<string, string> = {}) => request(base, path, { headers });

/** Listens on a free loopback port; returns the origin. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** Closes the server and any connection still open. */
export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

/** For the tests of the server's file paths: a temporary folder shaped like build/client, holding `files`. */
export function clientFolder(prefix: string, files: Record<string, Buffer | string>): string {
  const root = mkdtempSync(nodePath.join(os.tmpdir(), prefix));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(nodePath.dirname(nodePath.join(root, rel)), { recursive: true });
    writeFileSync(nodePath.join(root, rel), body);
  }
  return root;
}

/** Values of an attribute on every tag matching `tagPattern` (e.g. /<link[^>]*rel="canonical"[^>]*>/g). */
export function attrOf(tag: string, name: string): string | undefined {
  const m = tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"));
  return m ? decodeEntities(m[1]) : undefined;
}

export function tags(html: string, pattern: RegExp): string[] {
  return html.match(pattern) ?? [];
}

export function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(parseInt(d, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Text of the elements of the server HTML: tags removed, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

export function htmlLang(html: string): string | undefined {
  const m = html.match(/<html[^>]*\slang="([^"]+)"/);
  return m?.[1];
}

export function h1s(html: string): string[] {
  return [...html.matchAll(/<h1[\s>][\s\S]*?<\/h1>/g)].map((m) => textOf(m[0]));
}

export function title(html: string): string | undefined {
  const m = html.match(/<title>([\s\S]*?)<\/title>/);
  return m ? decodeEntities(m[1]).trim() : undefined;
}

/** Map of hreflang → href of the <link rel="alternate" hreflang> tags. */
export function hreflangs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tag of tags(html, /<link[^>]*rel="alternate"[^>]*>/g)) {
    const lang = attrOf(tag, "hrefLang") ?? attrOf(tag, "hreflang");
    const href = attrOf(tag, "href");
    if (lang && href) out[lang] = href;
  }
  return out;
}

export function canonical(html: string): string[] {
  return tags(html, /<link[^>]*rel="canonical"[^>]*>/g).map((t) => attrOf(t, "href") ?? "");
}

export function metaProperty(html: string, property: string): string[] {
  return tags(html, /<meta[^>]*>/g)
    .filter((t) => attrOf(t, "property") === property || attrOf(t, "name") === property)
    .map((t) => attrOf(t, "content") ?? "");
}

/** The element (start tag to matching end tag is not needed: the start tag) carrying data-testid. */
export function testIdTag(html: string, id: string): string | undefined {
  const m = html.match(new RegExp(`<[a-z0-9]+[^>]*data-testid="${id}"[^>]*>`, "i"));
  return m?.[0];
}

/** Inner text of the first element with data-testid (up to its closing tag of the same name, no nesting of that name). */
export function testIdText(html: string, id: string): string | undefined {
  const m = html.match(new RegExp(`<([a-z0-9]+)[^>]*data-testid="${id}"[^>]*>([\\s\\S]*?)</\\1>`, "i"));
  return m ? textOf(m[2]) : undefined;
}

/**
 * A small XML well-formedness check (no DTDs): one root, balanced and properly nested tags, quoted
 * attributes without duplicates, known entities only, no stray "<" or "&". Throws with a reason.
 */
export function assertWellFormedXml(xml: string): void {
  let s = xml.replace(/^\uFEFF/, "");
  s = s.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  const chars = (t: string) => {
    if (/<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(t)) throw new Error(`caractère interdit : ${t.slice(0, 80)}`);
  };
  const text = (t: string) => {
    chars(t);
    if (stack.length === 0 && t.trim()) throw new Error(`texte hors de la racine : ${t.slice(0, 80)}`);
  };
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    if (lt < 0) {
      text(s.slice(i));
      break;
    }
    text(s.slice(i, lt));
    if (s.startsWith("<!--", lt)) {
      const end = s.indexOf("-->", lt);
      if (end < 0) throw new Error("commentaire non fermé");
      i = end + 3;
      continue;
    }
    if (s.startsWith("<![CDATA[", lt)) {
      const end = s.indexOf("]]>", lt);
      if (end < 0) throw new Error("CDATA non fermé");
      i = end + 3;
      continue;
    }
    const gt = s.indexOf(">", lt);
    if (gt < 0) throw new Error("balise non fermée");
    const tag = s.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith("/")) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> ferme <${open}>`);
      continue;
    }
    const selfClosing = tag.endsWith("/");
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const m = body.match(/^([A-Za-z_][\w.:-]*)([\s\S]*)$/);
    if (!m) throw new Error(`balise invalide <${tag}>`);
    const [, name, rest] = m;
    const attrRe = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
    const seen = new Set<string>();
    let pos = 0;
    while (pos < rest.length) {
      if (/^\s*$/.test(rest.slice(pos))) break;
      attrRe.lastIndex = pos;
      const a = attrRe.exec(rest);
      if (!a) throw new Error(`attribut invalide dans <${tag}>`);
      if (seen.has(a[1])) throw new Error(`attribut en double ${a[1]} dans <${name}>`);
      seen.add(a[1]);
      chars(a[3] ?? a[4] ?? "");
      pos = attrRe.lastIndex;
    }
    if (stack.length === 0) roots++;
    if (roots > 1) throw new Error("plusieurs éléments racine");
    if (!selfClosing) stack.push(name);
  }
  if (stack.length) throw new Error(`balises non fermées : ${stack.join(", ")}`);
  if (roots !== 1) throw new Error("aucun élément racine");
}
