import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { htmlCache } from "./html-cache.server";

/**
 * Publishing in one server process must reach the HTML caches of the others. A publication bumps the
 * content revision in the database; each process reads it once a second on a timer (never on a
 * request's path) and empties its cache when it moved. The publishing process itself invalidates exactly.
 */
const KEY = "content_revision";
const CHECK_EVERY_MS = 1000;
let seen: number | undefined;
let lastCheck = 0;
let checking = false;

/**
 * In-memory data derived from published content (the public shell) is dropped with the HTML cache:
 * after a publication here, or when another process's publication is noticed.
 */
const listeners = new Set<() => void | Promise<void>>();
export function onContentChange(fn: () => void | Promise<void>): void {
  listeners.add(fn);
}
async function contentChanged(): Promise<void> {
  await Promise.all([...listeners].map(async (fn) => fn())).catch((e) => log.warn("mise à jour après publication impossible", e));
}

export async function bumpContentRevision(): Promise<void> {
  const { kysely } = runtime().db;
  await kysely
    .insertInto("site_state")
    .values({ key: KEY, value: 1 })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb("site_state.value", "+", 1) })))
    .execute();
  await contentChanged();
  seen = await readRevision();
  await refreshNextPublication();
}

/**
 * The earliest scheduled publication still to come, handed to the HTML cache: pages rendered before it
 * are not served after it (no missed schedule, no job). Looked up at start, after each content change
 * and each time a publication instant passes.
 */
export async function refreshNextPublication(now = new Date()): Promise<void> {
  const row = await runtime()
    .db.kysely.selectFrom("page_translations")
    .select((eb) => eb.fn.min("publish_at").as("next"))
    .where("published", "is not", null)
    .where("publish_at", ">", now.toISOString())
    .executeTakeFirst();
  const next = row?.next ? Date.parse(String(row.next)) : NaN;
  htmlCache().setNextPublication(Number.isFinite(next) ? next : null);
}

async function readRevision(): Promise<number> {
  const row = await runtime().db.kysely.selectFrom("site_state").select("value").where("key", "=", KEY).executeTakeFirst();
  return Number(row?.value ?? 0);
}

export function maybeSyncCache(now = Date.now()): Promise<void> | undefined {
  if (checking || now - lastCheck < CHECK_EVERY_MS - 50) return undefined;
  lastCheck = now;
  checking = true;
  return readRevision()
    .then((rev) => {
      const moved = seen !== undefined && rev !== seen;
      if (moved) {
        htmlCache().clear();
        void contentChanged();
      }
      seen = rev;
      if (moved) return refreshNextPublication();
    })
    .catch((e) => log.warn("lecture de la révision du contenu impossible", e))
    .finally(() => {
      checking = false;
    });
}

/** Starts the once-a-second check; returns the function that stops it. */
export function startCacheSync(): () => void {
  void maybeSyncCache();
  const cache = htmlCache();
  // A scheduled article going public may appear in the menu: the shell is rebuilt with the pages.
  cache.onBoundary = () => {
    void contentChanged();
    void refreshNextPublication().catch((e) => log.warn("prochaine publication illisible", e));
  };
  void refreshNextPublication().catch((e) => log.warn("prochaine publication illisible", e));
  const timer = setInterval(() => void maybeSyncCache(), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
