import { sql } from "kysely";
import pg from "pg";
import { log } from "~/lib/log.server";
import { contentNotifications } from "~/lib/metrics/metrics.server";
import { runtime } from "~/lib/runtime.server";
import { notifyContentListeners, onContentChanged, readContentRevision, type ContentChange } from "~/lib/content/changes.server";
import { htmlCache } from "./html-cache.server";

/**
 * Publishing in one server process must reach the HTML caches of the others. An announced change
 * (app/lib/content/changes.server.ts) moves the content revision in the database; each process reads it
 * once a second on a timer (never on a request's path) and empties its cache when it moved. In the
 * announcing process this module's listener drops exactly the pages named.
 *
 * On PostgreSQL the announcing process also sends a NOTIFY on a channel every process LISTENs to, so the
 * others check at once instead of at their next tick (several servers behind a load balancer serve a
 * publication within a few milliseconds); the timer stays as the fallback when the listening connection
 * is down.
 */
const CHECK_EVERY_MS = 1000;
let seen: number | undefined;
let lastCheck = 0;
let checking = false;
/** A notification arrived during a check: check again once it ends. */
let again = false;
const CHANNEL = "archimed_content";
const RECONNECT_MS = 2000;

async function onChange(change: ContentChange): Promise<void> {
  if (change.origin === "elsewhere" || change.origin === "schedule") return; // the sync loop and the cache's boundary handle these
  const cache = htmlCache();
  // Any page added, renamed or removed may change the sitemap.
  if (change.paths === "all") cache.clear();
  else cache.invalidate([...change.paths, "/sitemap.xml"]);
  if (change.revision === undefined) return;
  seen = change.revision;
  if (runtime().db.engine === "postgres") await sql`select pg_notify(${CHANNEL}, ${String(change.revision)})`.execute(runtime().db.kysely);
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

function maybeSyncCache(now = Date.now(), force = false): Promise<void> | undefined {
  if (checking) {
    again ||= force;
    return undefined;
  }
  if (!force && now - lastCheck < CHECK_EVERY_MS - 50) return undefined;
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
      if (again) {
        again = false;
        void maybeSyncCache(Date.now(), true);
      }
    });
}

/**
 * PostgreSQL: a connection of its own (a pooled one cannot LISTEN) that checks the revision as soon as
 * another process announces a change; reconnects after a failure. Returns the function that closes it.
 */
function listenForChanges(url: string): () => void {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    let failed = false;
    const fail = (e: unknown) => {
      if (failed || stopped) return;
      failed = true;
      log.warn("écoute des publications des autres serveurs interrompue, nouvel essai", e);
      void c.end().catch(() => {});
      retry = setTimeout(connect, RECONNECT_MS);
      retry.unref();
    };
    c.on("error", fail);
    c.on("end", () => fail(new Error("connexion fermée")));
    c.on("notification", () => {
      contentNotifications.inc();
      void maybeSyncCache(Date.now(), true);
    });
    c.connect()
      .then(() => c.query(`listen ${CHANNEL}`))
      // What was announced while the connection was down is caught up at once.
      .then(() => maybeSyncCache(Date.now(), true))
      .catch(fail);
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    void client?.end().catch(() => {});
  };
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
  const { db, env } = runtime();
  const stopNotifications = db.engine === "postgres" && env.DATABASE_URL ? listenForChanges(env.DATABASE_URL) : () => {};
  return () => {
    clearInterval(timer);
    stopListening();
    stopNotifications();
  };
}
