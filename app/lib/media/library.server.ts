import { sql } from "kysely";
import { ApiError, errors } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { searchTextOf, type MediaItem, type MediaListAnswer, type MediaListQuery, type MediaSource, type MediaType, type MediaUsage } from "./media-schemas";
import { mediaStorage } from "./storage.server";
import { describeUsage, mediaUsageOf, parseKeys, usageOf, versionBases } from "./usage.server";

/**
 * The library: listing (server-side search, filters and paging, newest first), editing the labels,
 * and deleting (refused while the public site shows any version of the item).
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
  taken_at: string | null;
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
    takenAt: r.taken_at,
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
  "taken_at",
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

/** Where the item is used, every version of it (usage.server.ts). */
export async function mediaUsage(id: string): Promise<MediaUsage[]> {
  const row = await runtime().db.kysely.selectFrom("media").select(["url", "storage_keys"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Média");
  return mediaUsageOf(row);
}

/**
 * Refused (409, with where it is used) while anything published or scheduled shows any version of the
 * item. Otherwise the row goes, and so do the files of every version nothing mentions any more; a
 * version a draft, a revision the team can restore or a saved model still shows keeps its files.
 */
export async function deleteMedia(id: string): Promise<void> {
  const db = runtime().db.kysely;
  const row = await db.selectFrom("media").select(["id", "url", "storage_keys"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Média");
  const usage = await mediaUsageOf(row);
  const blocking = usage.filter((u) => u.published);
  if (blocking.length > 0) {
    const e = new ApiError(409, "media_in_use", `Suppression impossible\u00a0: ce média est affiché par le site public\u00a0: ${describeUsage(blocking)}.`);
    e.details = { usage };
    throw e;
  }
  const keys = parseKeys(row.storage_keys);
  const kept = new Set<string>();
  if (usage.length > 0) {
    for (const base of versionBases(row.url, keys)) if ((await usageOf([base])).length > 0) kept.add(base);
  }
  await db.deleteFrom("media").where("id", "=", id).execute();
  const storage = mediaStorage(runtime().env);
  // The row goes first: a file left behind by a failed delete is harmless; a row without its file is not.
  await Promise.all(
    keys.filter((k) => !kept.has(k.slice(0, 24))).map((k) => storage.delete(k).catch((err: unknown) => log.warn(`fichier média non supprimé : ${k}`, err))),
  );
}
