import { z } from "zod";
import { styleValuesProblem } from "~/lib/elements/style-values";
import { migrateDocument } from "./migrations";
import { currentDocumentShape } from "~/lib/document/schema";

/*
 * What a save accepts, apart from schema.ts so that the public island (which reads stored documents through
 * schema.ts) does not carry the style-value rules and their CSS parsers (about 4 KB gzip) to every visitor.
 */
/** The current form of a document, as saved. */
const currentDocumentSchema = currentDocumentShape.superRefine((doc, ctx) => {
  const seen = new Set<string>();
  const visit = (nodeId: string) => {
    if (seen.has(nodeId)) ctx.addIssue({ code: "custom", message: `identifiant en double : ${nodeId}` });
    seen.add(nodeId);
  };
  // Style values (style-values.ts, the builder's own rule): a value that is not valid CSS for its
  // property is refused, naming the field, rather than stored and silently ignored by the browser.
  const styled = (
    node: { styles: Record<string, string>; deviceStyles?: Partial<Record<string, Partial<Record<string, string>>>> },
    path: (string | number)[],
  ) => {
    const own = styleValuesProblem(node.styles);
    if (own) ctx.addIssue({ code: "custom", path: [...path, "styles", own.key], message: own.message });
    for (const device of ["tablet", "mobile"] as const) {
      const p = styleValuesProblem(node.deviceStyles?.[device]);
      if (p)
        ctx.addIssue({
          code: "custom",
          path: [...path, "deviceStyles", device, p.key],
          message: `${p.message} (${device === "mobile" ? "mobile" : "tablette"})`,
        });
    }
  };
  let elements = 0;
  doc.blocks.forEach((b, bi) => {
    visit(b.id);
    styled(b, ["blocks", bi]);
    b.sections.forEach((s, si) => {
      visit(s.id);
      // Sections and columns have styles of their own since issue 21 (optional: absent is none).
      styled({ styles: s.styles ?? {}, deviceStyles: s.deviceStyles }, ["blocks", bi, "sections", si]);
      s.columns.forEach((c, ci) => {
        visit(c.id);
        styled({ styles: c.styles ?? {}, deviceStyles: c.deviceStyles }, ["blocks", bi, "sections", si, "columns", ci]);
        c.elements.forEach((e, ei) => {
          visit(e.id);
          styled(e, ["blocks", bi, "sections", si, "columns", ci, "elements", ei]);
          elements++;
        });
      });
    });
  });
  if (elements > 5000) ctx.addIssue({ code: "custom", message: "trop d'éléments (5000 au plus)" });
});
/**
 * What a save accepts: a document of an older version (a builder opened before an upgrade, an import) is
 * migrated first, then checked as a current one.
 */
export const pageDocumentSchema = z.preprocess(migrateDocument, currentDocumentSchema);

export const versionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? "version manquante" : "version invalide : nombre entier attendu") })
  .int("version invalide : nombre entier attendu")
  .min(1, "version invalide : 1 au moins");

/** A draft save's body (pages' draft route, run in the document worker: document-jobs.server.ts). */
export const saveDraftSchema = z.object({
  // pageDocumentSchema migrates first: a document from before a model migration (an editor tab opened
  // before the upgrade) is upgraded, not refused.
  doc: pageDocumentSchema,
  version: versionSchema,
  /** The editor chose to overwrite a newer version after a conflict. */
  force: z.boolean().optional(),
});

/** A document plus its envelope stays well under this; anything bigger is refused before parsing. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
