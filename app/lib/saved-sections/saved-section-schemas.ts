import { z } from "zod";
import { safeText } from "~/lib/text/safe-text";

/** Saved sections' inputs, shared by the builder's form and the server. */
export const SAVED_SECTION_LIMITS = {
  /** A body (name and block) above this is refused before parsing. */
  body: 512 * 1024,
  /** The library holds at most this many models. */
  count: 200,
  name: 80,
} as const;

export const savedSectionNameSchema = safeText(
  z
    .string()
    .trim()
    .min(1, "le nom du modèle est obligatoire")
    .max(SAVED_SECTION_LIMITS.name, `nom trop long (${SAVED_SECTION_LIMITS.name} caractères au plus)`),
);

/** The block is checked by the server as a one-block page document (schema, markup limits, sanitizing). */
export const saveSectionSchema = z.object({ name: savedSectionNameSchema, block: z.unknown() }).strict();
