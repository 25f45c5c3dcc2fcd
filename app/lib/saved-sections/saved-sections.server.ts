import { randomUUID } from "node:crypto";
import type { SavedSection } from "~/lib/api/saved-sections";
import { markupProblem } from "~/lib/pipeline/document-jobs.server";
import { sanitizeDocument } from "~/lib/pipeline/sanitize-document.server";
import { DOC_VERSION, type Block } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { dropInvalidStyleValues } from "~/lib/elements/style-values";
import { migrateBrandToToken } from "~/lib/design/migrate-brand";
import { withDesignPresets } from "~/lib/design/migrate-document";
import { ApiError, errors } from "~/lib/http/api.server";
import { checkWith } from "~/lib/http/json-body";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { SAVED_SECTION_LIMITS } from "./saved-section-schemas";

/**
 * The library of saved sections (issue 11 §6): blocks kept under a name by "Enregistrer comme modèle",
 * listed in the builder's palette for any page. A block is checked as a draft is (the document schema,
 * the markup limits, sanitizing, the schema again on what is stored), so a model can never carry what a
 * page could not.
 */
const db = () => runtime().db.kysely;

/** The block as it will be stored, or a French refusal naming the first problem. */
function checkSavedBlock(raw: unknown): Block {
  const wrapped = checkWith(pageDocumentSchema, { version: DOC_VERSION, blocks: [raw] });
  const where = (m: string) =>
    m.replace("Données invalides : blocks.0", "Données invalides : block").replace("Données invalides : blocks", "Données invalides : block");
  if (!wrapped.ok) throw new ApiError(400, "invalid_input", where(wrapped.refusal.message));
  const limits = markupProblem(wrapped.data);
  if (limits) throw errors.invalid(limits.replace(/^doc\.blocks\.0/, "block"));
  const clean = checkWith(pageDocumentSchema, sanitizeDocument(wrapped.data));
  if (!clean.ok) throw new ApiError(400, "invalid_input", `${where(clean.refusal.message)} (après nettoyage du HTML)`);
  return clean.data.blocks[0];
}

function toSection(row: { id: string; name: string; block: string; created_at: string; created_by: string | null }): SavedSection | null {
  try {
    // A model stored before style values were checked keeps being listed, without the invalid ones; one
    // stored with the literal brand colour follows the design's brand colour (decision 042), and one saved
    // before the named steps (issue 21) opens on them, as migrated pages do.
    const block = migrateBrandToToken({ blocks: [JSON.parse(row.block)] }).blocks;
    const parsed = pageDocumentSchema.safeParse(withDesignPresets(dropInvalidStyleValues({ version: DOC_VERSION, blocks: block as unknown[] })));
    if (!parsed.success) return null;
    return { id: row.id, name: row.name, block: parsed.data.blocks[0], createdAt: row.created_at, createdBy: row.created_by };
  } catch {
    return null;
  }
}

/** Every model, newest first; a stored row that no longer reads is left out (and logged), never a 500. */
export async function listSavedSections(): Promise<SavedSection[]> {
  const rows = await db().selectFrom("saved_sections").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
  const out: SavedSection[] = [];
  for (const row of rows) {
    const section = toSection(row);
    if (section) out.push(section);
    else log.warn(`modèle de section illisible laissé de côté : ${row.id}`);
  }
  return out;
}

export async function createSavedSection(name: string, rawBlock: unknown, by: string): Promise<SavedSection> {
  const block = checkSavedBlock(rawBlock);
  const count = await db()
    .selectFrom("saved_sections")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirst();
  if (Number(count?.n ?? 0) >= SAVED_SECTION_LIMITS.count) {
    throw errors.conflict(`La bibliothèque contient déjà ${SAVED_SECTION_LIMITS.count} modèles : supprimez-en un avant d'en enregistrer un autre.`);
  }
  const row = { id: randomUUID(), name, block: JSON.stringify(block), created_at: new Date().toISOString(), created_by: by };
  await db().insertInto("saved_sections").values(row).execute();
  return { id: row.id, name, block, createdAt: row.created_at, createdBy: by };
}

/** False when there was no such model. */
export async function deleteSavedSection(id: string): Promise<boolean> {
  if (id.length > 64) return false;
  const r = await db().deleteFrom("saved_sections").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0) > 0;
}
