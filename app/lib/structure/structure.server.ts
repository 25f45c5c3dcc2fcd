import type { Transaction } from "kysely";
import { DEFAULT_SETTINGS, siteSettingsSchema, type SiteSettings } from "~/lib/content/settings";
import type { Database, PageKind } from "~/lib/db/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import { announceContentChange, notifyContentListeners, onContentChanged } from "~/lib/content/changes.server";
import { FIXED_ROUTE_KEYS, LANGS, ROUTE_KEYS, ROUTES, type Lang, type RouteKey, type RouteTable } from "~/lib/i18n/routes";
import { draftStore } from "~/lib/content/draft-store.server";
import { leavePath, redirectTarget, translationRow } from "~/lib/content/translations.server";
import { runtime } from "~/lib/runtime.server";
import type { PublicShell, ShellLink } from "./shell";
import { defaultStructure, structureSchema, type Labels, type SiteStructure, type StructureLink } from "./structure-schemas";
import { pagePathProblem } from "./paths";
import { blogMoveProblem, moveArticles } from "./blog-move.server";
import { draftFromRevision, listRevisions, readRevision, recordRevision } from "./revisions.server";
import type { StructurePage, StructureView } from "./view";
import { typesetTitle } from "~/lib/pipeline/typography";

export type { StructurePage, StructureView };

const db = () => runtime().db.kysely;

const store = draftStore<SiteStructure>({
  table: "site_structure",
  schema: structureSchema,
  logName: (id) => `structure du site (${id})`,
  invalid: "invalide, structure par défaut utilisée",
  unreadable: "illisible",
  staleMessage: "La structure a été modifiée ailleurs depuis que vous l'avez ouverte. Rechargez-la pour voir ces modifications avant d'enregistrer.",
});

interface StoredRow {
  structure: SiteStructure;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

async function readSettingsRow(q: Db = db()): Promise<SiteSettings> {
  const row = await q.selectFrom("site_settings").select("data").where("id", "=", "site").executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  try {
    const parsed = siteSettingsSchema.safeParse(JSON.parse(row.data));
    if (parsed.success) return parsed.data;
  } catch {
    /* unreadable: the default below */
  }
  return DEFAULT_SETTINGS;
}

/** A stored row, checked; a missing or unreadable one is the default structure (today's menu and footer). */
/** `q`: the caller's transaction when there is one (SQLite has one connection: another query would wait for ever). */
async function readRow(id: "draft" | "published", q: Db = db()): Promise<StoredRow> {
  const row = await store.read(id, q);
  return {
    structure: row?.doc ?? defaultStructure(await readSettingsRow(q)),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** The draft falls back to the published copy: before any save, the draft is what visitors see. */
async function readDraft(): Promise<StoredRow> {
  if (await store.read("draft")) return readRow("draft");
  const published = await readRow("published");
  return { ...published, version: 0 };
}

const same = (a: SiteStructure, b: SiteStructure) => JSON.stringify(a) === JSON.stringify(b);

export async function getStructureView(): Promise<StructureView> {
  const [draft, published, pages, articles, revisions] = await Promise.all([
    readDraft(),
    readRow("published"),
    listStructurePages(),
    listArticleTargets(),
    listRevisions(),
  ]);
  return {
    structure: draft.structure,
    version: draft.version,
    status: same(draft.structure, published.structure) ? "published" : "draft_pending",
    updatedAt: draft.updatedAt,
    updatedBy: draft.updatedBy,
    publishedAt: published.updatedAt,
    pages,
    articles,
    revisions,
  };
}

async function listStructurePages(): Promise<StructurePage[]> {
  const rows = await db()
    .selectFrom("pages as p")
    .innerJoin("page_translations as t", "t.page_id", "p.id")
    .select(["p.id", "p.kind", "p.system_key", "p.created_at", "t.lang", "t.title", "t.path", "t.description", "t.published"])
    .where("p.kind", "in", ["system", "custom"])
    .orderBy("p.created_at")
    .execute();
  const pages = new Map<string, StructurePage>();
  for (const r of rows) {
    const page = pages.get(r.id) ?? { id: r.id, kind: r.kind, systemKey: r.system_key, translations: {} };
    page.translations[r.lang] = { title: r.title, path: r.path, description: r.description, published: r.published !== null };
    pages.set(r.id, page);
  }
  const order = Object.keys(ROUTES);
  return [...pages.values()].sort((a, b) =>
    a.kind !== b.kind ? (a.kind === "system" ? -1 : 1) : a.kind === "system" ? order.indexOf(a.systemKey ?? "") - order.indexOf(b.systemKey ?? "") : 0,
  );
}

async function listArticleTargets(): Promise<{ id: string; title: string }[]> {
  const rows = await db()
    .selectFrom("pages as p")
    .innerJoin("page_translations as t", "t.page_id", "p.id")
    .select(["p.id", "p.created_at", "t.lang", "t.title"])
    .where("p.kind", "=", "article")
    .orderBy("p.created_at", "desc")
    .limit(1000)
    .execute();
  const byId = new Map<string, string>();
  for (const r of rows) if (!byId.has(r.id) || r.lang === "fr") byId.set(r.id, r.title);
  return [...byId.entries()].map(([id, title]) => ({ id, title }));
}

// ---------------------------------------------------------------------------------------------------
// Checks against the database: what the schema alone cannot know.

type Db = ReturnType<typeof db> | Transaction<Database>;

function* linksOf(s: SiteStructure): Generator<{ where: string; label: Labels; link: StructureLink }> {
  for (const e of s.menu) {
    if (e.link) yield { where: "menu", label: e.label, link: e.link };
    for (const c of e.children) yield { where: `sous-menu « ${e.label.fr} »`, label: c.label, link: c.link };
  }
  for (const col of s.footer) for (const l of col.links) yield { where: `pied de page, colonne « ${col.title.fr} »`, label: l.label, link: l.link };
}

/** Every entry must point to a page that exists, of the kind it says (refused on save, not found later). */
async function checkLinks(trx: Db, s: SiteStructure) {
  const ids = new Set<string>();
  for (const { link } of linksOf(s)) if (link.type === "page" || link.type === "article") ids.add(link.pageId);
  const kinds = new Map<string, PageKind>();
  if (ids.size) {
    const rows = await trx
      .selectFrom("pages")
      .select(["id", "kind"])
      .where("id", "in", [...ids])
      .execute();
    for (const r of rows) kinds.set(r.id, r.kind);
  }
  for (const { where, label, link } of linksOf(s)) {
    if (link.type !== "page" && link.type !== "article") continue;
    const kind = kinds.get(link.pageId);
    const expected = link.type === "page" ? "custom" : "article";
    if (kind !== expected) {
      throw new ApiError(
        400,
        "missing_page",
        `L'entrée « ${label.fr} » (${where}) pointe vers ${link.type === "page" ? "une page" : "un article"} qui n'existe plus : choisissez une autre cible ou retirez l'entrée.`,
      );
    }
  }
}

const isRouteKey = (k: string | null): k is RouteKey => k !== null && (ROUTE_KEYS as string[]).includes(k);

/** The system pages' addresses as stored (the route table fills what is missing). */
async function readRouteTable(trx: Db): Promise<RouteTable> {
  const rows = await trx
    .selectFrom("pages as p")
    .innerJoin("page_translations as t", "t.page_id", "p.id")
    .select(["p.system_key", "t.lang", "t.path"])
    .where("p.kind", "=", "system")
    .execute();
  const table = Object.fromEntries(ROUTE_KEYS.map((k) => [k, { ...ROUTES[k] }])) as RouteTable;
  for (const r of rows) if (isRouteKey(r.system_key) && !FIXED_ROUTE_KEYS.includes(r.system_key)) table[r.system_key][r.lang] = r.path;
  return table;
}

/**
 * Title, description and address changes: the pages exist, addresses are free and allowed. System pages
 * move like custom pages (the home page excepted); a page never takes an address under the blog's, where
 * articles live; the blog moving takes its articles along, so their new addresses must be free too.
 */
async function checkPageEdits(trx: Db, s: SiteStructure) {
  const ids = Object.keys(s.pages);
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select(["t.page_id", "t.lang", "t.path", "p.kind", "p.system_key"])
    .where("t.page_id", "in", ids)
    .execute();
  const current = new Map(rows.map((r) => [`${r.page_id}:${r.lang}`, r]));
  const routes = await readRouteTable(trx);
  const wanted = new Map<string, string>();
  const blogMoves: { lang: Lang; from: string; to: string }[] = [];
  for (const [id, edit] of Object.entries(s.pages)) {
    for (const lang of LANGS) {
      const meta = edit[lang];
      if (!meta) continue;
      const row = current.get(`${id}:${lang}`);
      if (!row)
        throw new ApiError(
          400,
          "missing_page",
          `Une des pages modifiées n'existe plus (${lang === "fr" ? "version française" : "version anglaise"}) : rechargez la structure.`,
        );
      if (row.kind === "article") throw errors.invalid("les articles se modifient dans l'éditeur d'article.");
      if (meta.path === undefined || meta.path === row.path) continue;
      const key = row.kind === "system" && isRouteKey(row.system_key) ? row.system_key : null;
      if (key && FIXED_ROUTE_KEYS.includes(key)) throw errors.invalid("l'adresse de l'accueil (« / » et « /en ») ne change pas.");
      const problem = pagePathProblem(meta.path, lang, key ? { ownDefault: ROUTES[key][lang] } : {});
      if (problem) throw errors.invalid(`adresse « ${meta.path} » — ${problem}`);
      if (wanted.has(meta.path)) throw errors.conflict(`L'adresse « ${meta.path} » est demandée pour deux pages.`);
      wanted.set(meta.path, id);
      if (key === "blog") blogMoves.push({ lang, from: row.path, to: meta.path });
    }
  }
  if (wanted.size === 0) return;
  // Under the blog's address (today's or the one it moves to) are the articles: no page goes there.
  const blogPaths = [...LANGS.map((l) => routes.blog[l]), ...blogMoves.map((m) => m.to)];
  for (const path of wanted.keys()) {
    const under = blogPaths.find((b) => path.startsWith(`${b}/`));
    if (under) throw errors.invalid(`adresse « ${path} » — les adresses sous « ${under}/ » sont celles des articles du blog`);
  }
  const paths = [...wanted.keys()];
  const taken = await trx.selectFrom("page_translations").select(["page_id", "path", "title"]).where("path", "in", paths).execute();
  for (const t of taken) {
    if (t.page_id !== wanted.get(t.path)) throw errors.conflict(`L'adresse « ${t.path} » est déjà celle de la page « ${t.title} ».`);
  }
  // A former address of another page keeps redirecting its visitors there: taking it would send them elsewhere.
  const moved = await trx.selectFrom("slug_redirects").select(["page_id", "from_path"]).where("from_path", "in", paths).execute();
  for (const m of moved) {
    if (m.page_id !== wanted.get(m.from_path))
      throw errors.conflict(`L'adresse « ${m.from_path} » redirige déjà vers une autre page (son ancienne adresse) : choisissez-en une autre.`);
  }
  for (const move of blogMoves) {
    const problem = await blogMoveProblem(trx, move.lang, move.from, move.to);
    if (problem) throw errors.conflict(problem);
  }
}

/** Saves the draft (visitors see nothing of it), refused when based on a stale version. */
export async function saveStructureDraft(structure: SiteStructure, version: number, by: string): Promise<StructureView> {
  await store.saveDraft(version, by, async (trx) => {
    await checkLinks(trx, structure);
    await checkPageEdits(trx, structure);
    return structure;
  });
  return getStructureView();
}

/**
 * A publication of the history becomes the draft (visitors see nothing until it is published as usual):
 * its menu, footer and settings, and the page titles, descriptions and addresses it had. Links to pages
 * deleted since stay and are flagged by the screen; the publication refuses them until fixed.
 */
export async function restoreStructureRevision(id: string, version: number, by: string): Promise<StructureView> {
  await store.saveDraft(version, by, async (trx) => {
    const revision = await readRevision(trx, id);
    if (!revision)
      throw new ApiError(404, "not_found", "Cette publication n'est plus dans l'historique (seules les 50 dernières sont gardées) : rechargez la page.");
    const fixed = await trx
      .selectFrom("pages")
      .select("id")
      .where("kind", "=", "system")
      .where("system_key", "in", [...FIXED_ROUTE_KEYS])
      .execute();
    return draftFromRevision(trx, revision, new Set(fixed.map((f) => f.id)));
  });
  return getStructureView();
}

/**
 * Makes the draft what visitors see, in one transaction: page titles, descriptions and addresses are
 * applied (an old address that visitors may have seen answers 301 to the new one), the settings row is
 * written, and both copies become the same. Every cached page is then dropped (the menu is on all of them).
 */
export async function publishStructure(version: number, by: string): Promise<StructureView> {
  await store.publish(
    version,
    by,
    async (trx, draft, now) => {
      const structure = draft ?? (await readRow("published", trx)).structure;
      // Pages may have been deleted since the save: a menu entry to one is refused now too.
      await checkLinks(trx, structure);
      const stillThere = new Set(
        (
          await trx
            .selectFrom("pages")
            .select("id")
            .where("id", "in", Object.keys(structure.pages).length ? Object.keys(structure.pages) : ["-"])
            .execute()
        ).map((r) => r.id),
      );
      const edits = Object.fromEntries(Object.entries(structure.pages).filter(([id]) => stillThere.has(id)));
      await checkPageEdits(trx, { ...structure, pages: edits });
      for (const [id, edit] of Object.entries(edits)) {
        for (const lang of LANGS) {
          const meta = edit[lang];
          if (meta) await applyPageMeta(trx, id, lang, meta, now, by);
        }
      }
      return { ...structure, pages: {} };
    },
    {
      after: async (trx, published, now) => {
        // The publication history: who published what, with the pages' titles and addresses after it.
        await recordRevision(trx, published, by, now);
        const settings = JSON.stringify(published.settings);
        const res = await trx.updateTable("site_settings").set({ data: settings, updated_at: now }).where("id", "=", "site").executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) await trx.insertInto("site_settings").values({ id: "site", data: settings, updated_at: now }).execute();
      },
      onUniqueViolation: () => errors.conflict("Une adresse vient d'être prise par une autre page : rechargez la structure et choisissez-en une autre."),
    },
  );
  await announceContentChange("all");
  return getStructureView();
}

async function applyPageMeta(trx: Transaction<Database>, id: string, lang: Lang, meta: SiteStructure["pages"][string]["fr"] & object, now: string, by: string) {
  const row = await translationRow(trx, id, lang);
  if (!row) return;
  const path = meta.path ?? row.path;
  if (path !== row.path) {
    await movePath(trx, id, lang, row.path, path, row.published_at !== null, now);
    // The blog's articles live under its address: they move with it, each old address answering 301.
    if (row.system_key === "blog") await moveArticles(trx, lang, row.path, path, now);
  }
  const slug = path.split("/").pop() ?? "";
  await trx
    .updateTable("page_translations")
    .set({ title: meta.title, description: meta.description, path, slug, version: Number(row.version) + 1, updated_at: now, updated_by: by })
    .where("page_id", "=", id)
    .where("lang", "=", lang)
    .execute();
}

/**
 * A page leaves `from` for `to`. Moving back to a former address: that redirect goes (no loop); the
 * address left behind redirects to the page (by id, so chains collapse) if visitors could have seen it.
 */
async function movePath(trx: Transaction<Database>, id: string, lang: Lang, from: string, to: string, wasPublic: boolean, now: string) {
  // checkPageEdits refused another page's former address: one left here is this page's own.
  await trx.deleteFrom("slug_redirects").where("from_path", "=", to).where("page_id", "=", id).execute();
  await leavePath(trx, { pageId: id, lang, from, wasPublic, now });
}

// ---------------------------------------------------------------------------------------------------
// The public side: the shell, read once and kept in memory until content changes.

interface ShellData {
  settings: SiteSettings;
  shell: Record<Lang, PublicShell>;
  /** The system pages' current addresses (the route table is only their default). */
  routes: RouteTable;
}

let cached: Promise<ShellData> | null = null;
/** The shell the cached pages were rendered with (JSON), once one was built. */
let lastShell: string | null = null;

/**
 * Any publication may change the shell (a page in the menu deleted, unpublished or renamed, an article
 * going public): it is rebuilt at once, and when it differs every cached page is dropped, since each
 * one carries the menu. The publication's answer waits for this, so the next visitor sees the new menu.
 */
onContentChanged(async (change) => {
  if (change.origin === "shell") return;
  cached = null;
  if (lastShell === null) return;
  const before = lastShell;
  const next = JSON.stringify(await loadShell());
  if (next !== before) await notifyContentListeners({ paths: "all", origin: "shell" });
});

/**
 * The published structure resolved for both languages. Built on the first render after a change, then
 * served from memory: the public page reads no more from the database than before this feature.
 */
export function loadShell(): Promise<ShellData> {
  if (!cached) {
    const building = buildShell().then((shell) => {
      lastShell = JSON.stringify(shell);
      return shell;
    });
    cached = building;
    building.catch(() => {
      if (cached === building) cached = null;
    });
  }
  return cached;
}

/** The system pages' current addresses, from memory (rebuilt with the shell after any publication). */
export async function currentRoutes(): Promise<RouteTable> {
  return (await loadShell()).routes;
}

async function buildShell(now = new Date()): Promise<ShellData> {
  const [{ structure }, routes] = await Promise.all([readRow("published"), readRouteTable(db())]);
  const ids = new Set<string>();
  for (const { link } of linksOf(structure)) if (link.type === "page" || link.type === "article") ids.add(link.pageId);
  const paths = new Map<string, string>();
  if (ids.size) {
    const nowIso = now.toISOString();
    const rows = await db()
      .selectFrom("page_translations")
      .select(["page_id", "lang", "path"])
      .where("page_id", "in", [...ids])
      .where("published", "is not", null)
      .where((eb) => eb.or([eb("publish_at", "is", null), eb("publish_at", "<=", nowIso)]))
      .execute();
    for (const r of rows) paths.set(`${r.page_id}:${r.lang}`, r.path);
  }
  const resolve = (link: StructureLink, lang: Lang): Omit<ShellLink, "label"> | null => {
    // The blog's entry stays highlighted on its articles (`section`).
    if (link.type === "system") return { href: routes[link.key][lang], external: false, ...(link.key === "blog" ? { section: true } : {}) };
    if (link.type === "url") return { href: link.url, external: /^https?:/i.test(link.url) };
    // A page deleted or unpublished since: its entry is left out rather than a dead link.
    const path = paths.get(`${link.pageId}:${lang}`);
    return path ? { href: path, external: false } : null;
  };
  const forLang = (lang: Lang): PublicShell => ({
    routes: Object.fromEntries(ROUTE_KEYS.map((k) => [k, routes[k][lang]])) as Record<RouteKey, string>,
    menu: structure.menu.flatMap((e) => {
      const children = e.children.flatMap((c) => {
        const r = resolve(c.link, lang);
        return r ? [{ id: c.id, label: typesetTitle(c.label[lang], lang), ...r }] : [];
      });
      const own = e.link ? resolve(e.link, lang) : null;
      if (!own && children.length === 0) return [];
      return [
        {
          id: e.id,
          label: typesetTitle(e.label[lang], lang),
          href: own?.href ?? null,
          external: own?.external ?? false,
          ...(own?.section ? { section: true } : {}),
          children,
        },
      ];
    }),
    footer: structure.footer.map((col) => ({
      id: col.id,
      title: typesetTitle(col.title[lang], lang),
      links: col.links.flatMap((l) => {
        const r = resolve(l.link, lang);
        return r ? [{ id: l.id, label: typesetTitle(l.label[lang], lang), ...r }] : [];
      }),
    })),
  });
  // What visitors read follows French typography like the pages do (the structure stores text as typed).
  const { settings } = structure;
  const contact = { ...settings.contact, fr: { ...settings.contact.fr, address: typesetTitle(settings.contact.fr.address, "fr") } };
  return { settings: { ...settings, contact }, shell: { fr: forLang("fr"), en: forLang("en") }, routes };
}

/** A former address of a page (its address changed): 301 to where the page is now, if visitors can see it. */
export function movedPageRedirect(path: string, now = new Date()): Promise<string | null> {
  return redirectTarget(path, now);
}
