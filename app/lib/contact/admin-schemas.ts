import { z } from "zod";

/** Back-office inputs of the "Demandes" page (list filters and the status change), shared with its screen. */
export const contactListQuerySchema = z.object({
  q: z.string().max(200, "recherche trop longue (200 caractères au plus)").optional(),
  status: z.enum(["new", "done"], "statut attendu : new ou done").optional(),
  format: z.enum(["json", "csv"], "format attendu : json ou csv").optional(),
});

export const contactStatusSchema = z.object({ status: z.enum(["new", "done"], "statut attendu : new ou done") }).strict();

export const CONTACT_STATUS_LABELS = { new: "Nouveau", done: "Traité" } as const;
