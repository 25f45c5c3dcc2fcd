import { z } from "zod";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { storedDocumentSchema } from "~/lib/pipeline/read";

/**
 * What the Exporter sends: the builder's document. Lenient about element types (an unknown one is
 * exported as 'Unknown element type: {type}'), strict about everything else.
 */
export const exportSchema = z.object({ doc: z.preprocess(migrateDocument, storedDocumentSchema) });
