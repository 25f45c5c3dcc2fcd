import { z } from "zod";
import { safeText } from "~/lib/text/safe-text";

/** The review API's inputs (issue 25 §1), shared by the back-office and the handlers. */
const message = () => safeText(z.string().trim().max(1000, "message : 1 000 caractères au plus"));

export const requestReviewSchema = z.object({
  pageId: z.string().min(1, "page manquante").max(64, "page inconnue"),
  lang: z.enum(["fr", "en"], { error: "langue attendue : fr ou en" }),
  message: message().optional(),
});
export const approveReviewSchema = z.object({ version: z.number().int().min(0, "version invalide") });
export const requestChangesSchema = z.object({ message: message().pipe(z.string().min(1, "dites ce qu'il faut modifier")) });
