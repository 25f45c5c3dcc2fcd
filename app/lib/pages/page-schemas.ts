import { z } from "zod";
import { migrateDocument } from "~/lib/document/migrations";
import { pageDocumentSchema } from "~/lib/document/save-schema";
import { safeText } from "~/lib/text/safe-text";

/** Page API inputs, shared by the builder and the server. */
const LANG_VALUES = ["fr", "en"] as const;
export const langSchema = z.enum(LANG_VALUES);

const slugSchema = z
  .string()
  .trim()
  .min(1, "le slug est obligatoire")
  .max(80, "slug trop long (80 caractères au plus)")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug invalide : minuscules, chiffres et tirets seulement");

const translationInput = z.object({
  // safeText: the form says it too (the server refuses control characters in every JSON body anyway).
  title: safeText(z.string().trim().min(1, "le titre est obligatoire").max(120, "titre trop long")),
  slug: slugSchema,
  description: safeText(z.string().trim().max(300, "description trop longue")).optional(),
});

export const createPageSchema = z.object({ fr: translationInput, en: translationInput });

export const versionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? "version manquante" : "version invalide : nombre entier attendu") })
  .int("version invalide : nombre entier attendu")
  .min(1, "version invalide : 1 au moins");

export const saveDraftSchema = z.object({
  // A document from before a model migration (an editor tab opened before the upgrade) is upgraded, not refused.
  doc: z.preprocess(migrateDocument, pageDocumentSchema),
  version: versionSchema,
  /** The editor chose to overwrite a newer version after a conflict. */
  force: z.boolean().optional(),
});

export const publishSchema = z.object({ version: versionSchema });
export const restoreSchema = z.object({ version: versionSchema });

/** A document plus its envelope stays well under this; anything bigger is refused before parsing. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
