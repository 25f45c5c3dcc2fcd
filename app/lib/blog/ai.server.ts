import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { aiArticleSchema, LENGTH_WORDS, TONES, type AiArticle, type GenerateInput } from "./generator-schemas";
import { safeFetch } from "~/lib/http/safe-fetch.server";

/**
 * The article generator's client for any OpenAI-compatible chat-completions service (AI_BASE_URL,
 * AI_API_KEY, AI_MODEL). Null when none is configured: the caller then builds the outline template.
 */
export function aiConfigured(): boolean {
  const env = runtime().env;
  return Boolean(env.AI_BASE_URL && env.AI_MODEL);
}

const TIMEOUT_MS = 60_000;

function prompt(input: GenerateInput, lang: "fr" | "en"): string {
  const language = lang === "fr" ? "French" : "British English";
  return [
    `Write a blog article in ${language} for the blog of a digital agency that serves small local businesses.`,
    `Topic: ${input.topic}`,
    `Tone: ${TONES[input.tone]}. Length: about ${LENGTH_WORDS[input.length]} words.`,
    input.keywords.length ? `Keywords to use naturally: ${input.keywords.join(", ")}.` : "",
    'Answer with one JSON object only, no prose around it: {"title": string (max 120 chars), "slug": string (lowercase words joined by dashes),',
    '"excerpt": string (max 300 chars), "metaDescription": string (max 160 chars), "sections": [{"heading": string, "paragraphs": [string], "bullets": [string]}]}.',
    "Plain text only in every string: no HTML, no Markdown.",
  ]
    .filter(Boolean)
    .join("\n");
}

/** Asks the service for one language's article; anything but a valid article is a clear French 502. */
export async function generateWithAi(input: GenerateInput, lang: "fr" | "en"): Promise<AiArticle> {
  const env = runtime().env;
  const url = `${(env.AI_BASE_URL ?? "").replace(/\/+$/, "")}/chat/completions`;
  let res: Response;
  try {
    res = await safeFetch(url, {
      method: "POST",
      trust: [env.AI_BASE_URL],
      headers: { "Content-Type": "application/json", ...(env.AI_API_KEY ? { Authorization: `Bearer ${env.AI_API_KEY}` } : {}) },
      body: JSON.stringify({
        model: env.AI_MODEL,
        messages: [
          { role: "system", content: "You are a careful copywriter. You answer with JSON only." },
          { role: "user", content: prompt(input, lang) },
        ],
        response_format: { type: "json_object" },
        temperature: 0.7,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    log.warn("service d'IA injoignable", e);
    throw new ApiError(502, "ai_unreachable", "Le service d'IA ne répond pas. Réessayez plus tard, ou vérifiez AI_BASE_URL.");
  }
  if (!res.ok) {
    log.warn(`service d'IA : HTTP ${res.status}`);
    throw new ApiError(502, "ai_error", `Le service d'IA a refusé la demande (HTTP ${res.status}). Vérifiez AI_API_KEY et AI_MODEL.`);
  }
  const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new ApiError(502, "ai_invalid", "Le service d'IA a répondu sans contenu exploitable. Aucun article n'a été créé.");
  let raw: unknown;
  try {
    // Some models wrap JSON in a code fence despite the instruction.
    raw = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
  } catch {
    throw new ApiError(502, "ai_invalid", "Le service d'IA a répondu autre chose que du JSON. Aucun article n'a été créé ; réessayez.");
  }
  const parsed = aiArticleSchema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new ApiError(
      502,
      "ai_invalid",
      `La réponse du service d'IA n'est pas un article valide (${i ? `${i.path.join(".")} : ${i.message}` : "format inattendu"}). Aucun article n'a été créé ; réessayez.`,
    );
  }
  return parsed.data;
}
