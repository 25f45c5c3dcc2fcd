import { migrateDocument } from "./migrations";
import { DOC_VERSION, storedDocumentSchema, type RenderDocument } from "./schema";

/**
 * Reads a stored document for rendering: JSON text → migrated → lenient schema. A document that cannot
 * be read renders as empty rather than breaking the page; the caller logs the reason.
 */
export function readStoredDocument(text: string | null | undefined): { doc: RenderDocument; error?: string } {
  if (!text) return { doc: { version: DOC_VERSION, blocks: [] } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { doc: { version: DOC_VERSION, blocks: [] }, error: "JSON invalide" };
  }
  const parsed = storedDocumentSchema.safeParse(migrateDocument(raw));
  if (!parsed.success) return { doc: { version: DOC_VERSION, blocks: [] }, error: parsed.error.message.slice(0, 500) };
  return { doc: parsed.data };
}
