import { z } from "zod";
import { migrateDocument } from "./migrations";
import { DOC_VERSION, storedCurrentSchema, storedElementSchema, storedShells, type RenderDocument } from "~/lib/document/schema";

/** A whole stored document (export, preview messages), migrated first like a save; all or nothing. */
export const storedDocumentSchema = z.preprocess(migrateDocument, storedCurrentSchema);

/**
 * Reads a stored document for rendering: JSON text → migrated → checked node by node. A node that does
 * not fit (an element too long, a block without id) is left out and named in `error`; everything else
 * is kept, so one bad element never blanks a page. Text that is not a document at all renders as empty.
 * The caller logs the reason.
 */
const LIMITS = { blocks: 500, sections: 50, columns: 12, elements: 500 };

export function readStoredDocument(text: string | null | undefined): { doc: RenderDocument; error?: string } {
  const empty: RenderDocument = { version: DOC_VERSION, blocks: [] };
  if (!text) return { doc: empty };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { doc: empty, error: "JSON invalide" };
  }
  const top = storedShells.document.safeParse(migrateDocument(raw));
  if (!top.success) return { doc: empty, error: top.error.message.slice(0, 500) };
  const problems: string[] = [];
  const keep = <S extends z.ZodType>(schema: S, items: unknown[], max: number, where: string): z.infer<S>[] => {
    if (items.length > max) problems.push(`${where} : ${items.length - max} en trop, ignorés`);
    const out: z.infer<S>[] = [];
    items.slice(0, max).forEach((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) out.push(r.data);
      else problems.push(`${where}[${i}] ignoré : ${r.error.issues[0]?.path.join(".") ?? ""} ${r.error.issues[0]?.message ?? ""}`.trim());
    });
    return out;
  };
  const blocks = keep(storedShells.block, top.data.blocks, LIMITS.blocks, "blocks").map((b, bi) => ({
    ...b,
    sections: keep(storedShells.section, b.sections, LIMITS.sections, `blocks[${bi}].sections`).flatMap((s, si) => {
      const columns = keep(storedShells.column, s.columns.slice(0, LIMITS.columns), LIMITS.columns, `blocks[${bi}].sections[${si}].columns`).map((c, ci) => ({
        ...c,
        elements: keep(storedElementSchema, c.elements, LIMITS.elements, `blocks[${bi}].sections[${si}].columns[${ci}].elements`),
      }));
      // A section needs a column; one whose columns were all unreadable is left out too.
      return columns.length ? [{ ...s, columns }] : [];
    }),
  }));
  const doc: RenderDocument = { version: DOC_VERSION, blocks };
  return problems.length ? { doc, error: problems.slice(0, 5).join(" ; ").slice(0, 500) } : { doc };
}
