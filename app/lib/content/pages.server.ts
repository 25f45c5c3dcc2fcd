import { minutesForCharacters } from "~/lib/blog/reading";
import { serverElement } from "~/lib/elements/server-types.server";
import { readCleanDocument } from "~/lib/pipeline/read-clean.server";
import { withDeviceCss } from "~/lib/elements/device-css";
import type { RenderDocument } from "~/lib/document/schema";
import { walkElements } from "~/lib/document/walk";
import type { MediaMap } from "~/lib/elements/context";
import type { Lang } from "~/lib/i18n/routes";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { typesetDocument, typesetTitle } from "~/lib/pipeline/typography";
import type { PublicPageData } from "./public-page";
import { zonedIso } from "~/lib/blog/time";
import type { PublicationFacts } from "./publication-state";

/** What a public page renders (PublicPageData, sent to the island), plus the keys the server needs. */
interface PublicPage extends PublicPageData {
  pageId: string;
  systemKey: string | null;
  /** What the publication state is computed from (the team's banner); never sent to visitors. */
  publication: PublicationFacts;
}

/** Visible to visitors: published, and for scheduled articles, publish_at reached (computed at read time). */
function visible(nowIso: string) {
  return runtime()
    .db.kysely.selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .where("t.published", "is not", null)
    .where((eb) => eb.or([eb("t.publish_at", "is", null), eb("t.publish_at", "<=", nowIso)]));
}

/**
 * `preview`: a team member's view of an article visitors cannot see yet (brouillon, programmé): its
 * draft body, whatever its status. Such a view is private (never cached).
 */
export async function findPublicPage(path: string, now = new Date(), { preview = false } = {}): Promise<PublicPage | null> {
  const nowIso = now.toISOString();
  const columns = [
    "t.page_id",
    "t.lang",
    "t.path",
    "t.title",
    "t.description",
    "t.image",
    "t.published",
    "t.draft",
    "t.publish_at",
    "t.published_at",
    "p.kind",
    "p.system_key",
  ] as const;
  const row = preview
    ? await runtime()
        .db.kysely.selectFrom("page_translations as t")
        .innerJoin("pages as p", "p.id", "t.page_id")
        .select(columns)
        .where("t.path", "=", path)
        .where("p.kind", "=", "article")
        .executeTakeFirst()
    : await visible(nowIso).select(columns).where("t.path", "=", path).executeTakeFirst();
  if (!row) return null;
  const { doc: clean, error } = await readCleanDocument(preview ? row.draft : row.published);
  if (error) log.warn(`document lu en partie pour ${path}`, error);
  // Per-device rules made here (decision 022): the public page's JavaScript carries no CSS generator.
  const doc = withDeviceCss(typesetDocument(clean, row.lang));
  const others = await visible(nowIso).select(["t.lang", "t.path"]).where("t.page_id", "=", row.page_id).execute();
  const alternates: Partial<Record<Lang, string>> = {};
  for (const o of others) alternates[o.lang] = o.path;
  const urls = documentMediaUrls(doc);
  if (row.image) urls.push(row.image);
  return {
    pageId: row.page_id,
    kind: row.kind,
    systemKey: row.system_key,
    lang: row.lang,
    path: row.path,
    title: typesetTitle(row.title, row.lang),
    description: typesetTitle(row.description, row.lang),
    image: row.image,
    date: row.publish_at || row.published_at ? zonedIso((row.publish_at ?? row.published_at)!, runtime().env.SITE_TIMEZONE) : null,
    readingMinutes: readingMinutes(doc),
    doc,
    alternates,
    publication: { published: row.published !== null, publishAt: row.publish_at ?? row.published_at, pending: row.published !== row.draft },
    media: await mediaInfo(urls),
  };
}

export interface ArticleSummary {
  path: string;
  title: string;
  excerpt: string;
  image: string | null;
  date: string | null;
}

interface SitemapEntry {
  alternates: Partial<Record<Lang, string>>;
  lastmod: string;
}

export async function listSitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  const rows = await visible(now.toISOString()).select(["t.page_id", "t.lang", "t.path", "t.updated_at", "t.published_at"]).orderBy("t.path").execute();
  const byPage = new Map<string, SitemapEntry>();
  for (const r of rows) {
    const e = byPage.get(r.page_id) ?? { alternates: {}, lastmod: "" };
    e.alternates[r.lang] = r.path;
    const d = r.published_at ?? r.updated_at;
    if (d > e.lastmod) e.lastmod = d;
    byPage.set(r.page_id, e);
  }
  return [...byPage.values()];
}

export function documentMediaUrls(doc: RenderDocument): string[] {
  const urls: string[] = [];
  walkElements(doc, (e) => {
    const refs = serverElement(e.type)?.mediaRefs(e);
    if (refs?.length) urls.push(...refs);
  });
  return urls;
}

export async function mediaInfo(urls: string[]): Promise<MediaMap> {
  const unique = [...new Set(urls.filter((u) => u.startsWith("/")))];
  if (unique.length === 0) return {};
  const rows = await runtime().db.kysely.selectFrom("media").select(["url", "width", "height", "webp_url", "webp_srcset"]).where("url", "in", unique).execute();
  const map: MediaMap = {};
  for (const r of rows) {
    map[r.url] = { width: r.width, height: r.height, ...(r.webp_url ? { webp: r.webp_url } : {}), ...(r.webp_srcset ? { srcset: r.webp_srcset } : {}) };
  }
  return map;
}

export function readingMinutes(doc: RenderDocument): number {
  let chars = 0;
  walkElements(doc, (e) => {
    const def = serverElement(e.type);
    if (def?.prose) chars += def.searchText(e).length;
  });
  return minutesForCharacters(chars);
}
