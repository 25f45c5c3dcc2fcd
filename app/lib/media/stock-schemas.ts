import { z } from "zod";

/** Stock results as the Médiathèque shows them, and the requests it sends (shared by browser and server). */
export type { StockItem, StockProvider } from "~/lib/api/media";

export const stockSearchSchema = z.object({
  provider: z.enum(["unsplash", "pexels"]),
  q: z.string().max(100).default(""),
  page: z.coerce.number().int().min(1).max(500).default(1),
});

export const stockImportSchema = z
  .object({
    provider: z.enum(["unsplash", "pexels"]),
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, "identifiant invalide"),
    category: z
      .string()
      .max(80)
      .regex(/^[^\u0000-\u001f\u007f]*$/, "caractères de contrôle interdits")
      .default(""),
  })
  .strict();
