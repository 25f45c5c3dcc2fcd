import { z } from "zod";

/** "Générer avec IA": the prompt, shared by the dialog and the server. */
export const AI_PROMPT_MAX = 2000;
export const aiPromptSchema = z.object({
  prompt: z
    .string()
    .max(AI_PROMPT_MAX, `demande trop longue (${AI_PROMPT_MAX} caractères au plus)`)
    .refine((p) => p.trim().length > 0, "la demande est vide")
    .refine((p) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(p), "caractères de contrôle refusés"),
});

export interface AiStatus {
  configured: boolean;
}

/** Seed 001 §4: the offline generator's text; the prompt follows. */
export const OFFLINE_TEXT = "Contenu généré par IA basé sur votre demande : ";
export const OFFLINE_DELAY_MS = 1500;
