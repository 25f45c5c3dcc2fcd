import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { notifyContentListeners, onContentChanged, readContentRevision, type ContentChange } from "~/lib/content/changes.server";
import { htmlCache } from "./html-cache.server";

/**
 * Publishing in one server process must reach the HTML caches of the others. An announced change
 * (app/lib/content/changes.server.ts) moves the content revision in the database; each process reads it
 * once a second on a timer (never on a request's path) and empties its cache when it moved. In the
 * announcing process this module's listener drops exactly the pages named.
 */
const CHECK_EVERY_MS = 1000;
let seen: number | undefined;
let lastCheck = 0;
let checking = false;

async function onChange(change: ContentChange): Promise<void> {
  if (change.origin === "elsewhere" || change.origin === "schedule") return; // the sync loop and the cache's boundary handle these
  const cache = htmlCache();
  // Any page added, renamed or removed may change the sitemap.
  if (change.paths === "all") cache.clear();
  else cache.invalidate([...change.paths, "/sitemap.xml"]);
  if (change.revision === undefined) return;
  seen = change.revision;
  await refreshNextPublication();
}

/**
 * The earliest scheduled publication still to come, handed to the HTML cache: pages rendered before it
 * are not served after it (no missed schedule, no job). Looked up at start, after each content change
 * and each time a publication instant passes.
 */
async function refreshNextPublication(now = new Date()): Promise<void> {
  const row = await runtime()
    .db.kysely.selectFrom("page_translations")
    .select((eb) => eb.fn.min("publish_at").as("next"))
    .where("published", "is not", null)
    .where("publish_at", ">", now.toISOString())
    .executeTakeFirst();
  const next = row?.next ? Date.parse(String(row.next)) : NaN;
  htmlCache().setNextPublication(Number.isFinite(next) ? next : null);
}

function maybeSyncCache(now = Date.now()): Promise<void> | undefined {
  if (checking || now - lastCheck < CHECK_EVERY_MS - 50) return undefined;
  lastCheck = now;
  checking = true;
  return readContentRevision()
    .then((rev) => {
      const moved = seen !== undefined && rev !== seen;
      if (moved) {
        htmlCache().clear();
        void notifyContentListeners({ paths: "all", origin: "elsewhere" });
      }
      seen = rev;
      if (moved) return refreshNextPublication();
    })
    .catch((e) => log.warn("lecture de la révision du contenu impossible", e))
    .finally(() => {
      checking = false;
    });
}

/** Starts the once-a-second check and the listening; returns the function that stops both. */
export function startCacheSync(): () => void {
  const stopListening = onContentChanged(onChange);
  void maybeSyncCache();
  const cache = htmlCache();
  // A scheduled article going public may appear in the menu: the shell is rebuilt with the pages.
  cache.onBoundary = () => {
    void notifyContentListeners({ paths: "all", origin: "schedule" });
    void refreshNextPublication().catch((e) => log.warn("prochaine publication illisible", e));
  };
  void refreshNextPublication().catch((e) => log.warn("prochaine publication illisible", e));
  const timer = setInterval(() => void maybeSyncCache(), CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
