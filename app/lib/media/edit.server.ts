import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import sharp from "sharp";
import type { Database } from "~/lib/db/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import { announceContentChange } from "~/lib/content/changes.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { outputFiles } from "./image-jobs.server";
import { imageJob } from "./image-pool.server";
import { srcsetOf, variantPlan } from "./images.server";
import { FORMAT_MIME, uprightSize, type MediaEdit } from "./edit-math";
import { getMedia } from "./library.server";
import type { MediaItem } from "./media-schemas";
import { isStorageKey, MEDIA_URL_PREFIX, mimeOfKey, newStorageBase, urlOf } from "./names";
import { mediaStorage, uploadTempDir } from "./storage.server";
import { parseKeys } from "./usage.server";
import { diskFullAsAnswer } from "./upload.server";
import { putImageFiles, refusedImageAsAnswer } from "./image-files.server";

/**
 * The image editor's Enregistrer on the server (decision record 013, "Edited versions"): the edit is
 * applied with sharp to the current file and stored as a NEW version under new generated names, with
 * the same variants as an upload. Stored files are served as immutable, so a version never changes
 * in place: the item's url moves to the new file and the pages that show it (drafts, published
 * documents and social images) are rewritten in the same transaction, then the HTML cache is dropped.
 * The original upload's files are kept (first in storage_keys) so that 'Revenir à l'original' can
 * put them back the same way.
 */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function checkMediaId(id: string) {
  if (!ID.test(id)) throw errors.notFound("Média");
  return id;
}

const notImage = () => new ApiError(400, "not_an_image", "Seules les images peuvent être modifiées.");

interface Stored {
  item: MediaItem;
  keys: string[];
}

export async function load(id: string): Promise<Stored> {
  const item = await getMedia(id);
  const row = await runtime().db.kysely.selectFrom("media").select(["storage_keys"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { item, keys: parseKeys(row.storage_keys) };
}

function keyOfUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

/** The original upload's file: the first key stored (upload.server.ts puts the original first). */
function originalKey(keys: string[]): string | null {
  const first = keys[0];
  return first && /^[a-z2-7]{24}\.(jpg|png|gif|webp)$/.test(first) ? first : null;
}

/** Whether the item shows an edited version (and so can go back to its original). */
export async function isEdited(id: string): Promise<boolean> {
  const { item, keys } = await load(id);
  const orig = originalKey(keys);
  return item.type === "image" && orig !== null && keyOfUrl(item.url) !== orig;
}

async function download(key: string, file: string): Promise<number> {
  const obj = await mediaStorage(runtime().env).get(key);
  if (!obj) throw new ApiError(409, "file_missing", "Le fichier de ce média est introuvable dans le stockage.");
  await pipeline(obj.body, createWriteStream(file));
  return obj.size;
}

/** Page documents and social images pointing at `from` now point at `to`; returns the public paths changed. */
export async function moveReferences(trx: Transaction<Database>, from: string, to: string): Promise<void> {
  const pattern = `%${from.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Generated names are unique random strings: a plain replace cannot touch anything else.
  await trx
    .updateTable("page_translations")
    .set({
      draft: sql`replace(draft, ${from}, ${to})`,
      published: sql`replace(published, ${from}, ${to})`,
    })
    .where((eb) => eb.or([sql<boolean>`draft like ${pattern} escape '\\'`, sql<boolean>`published like ${pattern} escape '\\'`]))
    .execute();
  await trx.updateTable("page_translations").set({ image: to }).where("image", "=", from).execute();
}

export async function invalidatePages() {
  // Which pages embed the image is a LIKE away, but any page may list it (articles, social cards):
  // the whole HTML cache goes, like for other site-wide changes; other servers follow the revision.
  await announceContentChange("all");
}

export async function editMedia(id: string, edit: MediaEdit): Promise<MediaItem> {
  const { item, keys } = await load(id);
  if (item.type !== "image") throw notImage();
  const currentKey = keyOfUrl(item.url);
  if (!currentKey) throw new ApiError(400, "not_editable", "Cette image n'est pas stockée sur ce site : elle ne peut pas être modifiée ici.");
  const { env, db } = runtime();
  const storage = mediaStorage(env);
  const tmpDir = uploadTempDir(env.dataDir);
  await mkdir(tmpDir, { recursive: true });
  const made: string[] = [];
  const tmp = (name: string) => {
    const f = path.join(tmpDir, name);
    made.push(f);
    return f;
  };
  const put: string[] = [];
  try {
    const source = tmp(`${randomUUID()}.edit-src`);
    await download(currentKey, source);
    const meta = await sharp(source, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw new ApiError(422, "invalid_image", "Image illisible ou incomplète.");
      });
    if ((meta.width ?? 0) * (meta.height ?? 0) > env.MEDIA_MAX_PIXELS) throw new ApiError(413, "too_many_pixels", "Image trop grande.");
    const turned = uprightSize(meta.width ?? 0, meta.height ?? 0, edit.rotation, edit.straighten);
    const c = edit.crop;
    if (c && (c.x + c.width > turned.width || c.y + c.height > turned.height)) {
      throw errors.invalid(`crop — la zone de recadrage dépasse l'image (${turned.width} × ${turned.height} px).`);
    }
    const ext = edit.format;
    const edited = tmp(`${randomUUID()}.edit.${ext}`);
    const base = newStorageBase();
    const tmpName = (suffix: string, e: string) => tmp(`${base}${suffix ? `-${suffix}` : ""}.${e}.tmp`);
    const job = { kind: "edit", source, edited, edit, maxPixels: env.MEDIA_MAX_PIXELS, files: outputFiles(tmpName, ext) } as const;
    const img = await imageJob(job).catch(refusedImageAsAnswer);
    const files = await putImageFiles(storage, base, img, { ext, mime: FORMAT_MIME[ext] }, put);
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable("media")
        .set({
          ...files,
          width: img.width,
          height: img.height,
          size: img.original.size,
          file_type: FORMAT_MIME[ext],
          // Every version's files stay listed: deleting the item removes them all.
          storage_keys: JSON.stringify([...keys, ...put]),
        })
        .where("id", "=", id)
        .execute();
      await moveReferences(trx, item.url, files.url);
    });
    await invalidatePages();
    return getMedia(id);
  } catch (e) {
    await Promise.all(put.map((k) => storage.delete(k).catch((err: unknown) => log.warn(`média orphelin ${k}`, err))));
    throw diskFullAsAnswer(e, `modification du média ${id}`);
  } finally {
    await Promise.all(made.map((f) => rm(f, { force: true })));
  }
}

const VARIANT_SUFFIX = /^[a-z2-7]{24}-(480|960|1600)\.webp$/;

/** 'Revenir à l'original': the original upload's files become the item's again (nothing is re-encoded). */
export async function revertMedia(id: string): Promise<MediaItem> {
  const { item, keys } = await load(id);
  if (item.type !== "image") throw notImage();
  const orig = originalKey(keys);
  if (!orig) throw new ApiError(409, "no_original", "L'original de ce média n'est pas disponible.");
  if (keyOfUrl(item.url) === orig) throw new ApiError(409, "already_original", "Ce média est déjà dans sa version d'origine.");
  const { env, db } = runtime();
  const base = orig.slice(0, 24);
  const tmpDir = uploadTempDir(env.dataDir);
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${randomUUID()}.revert`);
  try {
    const size = await download(orig, file);
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    const bySuffix = new Map(variantPlan(width).map((v) => [v.suffix, v.width]));
    const variants = keys
      .filter((k) => k.startsWith(base) && VARIANT_SUFFIX.test(k))
      .map((k) => ({ url: urlOf(k), width: bySuffix.get(k.slice(25, k.indexOf("."))) ?? 0 }))
      .filter((v) => v.width > 0)
      .sort((a, b) => a.width - b.width);
    const thumb = keys.find((k) => k === `${base}-thumb.webp`);
    const mime = mimeOfKey(orig);
    const url = urlOf(orig);
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable("media")
        .set({
          url,
          thumbnail: thumb ? urlOf(thumb) : null,
          webp_url: variants[variants.length - 1]?.url ?? null,
          webp_srcset: variants.length ? srcsetOf(variants) : null,
          width,
          height,
          size,
          file_type: mime,
        })
        .where("id", "=", id)
        .execute();
      await moveReferences(trx, item.url, url);
    });
    await invalidatePages();
    return getMedia(id);
  } finally {
    await rm(file, { force: true });
  }
}
