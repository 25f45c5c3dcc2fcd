import { sql } from "kysely";
import { ApiError, errors } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { searchTextOf, type MediaItem, type MediaListAnswer, type MediaListQuery, type MediaSource, type MediaType, type MediaUsage } from "./media-schemas";
import { isStorageKey } from "./names";
import { mediaStorage } from "./storage.server";

/**
 * The library: listing (server-side search, filters and paging, newest first), editing the labels,
 * where an item is used, and deleting (refused while a published page shows the item).
 */
/** A media row as stored (the API answer is `toItem` of it). */
export interface MediaRow {
  id: string;
  type: string;
  url: string;
  thumbnail: string | null;
  webp_srcset: string | null;
  title: string;
  alt: string;
  category: string;
  width: number | string;
  height: number | string;
  file_type: string;
  size: number | string;
  created_at: string;
  source: string;
  author: string | null;
}

export function toItem(r: MediaRow): MediaItem {
  return {
    id: r.id,
    type: r.type as MediaType,
    url: r.url,
    thumbnail: r.thumbnail,
    title: r.title,
    alt: r.alt,
    category: r.category,
    width: Number(r.width),
    height: Number(r.height),
    fileType: r.file_type,
    size: Number(r.size),
    createdAt: r.created_at,
    source: r.source as MediaSource,
    author: r.author,
    srcset: r.webp_srcset,
  };
}

const COLUMNS = [
  "id",
  "type",
  "url",
  "thumbnail",
  "webp_srcset",
  "title",
  "alt",
  "category",
  "width",
  "height",
  "file_type",
  "size",
  "created_at",
  "source",
  "author",
] as const;

function likePattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listMedia(q: MediaListQuery): Promise<MediaListAnswer> {
  const db = runtime().db.kysely;
  let query = db.selectFrom("media");
  if (q.type && q.type !== "all") query = query.where("type", "=", q.type);
  if (q.category) query = query.where("category", "=", q.category);
  if (q.q) {
    const pattern = likePattern(q.q);
    query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
  }
  const [rows, count, categories] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    db.selectFrom("media").select("category").distinct().orderBy("category").execute(),
  ]);
  return {
    items: rows.map(toItem),
    total: Number(count.n),
    page: q.page,
    perPage: q.perPage,
    categories: categories.map((c) => c.category),
  };
}

export async function getMedia(id: string): Promise<MediaItem> {
  const row = await runtime().db.kysely.selectFrom("media").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Média");
  return toItem(row);
}

export async function updateMedia(id: string, patch: Partial<Pick<MediaItem, "title" | "alt" | "category">>): Promise<MediaItem> {
  const current = await getMedia(id);
  if (Object.keys(patch).length > 0) {
    await runtime()
      .db.kysely.updateTable("media")
      .set({ ...patch, search_text: searchTextOf({ ...current, ...patch }) })
      .where("id", "=", id)
      .execute();
  }
  return getMedia(id);
}

/** Pages whose draft or published document (or social image) mentions the item's address. */
export async function mediaUsage(url: string): Promise<MediaUsage[]> {
  const pattern = `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (col: string) => sql<boolean>`${sql.ref(col)} like ${pattern} escape '\\'`;
  const rows = await runtime()
    .db.kysely.selectFrom("page_translations")
    .select(["page_id", "lang", "title", "path", "draft", "published", "image"])
    .where((eb) => eb.or([eb("image", "=", url), like("draft"), like("published")]))
    .orderBy("path")
    .execute();
  return rows.map((r) => ({
    pageId: r.page_id,
    lang: r.lang,
    title: r.title,
    path: r.path,
    published: r.image === url || (r.published?.includes(url) ?? false),
  }));
}

export async function deleteMedia(id: string): Promise<void> {
  const db = runtime().db.kysely;
  const row = await db.selectFrom("media").select(["id", "url", "storage_keys"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Média");
  const used = (await mediaUsage(row.url)).filter((u) => u.published);
  if (used.length > 0) {
    const list = used.map((u) => `${u.title} (${u.path})`).join(", ");
    const e = new ApiError(409, "media_in_use", `Suppression impossible : ce média est utilisé par des pages publiées : ${list}.`);
    e.details = { pages: used };
    throw e;
  }
  await db.deleteFrom("media").where("id", "=", id).execute();
  const keys = parseKeys(row.storage_keys);
  const storage = mediaStorage(runtime().env);
  // The row goes first: a file left behind by a failed delete is harmless; a row without its file is not.
  await Promise.all(keys.map((k) => storage.delete(k).catch((err: unknown) => log.warn(`fichier média non supprimé : ${k}`, err))));
}

function parseKeys(text: string | null): string[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === "string" && isStorageKey(k)) : [];
  } catch {
    return [];
  }
}
