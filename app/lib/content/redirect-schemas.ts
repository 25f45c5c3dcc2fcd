import { z } from "zod";
import { safeText } from "~/lib/text/safe-text";

/** DELETE /api/redirects { fromPath }: the former address whose 301 is removed on purpose (shared with the screens). */
export const removeRedirectSchema = z
  .object({
    fromPath: safeText(z.string().min(1, "adresse obligatoire").max(500, "500 caractères au plus")).refine(
      (p) => p.startsWith("/"),
      "une adresse du site commence par « / »",
    ),
  })
  .strict();
