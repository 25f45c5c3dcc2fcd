import { z } from "zod";
import { log } from "~/lib/log.server";
import { parseJsonText, type Refusal } from "./json-body";

/**
 * The one JSON error shape of the API: { error: { code, message } }, messages in French (the
 * back-office's language). Handlers throw ApiError; `api()` turns anything else into a logged 500.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
  /** Extra machine-readable facts for the client (e.g. the current version after a conflict). */
  details?: Record<string, unknown>;
}

/** "1 minute", "15 minutes": a wait in whole minutes, rounded up, with the French plural (0 and 1 are singular). */
export function retryMinutes(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n > 1 ? "s" : ""}`;
}

export const errors = {
  badJson: () => new ApiError(400, "invalid_json", "Le corps de la requête n'est pas du JSON valide."),
  tooLarge: (max: number) => new ApiError(413, "payload_too_large", `Requête trop volumineuse (${Math.round(max / 1024)} Ko au plus).`),
  /** Refused on its declared length, before reading: the connection closes once the answer is sent. */
  tooLargeDeclared: (max: number) =>
    new ApiError(413, "payload_too_large", `Requête trop volumineuse (${Math.round(max / 1024)} Ko au plus).`, { Connection: "close" }),
  invalid: (detail: string) => new ApiError(400, "invalid_input", `Données invalides : ${detail}`),
  unauthenticated: () => new ApiError(401, "unauthenticated", "Connexion requise."),
  notTeam: () => new ApiError(403, "not_authorized", "User not authorized"),
  forbidden: () => new ApiError(403, "forbidden", "Action réservée aux administrateurs."),
  notFound: (what = "Ressource") => new ApiError(404, "not_found", `${what} introuvable.`),
  method: () => new ApiError(405, "method_not_allowed", "Méthode non autorisée."),
  conflict: (message: string) => new ApiError(409, "conflict", message),
  throttled: (seconds: number) =>
    new ApiError(429, "too_many_requests", `Trop de tentatives. Réessayez dans ${retryMinutes(seconds)}.`, {
      "Retry-After": String(seconds),
    }),
};

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** A file the browser saves (a CSV, an export, a backup): never cached, never sniffed as another type. */
export function download(body: BodyInit, file: { type: string; name: string; size?: number }): Response {
  const headers = new Headers({
    "Content-Type": file.type,
    "Content-Disposition": `attachment; filename="${file.name}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(body, { headers });
}

function errorResponse(e: ApiError): Response {
  return json({ error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) } }, { status: e.status, headers: e.headers });
}

/** Wraps a handler: ApiError → its status; a Response thrown by React Router passes through; anything else → 500. */
export async function api(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApiError) return errorResponse(e);
    if (e instanceof Response) return e;
    log.error("erreur inattendue dans l'API", e);
    return errorResponse(new ApiError(500, "internal", "Erreur interne du serveur."));
  }
}

/** Reads a JSON body of at most `maxBytes`, checked against `schema` (and the safe-text rule). */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, maxBytes = 16 * 1024): Promise<z.infer<S>> {
  const text = await readJsonText(request, maxBytes);
  const parsed = parseJsonText(text, schema);
  if (!parsed.ok) throw refusalError(parsed.refusal);
  return parsed.data;
}

/** The body's text after the size and Content-Type checks, for handlers that parse elsewhere (the document worker). */
export async function readJsonText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    // Answered before reading: the body is not wanted, so the connection closes once the answer is sent
    // (a client still sending would otherwise wait for its own timeout). Cancelling the stream here would
    // destroy the socket before the answer is written.
    throw errors.tooLargeDeclared(maxBytes);
  }
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new ApiError(415, "unsupported_media_type", "Le corps doit être envoyé en JSON (Content-Type: application/json).");
  }
  return readLimited(request, maxBytes);
}

export function refusalError(r: Refusal): ApiError {
  return new ApiError(r.status, r.code, r.message);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  return readCapped(request.body, maxBytes, "drain");
}

/**
 * A body read up to `max` bytes, never buffered whole: beyond it, 413. "drain" reads on and throws
 * away the rest (up to DISCARD_MAX) so a client still sending gets the answer; "cancel" stops at once.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number, onOversize: "drain" | "cancel" = "cancel"): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      if (onOversize === "drain") await discardRest(reader);
      else await reader.cancel().catch(() => {});
      throw errors.tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads on (and throws away) what is left of an oversized body so the 413 reaches the client:
 * cancelling the stream destroys the socket before the answer is written. Beyond DISCARD_MAX the
 * sender is not a browser making a mistake, and the connection is cut.
 */
const DISCARD_MAX = 1024 * 1024;
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let discarded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > DISCARD_MAX) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    /* the client went away: nothing to answer */
  }
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) throw errors.method();
}
