import { checkWith, invalidInput, parseJsonText, type Refusal } from "~/lib/http/json-body";
import { MAX_DOCUMENT_BYTES, saveDraftSchema } from "./save-schema";
import { readStoredDocument } from "./read";
import { markupLimitProblem } from "~/lib/document/sanitize.server";
import { sanitizeDocument } from "./sanitize-document.server";
import { type PageDocument, type RenderDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "./save-schema";
import { walkElements } from "~/lib/document/walk";
import { serverElement } from "~/lib/elements/server-types.server";

/**
 * The heavy, pure steps on page documents: a draft save (JSON → schema → markup limits → sanitize →
 * schema again on what will be stored) and a stored document read (parse → sanitize). They run in the
 * document worker (document-pool.server.ts) so that no save, however large, holds the request thread;
 * without a worker (development, unit tests) they run in place.
 */
export type DocumentJob = { kind: "save"; text: string } | { kind: "read"; text: string | null };
/** `changed`: sanitizing altered the document, so the stored one is not the one sent (the builder takes it). */
type SaveOutcome = { ok: true; draft: string; version: number; force: boolean; changed: boolean } | { ok: false; refusal: Refusal };
interface ReadOutcome {
  doc: RenderDocument;
  error?: string;
}
export type JobOutcome<J extends DocumentJob> = J extends { kind: "save" } ? SaveOutcome : ReadOutcome;

/** Tags across all texts of one document: the per-text limit times 5000 elements would still be hours of work. */
export const DOCUMENT_TAG_LIMIT = 60_000;

export function runDocumentJob<J extends DocumentJob>(job: J): JobOutcome<J> {
  if (job.kind === "save") return saveJob(job.text) as JobOutcome<J>;
  const { doc, error } = readStoredDocument(job.text);
  return { doc: sanitizeDocument(doc), ...(error ? { error } : {}) } as JobOutcome<J>;
}

function saveJob(text: string): SaveOutcome {
  const parsed = parseJsonText(text, saveDraftSchema);
  if (!parsed.ok) return parsed;
  const { doc, version, force } = parsed.data;
  const limits = markupProblem(doc);
  if (limits) return { ok: false, refusal: invalidInput(limits) };
  const clean = sanitizeDocument(doc);
  // What is stored is what is checked: sanitizing grows text ("&" → "&amp;", closing tags), and a draft
  // that passed before it but not after read back as an empty page.
  const after = checkWith(pageDocumentSchema, clean);
  if (!after.ok) return { ok: false, refusal: { ...after.refusal, message: `${after.refusal.message} (après nettoyage du HTML)` } };
  const draft = JSON.stringify(after.data);
  if (Buffer.byteLength(draft) > MAX_DOCUMENT_BYTES) {
    return { ok: false, refusal: invalidInput(`le document nettoyé dépasse ${MAX_DOCUMENT_BYTES / 1024 / 1024} Mo`) };
  }
  return { ok: true, draft, version, force: force ?? false, changed: draft !== JSON.stringify(doc) };
}

export function markupProblem(doc: PageDocument): string | null {
  let total = 0;
  let found: string | null = null;
  walkElements(doc, (e, at) => {
    if (!serverElement(e.type)?.markup) return true;
    const [bi, si, ci, ei] = at.path;
    const where = `doc.blocks.${bi}.sections.${si}.columns.${ci}.elements.${ei}.content`;
    const problem = markupLimitProblem(e.content);
    total += (e.content.match(/</g) ?? []).length;
    if (problem) found = `${where} — ${problem}`;
    else if (total > DOCUMENT_TAG_LIMIT) found = `${where} — trop de balises dans la page (${DOCUMENT_TAG_LIMIT} au plus)`;
    return found === null;
  });
  return found;
}
