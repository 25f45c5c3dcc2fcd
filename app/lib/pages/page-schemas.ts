import { z } from "zod";
import { versionSchema } from "~/lib/pipeline/save-schema";
import { safeText } from "~/lib/text/safe-text";

/** Page API inputs, shared by the builder and the server. */
const LANG_VALUES = ["fr", "en"] as const;
export const langSchema = z.enum(LANG_VALUES);

const slugSchema = z
  .string()
  .trim()
  .min(1, "le slug est obligatoire")
  .max(80, "slug trop long (80 caractères au plus)")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug invalide : minuscules, chiffres et tirets seulement");

const translationInput = z.object({
  // safeText: the form says it too (the server refuses control characters in every JSON body anyway).
  title: safeText(z.string().trim().min(1, "le titre est obligatoire").max(120, "titre trop long")),
  slug: slugSchema,
  description: safeText(z.string().trim().max(300, "description trop longue")).optional(),
});

export const createPageSchema = z.object({ fr: translationInput, en: translationInput });

export const publishSchema = z.object({ version: versionSchema });
export const restoreSchema = z.object({ version: versionSchema });
