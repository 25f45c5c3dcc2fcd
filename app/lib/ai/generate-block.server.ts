import { z } from "zod";
import { newId } from "~/lib/document/ids";
import { DOC_VERSION, ELEMENT_TYPES } from "~/lib/document/model";
import { SERVER_ELEMENTS } from "~/lib/elements/server-types.server";
import { sanitizeDocument } from "~/lib/pipeline/sanitize-document.server";
import { type Block } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { dropInvalidStyleValues } from "~/lib/elements/style-values";
import { env } from "~/lib/env.server";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { safeFetch } from "~/lib/http/safe-fetch.server";
import { publishedDesign } from "~/lib/content/design.server";
import { snapStylesToDesign } from "~/lib/design/snap-to-design";
import type { DesignSettings } from "~/lib/design/tokens";

/**
 * One block from an OpenAI-compatible chat-completions service. The model is asked for the page
 * document's JSON; what comes back is given fresh ids, checked with the schema a save uses (an unknown
 * element type is refused), cleaned by the same sanitizer, so nothing the model writes can carry script
 * into a page, and held to the published design: its colours and text sizes become the nearest of the
 * design's (decision 038).
 */
export function aiConfigured(): boolean {
  const e = env();
  return Boolean(e.AI_BASE_URL && e.AI_MODEL);
}

const SYSTEM = `Tu écris des blocs de page web pour le constructeur Archimed. Réponds uniquement par un objet JSON
{"block": BLOCK}, sans texte autour. BLOCK = {"type":"container","styles":{},"sections":[{"columns":[{"width":12,"elements":[ELEMENT,...]}]}]}.
Les largeurs de colonnes d'une section vont de 1 à 12 et totalisent 12. ELEMENT = {"type":T,"content":"...","styles":{}}
avec T parmi ${ELEMENT_TYPES.join(", ")}. ${ELEMENT_TYPES.flatMap((t) => (SERVER_ELEMENTS[t].aiHint ? [`${t} : ${SERVER_ELEMENTS[t].aiHint}`] : [])).join(" ; ")}.
Styles en camelCase (fontSize "24px", textAlign "center", color "#333333"). Pas de script, pas d'attribut on*, pas d'URL javascript:. Écris dans
la langue de la demande.`;

const answerSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1) });

const fail = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** Gives every node a fresh id of the right prefix: the model's ids are not trusted to be unique or well-formed. */
function withFreshIds(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const b = raw as Record<string, unknown>;
  const sections = Array.isArray(b.sections) ? b.sections : [];
  return {
    ...b,
    id: newId("block-"),
    type: "container",
    styles: b.styles ?? {},
    sections: sections.map((s) => {
      const sec = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
      const columns = Array.isArray(sec.columns) ? sec.columns : [];
      return {
        id: newId("section-"),
        columns: columns.map((c) => {
          const col = (typeof c === "object" && c !== null ? c : {}) as Record<string, unknown>;
          const elements = Array.isArray(col.elements) ? col.elements : [];
          return {
            id: newId("column-"),
            width: col.width,
            elements: elements.map((e) => ({ styles: {}, ...((typeof e === "object" && e !== null ? e : {}) as object), id: newId("element-") })),
          };
        }),
      };
    }),
  };
}

/** The block in a model's answer text, or a French 502 saying what was wrong. */
export function blockFromAnswer(text: string, design: DesignSettings): Block {
  let raw: unknown;
  try {
    // Some models wrap JSON in a code fence despite being told not to.
    raw = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""));
  } catch {
    throw fail(502, "ai_invalid_answer", "Le service d'IA a répondu autre chose que du JSON. Réessayez ou reformulez la demande.");
  }
  const candidate = typeof raw === "object" && raw !== null && "block" in raw ? (raw as { block: unknown }).block : raw;
  // A model's style value that is not CSS is left out rather than failing the whole block.
  const parsed = pageDocumentSchema.safeParse(dropInvalidStyleValues({ version: DOC_VERSION, blocks: [withFreshIds(candidate)] }));
  if (!parsed.success || parsed.data.blocks.length !== 1) {
    const issue = parsed.success ? "aucun bloc" : `${parsed.error.issues[0]?.path.join(".")} — ${parsed.error.issues[0]?.message}`;
    throw fail(502, "ai_invalid_block", `Le service d'IA n'a pas renvoyé un bloc valide (${issue}). Réessayez ou reformulez la demande.`);
  }
  const sanitized = sanitizeDocument(parsed.data).blocks[0];
  const clean: Block = {
    ...sanitized,
    styles: snapStylesToDesign(sanitized.styles, undefined, design),
    sections: sanitized.sections.map((s) => ({
      ...s,
      columns: s.columns.map((c) => ({ ...c, elements: c.elements.map((e) => ({ ...e, styles: snapStylesToDesign(e.styles, e.type, design) })) })),
    })),
  };
  const elements = clean.sections.flatMap((s) => s.columns.flatMap((c) => c.elements));
  if (elements.length === 0) throw fail(502, "ai_invalid_block", "Le service d'IA a renvoyé un bloc vide. Réessayez ou reformulez la demande.");
  return clean;
}

export async function generateBlock(prompt: string): Promise<Block> {
  const content = await aiChat(SYSTEM, prompt.trim(), 0.7);
  if (!content) throw fail(502, "ai_invalid_answer", "La réponse du service d'IA ne contient pas de bloc.");
  return blockFromAnswer(content, await publishedDesign());
}

/**
 * One exchange with the configured OpenAI-compatible service, asked for JSON: the answer's text, or a
 * French error (not configured 503, timeout 504, unreachable or refused 502). Shared by the block
 * generator and the article translation (blog/article-translate.server.ts).
 */
export async function aiChat(system: string, user: string, temperature: number): Promise<string | null> {
  const e = env();
  if (!e.AI_BASE_URL || !e.AI_MODEL) throw fail(503, "ai_not_configured", "Aucun service d'IA n'est configuré sur ce serveur.");
  let res: Response;
  try {
    res = await safeFetch(`${e.AI_BASE_URL.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      trust: [e.AI_BASE_URL],
      headers: { "Content-Type": "application/json", ...(e.AI_API_KEY ? { Authorization: `Bearer ${e.AI_API_KEY}` } : {}) },
      body: JSON.stringify({
        model: e.AI_MODEL,
        temperature,
        response_format: { type: "json_object" },
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
      }),
      signal: AbortSignal.timeout(e.AI_TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    log.warn("service d'IA injoignable", err);
    throw timeout
      ? fail(504, "ai_timeout", "Le service d'IA n'a pas répondu à temps. Réessayez dans un instant.")
      : fail(502, "ai_unreachable", "Le service d'IA est injoignable. Réessayez plus tard.");
  }
  if (!res.ok) {
    log.warn(`service d'IA : réponse ${res.status}`);
    await res.body?.cancel().catch(() => {});
    throw fail(502, "ai_error", `Le service d'IA a refusé la demande (erreur ${res.status}).`);
  }
  const text = await res.text().catch(() => "");
  if (text.length > 1_000_000) throw fail(502, "ai_invalid_answer", "La réponse du service d'IA est trop volumineuse.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail(502, "ai_invalid_answer", "Le service d'IA a répondu autre chose que du JSON. Réessayez ou reformulez la demande.");
  }
  const answer = answerSchema.safeParse(body);
  return answer.success ? (answer.data.choices[0].message.content ?? null) : null;
}
