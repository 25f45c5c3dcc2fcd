import { sql } from "kysely";
import { runtime } from "~/lib/runtime.server";
import type { MediaUsage } from "./media-schemas";
import { isStorageKey, MEDIA_URL_PREFIX } from "./names";

/**
 * Where a media item is used (decision record 032). An item is several files: every version the image
 * editor made, each with its WebP variants and thumbnail. Each version has its own random 24-character
 * base name, so "the item is used" means "some stored text mentions one of its bases": page and article
 * documents (draft, published, revisions), social images and article covers, the menus and footer of
 * the site structure, the design settings, the site settings and the saved models.
 *
 * What is published or scheduled blocks a delete; drafts, revisions and models only keep their files
 * (see `keptBases`), so restoring a revision never brings back a broken image.
 */
const BASE = /^[a-z2-7]{24}/;

/** The version bases of an item: from its stored keys and its current address. */
export function versionBases(url: string, keys: string[]): string[] {
  const bases = new Set<string>();
  for (const k of keys) {
    const m = isStorageKey(k) ? BASE.exec(k) : null;
    if (m) bases.add(m[0]);
  }
  if (url.startsWith(MEDIA_URL_PREFIX)) {
    const m = BASE.exec(url.slice(MEDIA_URL_PREFIX.length));
    if (m) bases.add(m[0]);
  }
  return [...bases];
}

/** The needle for a base: the start of its public address (generated bases never collide with other text). */
const needle = (base: string) => `${MEDIA_URL_PREFIX}${base}`;
const likeAny = (col: string, bases: string[]) =>
  sql<boolean>`(${sql.join(
    bases.map((b) => sql`${sql.ref(col)} like ${`%${needle(b)}%`}`),
    sql` or `,
  )})`;
const mentions = (text: string | null | undefined, bases: string[]) => !!text && bases.some((b) => text.includes(needle(b)));

const LINK_PLACES = ["menu", "footer"] as const;

/** Menu entries and footer links (French label) whose address is one of the item's files. */
function structurePlaces(data: string, bases: string[]): { place: "menu" | "footer" | "settings"; title: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  const out: { place: "menu" | "footer" | "settings"; title: string }[] = [];
  if (typeof parsed !== "object" || parsed === null) return out;
  const root = parsed as Record<string, unknown>;
  for (const place of LINK_PLACES) {
    // Walks whatever shape the stored JSON has: an object with a `label`/`title` names the entry.
    const walk = (v: unknown, label: string) => {
      if (Array.isArray(v)) return v.forEach((x) => walk(x, label));
      if (typeof v !== "object" || v === null) return;
      const o = v as Record<string, unknown>;
      const own = frLabel(o.label) ?? frLabel(o.title) ?? label;
      for (const [k, x] of Object.entries(o)) {
        if (typeof x === "string" && k !== "id" && mentions(x, bases)) out.push({ place, title: own });
        else walk(x, own);
      }
    };
    walk(root[place], place === "menu" ? "Menu" : "Pied de page");
  }
  const rest = Object.fromEntries(Object.entries(root).filter(([k]) => !(LINK_PLACES as readonly string[]).includes(k)));
  if (mentions(JSON.stringify(rest), bases)) out.push({ place: "settings", title: "Réglages du site" });
  return out;
}

function frLabel(v: unknown): string | null {
  if (typeof v === "object" && v !== null && "fr" in v && typeof v.fr === "string" && v.fr) return v.fr;
  return null;
}

export async function usageOf(bases: string[]): Promise<MediaUsage[]> {
  if (bases.length === 0) return [];
  const db = runtime().db.kysely;
  const nowIso = new Date().toISOString();
  const [pages, revisions, structure, structureRevisions, design, settings, models] = await Promise.all([
    db
      .selectFrom("page_translations as t")
      .innerJoin("pages as p", "p.id", "t.page_id")
      .select(["t.page_id", "t.lang", "t.title", "t.path", "t.draft", "t.published", "t.image", "t.publish_at", "p.kind"])
      .where((eb) => eb.or([likeAny("t.image", bases), likeAny("t.draft", bases), likeAny("t.published", bases)]))
      .orderBy("t.path")
      .execute(),
    db
      .selectFrom("page_revisions as r")
      .innerJoin("page_translations as t", (j) => j.onRef("t.page_id", "=", "r.page_id").onRef("t.lang", "=", "r.lang"))
      .innerJoin("pages as p", "p.id", "r.page_id")
      .select(["r.page_id", "r.lang", "t.title", "t.path", "p.kind"])
      .where(likeAny("r.doc", bases))
      .distinct()
      .execute(),
    db.selectFrom("site_structure").select(["id", "data"]).where(likeAny("data", bases)).orderBy("id").execute(),
    db.selectFrom("site_structure_revisions").select("id").where(likeAny("data", bases)).limit(1).execute(),
    db.selectFrom("site_design").select(["id"]).where(likeAny("data", bases)).orderBy("id").execute(),
    db.selectFrom("site_settings").select(["id"]).where(likeAny("data", bases)).execute(),
    db.selectFrom("saved_sections").select(["id", "name"]).where(likeAny("block", bases)).orderBy("name").execute(),
  ]);
  const out: MediaUsage[] = [];
  for (const r of pages) {
    const place = r.kind === "article" ? "article" : "page";
    // The cover (or social image) is shown by whatever version is public; the document by its own text.
    const live = r.published !== null && (mentions(r.published, bases) || mentions(r.image, bases));
    const scheduled = live && r.publish_at !== null && r.publish_at > nowIso;
    out.push({
      place,
      pageId: r.page_id,
      lang: r.lang,
      title: r.title,
      path: r.path,
      state: live ? (scheduled ? "scheduled" : "published") : "draft",
      published: live,
    });
  }
  const seen = new Set(out.map((u) => `${u.pageId}/${u.lang}`));
  for (const r of revisions) {
    if (seen.has(`${r.page_id}/${r.lang}`)) continue;
    out.push({
      place: r.kind === "article" ? "article" : "page",
      pageId: r.page_id,
      lang: r.lang,
      title: r.title,
      path: r.path,
      state: "revision",
      published: false,
    });
  }
  // Published first: the same link in both rows of the structure is named once, by its public state.
  for (const row of [...structure].sort((a, b) => (a.id === "published" ? -1 : b.id === "published" ? 1 : 0))) {
    const live = row.id === "published";
    for (const p of structurePlaces(row.data, bases)) {
      if (out.some((u) => u.place === p.place && u.title === p.title)) continue;
      out.push({ place: p.place, pageId: null, lang: null, title: p.title, path: null, state: live ? "published" : "draft", published: live });
    }
  }
  if (structureRevisions.length > 0 && !out.some((u) => u.place === "menu" || u.place === "footer")) {
    out.push({ place: "footer", pageId: null, lang: null, title: "Menus et pied de page (révision)", path: null, state: "revision", published: false });
  }
  const liveDesign = design.some((d) => d.id === "published");
  if (design.length > 0) {
    out.push({
      place: "design",
      pageId: null,
      lang: null,
      title: "Design du site",
      path: null,
      state: liveDesign ? "published" : "draft",
      published: liveDesign,
    });
  }
  if (settings.length > 0)
    out.push({ place: "settings", pageId: null, lang: null, title: "Réglages du site", path: null, state: "published", published: true });
  for (const m of models) out.push({ place: "model", pageId: null, lang: null, title: m.name, path: null, state: "draft", published: false });
  return out;
}

/** Where the item (every version of it) is used, by its row. */
export async function mediaUsageOf(row: { url: string; storage_keys: string | null }): Promise<MediaUsage[]> {
  return usageOf(versionBases(row.url, parseKeys(row.storage_keys)));
}

export function parseKeys(text: string | null): string[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === "string" && isStorageKey(k)) : [];
  } catch {
    return [];
  }
}

/** One line per place, for the 409's French message: « Accueil » (/, fr), Pied de page « Documents »… */
export function describeUsage(used: MediaUsage[]): string {
  const word = { page: "page", article: "article", menu: "menu", footer: "pied de page", design: "design", settings: "réglages", model: "modèle" } as const;
  return used
    .map((u) => {
      const where = u.path ? ` (${u.path}${u.lang ? `, ${u.lang}` : ""})` : "";
      const when = u.state === "scheduled" ? ", programmé" : "";
      return `${word[u.place]} «\u00a0${u.title}\u00a0»${where}${when}`;
    })
    .join(", ");
}
