import { ApiError, json, readCapped } from "~/lib/http/api.server";
import { languageFromPath, type Lang } from "~/lib/i18n/routes";
import { receiveContact } from "./contact.server";
import { contactMessage } from "./messages";
import { CONTACT_LIMITS, type ContactErrors } from "./schema";

/** A refused contact request, worded in the visitor's language: a summary and a message per field. */
interface ContactFailure {
  status: number;
  code: string;
  message: string;
  fields: Partial<Record<string, string>>;
  retryAfter?: number;
}

/** The visitor's language for messages: the form's lang field, else the page the request came from. */
function langOf(raw: Record<string, unknown> | null, request: Request): Lang {
  if (raw?.lang === "en" || raw?.lang === "fr") return raw.lang;
  const referer = request.headers.get("referer");
  try {
    if (referer) return languageFromPath(new URL(referer).pathname);
  } catch {
    /* an unreadable Referer says nothing */
  }
  return languageFromPath(new URL(request.url).pathname);
}

const fieldsIn = (lang: Lang, errors: ContactErrors) => Object.fromEntries(Object.entries(errors).map(([k, code]) => [k, contactMessage(lang, code ?? "")]));

/**
 * Reads a contact request (form post or JSON, at most CONTACT_LIMITS.bodyBytes) and handles it.
 * Returns null on success, else what to tell the visitor; never throws for what a client sends.
 */
export async function handleContact(
  request: Request,
  ip: string,
  kind: "form" | "json",
): Promise<{ failure: ContactFailure | null; values: Record<string, string>; storeMs?: number }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  let text: string | null = null;
  if (!(declared > CONTACT_LIMITS.bodyBytes)) {
    try {
      text = await readCapped(request.body, CONTACT_LIMITS.bodyBytes, "drain");
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  if (text === null) {
    const lang = langOf(null, request);
    return {
      failure: { status: 413, code: "too_large", message: contactMessage(lang, "error.tooLarge"), fields: { message: contactMessage(lang, "error.tooLarge") } },
      values: {},
    };
  }
  let raw: Record<string, unknown> | null = null;
  if (kind === "json") {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
    } catch {
      raw = null;
    }
  } else {
    raw = Object.fromEntries(new URLSearchParams(text));
  }
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) if (typeof v === "string" && k !== "website") values[k] = v.slice(0, CONTACT_LIMITS.message);
  const lang = langOf(raw, request);
  if (!raw) return { failure: { status: 400, code: "bad_request", message: contactMessage(lang, "error.badRequest"), fields: {} }, values };
  const outcome = await receiveContact(raw, ip);
  if (outcome.ok) return { failure: null, values: {}, storeMs: outcome.storeMs };
  if (outcome.code === "invalid") {
    return { failure: { status: 400, code: "invalid_input", message: contactMessage(lang, "errors.summary"), fields: fieldsIn(lang, outcome.errors) }, values };
  }
  const key = outcome.code === "tooFast" ? "error.tooFast" : outcome.code === "throttled" ? "error.throttled" : "error.spam";
  const code = outcome.code === "tooFast" ? "too_fast" : outcome.code === "throttled" ? "too_many_requests" : "refused";
  return { failure: { status: outcome.status, code, message: contactMessage(lang, key), fields: {}, retryAfter: outcome.retryAfter }, values };
}

/** The JSON answer of /api/contact: 201 { ok: true }, or { error: { code, message, fields } } in the visitor's language. */
export function contactJson(failure: ContactFailure | null, storeMs?: number): Response {
  // Server-Timing: the storing transaction's own time, apart from HTTP (scripts/bench/contact.mjs reads it).
  if (!failure) return json({ ok: true }, { status: 201, headers: storeMs === undefined ? {} : { "Server-Timing": `store;dur=${storeMs.toFixed(2)}` } });
  return json(
    { error: { code: failure.code, message: failure.message, fields: failure.fields } },
    { status: failure.status, headers: failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : {} },
  );
}
