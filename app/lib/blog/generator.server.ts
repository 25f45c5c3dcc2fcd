import { articleDoc, type Part } from "~/lib/content/seed/pages/kit";
import { sanitizeDocument } from "~/lib/pipeline/sanitize-document.server";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { ApiError } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { aiConfigured, generateWithAi } from "./ai.server";
import { articleMetaSchema, slugify, type ArticleMetaInput } from "./article-schemas";
import { freeSlug } from "./article-queries.server";
import { createArticle } from "./article-writes.server";
import { LENGTH_WORDS, TONES, type AiArticle, type GenerateAnswer, type GenerateInput } from "./generator-schemas";

/**
 * The AI article generator: a draft article (never published) from a topic, in one or both languages.
 * With a provider, its answer; without, a structured outline built from the inputs, said so plainly.
 * Either way the body goes through the page document's schema and the sanitizer, like any save.
 */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The outline template: the article's skeleton with what to write in each part. */
function outlineTemplate(input: GenerateInput, lang: Lang): AiArticle {
  const k = input.keywords;
  const words = LENGTH_WORDS[input.length];
  if (lang === "fr") {
    return {
      title: input.topic.slice(0, 120),
      excerpt: `${input.topic} : ce qu'il faut savoir, en pratique, pour un commerce de proximité.`.slice(0, 300),
      metaDescription: `${input.topic} : conseils concrets et exemples pour les commerces de proximité.`.slice(0, 160),
      sections: [
        {
          paragraphs: [
            `[À rédiger — introduction] Présentez « ${input.topic} » en deux ou trois phrases et dites au lecteur ce qu'il va apprendre. Ton : ${TONES[input.tone].toLowerCase()}. Longueur visée : environ ${words} mots au total.`,
          ],
        },
        { heading: "Pourquoi c'est important", paragraphs: ["[À rédiger] Le problème concret que rencontre un commerçant, avec un exemple ou un chiffre."] },
        {
          heading: "Les points clés",
          paragraphs: ["[À rédiger] Développez chaque point en un court paragraphe."],
          bullets: k.length
            ? k.map((w) => `${w} : [à développer]`)
            : ["Premier point : [à développer]", "Deuxième point : [à développer]", "Troisième point : [à développer]"],
        },
        { heading: "Passer à l'action", paragraphs: ["[À rédiger] Les étapes pour commencer dès cette semaine, et les erreurs à éviter."] },
        { heading: "En résumé", paragraphs: ["[À rédiger] Deux phrases de conclusion et un appel à l'action (contact, démonstration)."] },
      ],
    };
  }
  return {
    title: input.topic.slice(0, 120),
    excerpt: `${input.topic}: what a local business needs to know, in practice.`.slice(0, 300),
    metaDescription: `${input.topic}: practical advice and examples for local businesses.`.slice(0, 160),
    sections: [
      {
        paragraphs: [
          `[To write — introduction] Introduce “${input.topic}” in two or three sentences and tell readers what they will learn. Tone: ${input.tone}. Target length: about ${words} words in all.`,
        ],
      },
      { heading: "Why it matters", paragraphs: ["[To write] The concrete problem a shop owner faces, with an example or a figure."] },
      {
        heading: "Key points",
        paragraphs: ["[To write] Expand each point in a short paragraph."],
        bullets: k.length ? k.map((w) => `${w}: [to expand]`) : ["First point: [to expand]", "Second point: [to expand]", "Third point: [to expand]"],
      },
      { heading: "Taking action", paragraphs: ["[To write] The steps to start this week, and the mistakes to avoid."] },
      { heading: "In short", paragraphs: ["[To write] A two-sentence conclusion and a call to action (contact, demo)."] },
    ],
  };
}

/** Sections → the seeded articles' body template → a valid, sanitized page document (JSON). */
function articleBody(a: AiArticle): string {
  const parts: Part[] = [];
  for (const s of a.sections) {
    if (s.heading) parts.push(`## ${esc(s.heading)}`);
    for (const p of s.paragraphs) if (p.trim()) parts.push(esc(p.trim()));
    if (s.bullets?.length) parts.push(s.bullets.filter((b) => b.trim()).map((b) => esc(b.trim())));
  }
  const checked = pageDocumentSchema.safeParse(articleDoc(parts));
  if (!checked.success)
    throw new ApiError(502, "ai_invalid", "Le contenu généré ne forme pas un document de page valide. Aucun article n'a été créé ; réessayez.");
  return JSON.stringify(sanitizeDocument(checked.data));
}

async function metaOf(a: AiArticle, lang: Lang, keywords: string[], authorId: string): Promise<ArticleMetaInput> {
  const slug = await freeSlug(slugify(a.slug || a.title) || slugify(a.title) || "article", lang);
  // The same rules as a save: an answer the form would refuse is refused here too.
  const parsed = articleMetaSchema.safeParse({
    title: a.title,
    slug,
    excerpt: a.excerpt ?? "",
    description: (a.metaDescription ?? "").slice(0, 160),
    tags: keywords.slice(0, 10),
    authorId,
  });
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new ApiError(
      502,
      "ai_invalid",
      `La réponse du service d'IA n'est pas un article valide (${i?.path.join(".")} : ${i?.message}). Aucun article n'a été créé.`,
    );
  }
  return parsed.data;
}

export async function generateArticle(input: GenerateInput, member: { id: string; email: string }): Promise<GenerateAnswer> {
  const langs: Lang[] = input.lang === "both" ? ["fr", "en"] : [input.lang];
  const useAi = aiConfigured();
  const meta: Partial<Record<Lang, ArticleMetaInput>> = {};
  const drafts: Partial<Record<Lang, string>> = {};
  for (const lang of langs) {
    const a = useAi ? await generateWithAi(input, lang) : outlineTemplate(input, lang);
    meta[lang] = await metaOf(a, lang, input.keywords, member.id);
    drafts[lang] = articleBody(a);
  }
  const article = await createArticle(meta, member.email, new Date(), drafts);
  return {
    articleId: article.id,
    source: useAi ? "ai" : "template",
    message: useAi
      ? "Brouillon généré par l'IA. Relisez-le et complétez-le avant de le programmer : il n'est pas publié."
      : "Aucun service d'IA n'est configuré (AI_BASE_URL, AI_API_KEY, AI_MODEL) : voici un plan structuré à compléter, enregistré comme brouillon.",
  };
}
