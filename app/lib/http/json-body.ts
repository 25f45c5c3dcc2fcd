import { z } from "zod";
import { findUnsafeText } from "~/lib/text/safe-text";

/**
 * A JSON body's text → checked data, without any server state, so the same steps run on the request
 * thread (readJson) and in the document worker (large drafts). Refusals are plain values, in French.
 */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}
export type Parsed<T> = { ok: true; data: T } | { ok: false; refusal: Refusal };

const FRENCH_ISSUES = z.locales.fr().localeError;

export const invalidInput = (detail: string): Refusal => ({ status: 400, code: "invalid_input", message: `Données invalides : ${detail}` });

export function parseJsonText<S extends z.ZodType>(text: string, schema: S): Parsed<z.infer<S>> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, refusal: { status: 400, code: "invalid_json", message: "Le corps de la requête n'est pas du JSON valide." } };
  }
  const unsafe = findUnsafeText(raw);
  if (unsafe) return { ok: false, refusal: invalidInput(`${unsafe.path} — ${unsafe.reason}`) };
  return checkWith(schema, raw);
}

/** Zod's French messages for whatever a schema does not word itself: the API speaks French. */
export function checkWith<S extends z.ZodType>(schema: S, raw: unknown): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(raw, { error: FRENCH_ISSUES });
  if (parsed.success) return { ok: true, data: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, refusal: invalidInput(first ? `${first.path.join(".") || "corps"} — ${first.message}` : "format inattendu") };
}
