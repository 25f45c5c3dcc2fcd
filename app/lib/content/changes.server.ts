import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";

/**
 * Content changes are announced, not pushed into caches: the domain (pages, articles, structure, media
 * edits, restores) says what changed once its writes are committed, and whatever keeps derived copies
 * (the HTML cache, the public shell) listens. The domain never imports a cache.
 *
 * - `paths`: the public addresses that show the change, or "all" when any page may (menu, media, restore).
 * - `origin`: "here" for an announcement of this process (the revision has moved), "elsewhere" when this
 *   process noticed another's revision, "schedule" when a scheduled publication instant passed, "shell"
 *   when the rebuilt public shell differs from the one cached pages carry.
 */
export interface ContentChange {
  paths: readonly string[] | "all";
  origin: "here" | "elsewhere" | "schedule" | "shell";
  /** The content revision after an announcement of this process. */
  revision?: number;
}

type Listener = (change: ContentChange) => void | Promise<void>;
const listeners = new Set<Listener>();

/** Subscribes to content changes; returns the unsubscribe function. */
export function onContentChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Runs every listener; one failing does not stop the others nor the write that caused it. */
export async function notifyContentListeners(change: ContentChange): Promise<void> {
  await Promise.all(
    [...listeners].map(async (fn) => {
      try {
        await fn(change);
      } catch (e) {
        log.warn("mise à jour après publication impossible", e);
      }
    }),
  );
}

const KEY = "content_revision";

/**
 * Called after the change is committed. The revision moves first (other processes follow within a
 * second), then this process's listeners react; the caller's answer waits for both, so the next visitor
 * sees the change.
 */
export async function announceContentChange(paths: readonly string[] | "all"): Promise<void> {
  const { kysely } = runtime().db;
  await kysely
    .insertInto("site_state")
    .values({ key: KEY, value: 1 })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb("site_state.value", "+", 1) })))
    .execute();
  await notifyContentListeners({ paths, origin: "here", revision: await readContentRevision() });
}

export async function readContentRevision(): Promise<number> {
  const row = await runtime().db.kysely.selectFrom("site_state").select("value").where("key", "=", KEY).executeTakeFirst();
  return Number(row?.value ?? 0);
}
