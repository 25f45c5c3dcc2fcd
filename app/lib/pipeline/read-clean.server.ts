import { createHash } from "node:crypto";
import type { RenderDocument } from "~/lib/document/schema";
import { documentJob } from "./document-pool.server";
import { readStoredDocument } from "./read";

/**
 * readStoredDocument + sanitizeDocument (in the document worker), remembered for the last few stored texts.
 *
 * Reading a long draft back (JSON, migrations, schema, then every rich-text field through the HTML
 * sanitizer) costs tens of milliseconds of server CPU, and the builder asks for the same draft each time
 * a page is opened or reloaded. The key is a hash of the stored text itself, so any change to what is
 * stored, by the application or by hand, is a different entry: never a stale answer. Callers get a
 * shared object and must not change it (they only serialize it).
 */
const MAX_ENTRIES = 32;
const entries = new Map<string, { doc: RenderDocument; error?: string }>();

export async function readCleanDocument(text: string | null | undefined): Promise<{ doc: RenderDocument; error?: string }> {
  if (!text) return readStoredDocument(text);
  const key = createHash("sha256").update(text).digest("base64");
  const hit = entries.get(key);
  if (hit) {
    // Most recently used last: the first key is the one to drop.
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  // Parsed and sanitized in the document worker: a long stored draft never holds the request thread.
  const entry = await documentJob({ kind: "read", text });
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry;
}
