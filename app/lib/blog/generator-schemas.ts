import { z } from "zod";

/** The AI article generator's form, shared by the screen and the server. */
export const TONES = { professionnel: "Professionnel", convivial: "Convivial", pedagogique: "Pédagogique", inspirant: "Inspirant" } as const;
export const LENGTHS = { court: "Court (≈ 400 mots)", moyen: "Moyen (≈ 800 mots)", long: "Long (≈ 1 500 mots)" } as const;
export const LENGTH_WORDS = { court: 400, moyen: 800, long: 1500 } as const;
export const GEN_LANGS = { fr: "Français", en: "English", both: "Les deux" } as const;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const HTML_TAG = /<\/?[a-z!?][^>]*>?/i;
const plain = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} : texte attendu` })
    .refine((s) => !CONTROL.test(s), `${label} : caractères de contrôle refusés`)
    .refine((s) => !HTML_TAG.test(s), `${label} : le HTML n'est pas accepté`)
    .transform((s) => s.trim().replace(/\s+/g, " "))
    .refine((s) => s.length >= min, `${label} : ${min} caractères au moins`)
    .refine((s) => s.length <= max, `${label} : ${max} caractères au plus`);

export const generateSchema = z.object({
  topic: plain("sujet", 3, 200),
  lang: z.enum(["fr", "en", "both"], { error: "langue : fr, en ou both" }),
  tone: z.enum(Object.keys(TONES) as [keyof typeof TONES], { error: "ton inconnu" }),
  length: z.enum(Object.keys(LENGTHS) as [keyof typeof LENGTHS], { error: "longueur inconnue" }),
  keywords: z
    .array(plain("mot-clé", 1, 40), { error: "mots-clés : liste attendue" })
    .max(10, "10 mots-clés au plus")
    .default([]),
});
export type GenerateInput = z.infer<typeof generateSchema>;

/**
 * What the language model must answer (JSON): the article's text, in sections. The server turns the
 * sections into page-document blocks (the same article template as the seeded articles), validates the
 * document with its schema and sanitizes it like any save.
 */
export const aiArticleSchema = z.object({
  title: plain("titre", 1, 120),
  slug: z.string().max(200).optional(),
  excerpt: plain("extrait", 0, 300).optional(),
  metaDescription: plain("méta-description", 0, 200).optional(),
  sections: z
    .array(
      z.object({
        heading: plain("intertitre", 0, 200).optional(),
        paragraphs: z.array(z.string().max(4000)).max(20).default([]),
        bullets: z.array(z.string().max(500)).max(20).optional(),
      }),
    )
    .min(1, "au moins une section")
    .max(30),
});
export type AiArticle = z.infer<typeof aiArticleSchema>;

export interface GenerateAnswer {
  articleId: string;
  source: "ai" | "template";
  message: string;
}
