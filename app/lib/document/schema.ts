import { z } from "zod";

/**
 * The page document: blocks → sections → columns (1..12 of a 12-column grid) → elements (seed 001 §3).
 * Stored documents carry `version`; older versions are upgraded by `migrateDocument` before parsing.
 */
import { DOC_VERSION, ELEMENT_TYPES } from "./model";

export { DOC_VERSION, ELEMENT_TYPES, type ElementType } from "./model";

const id = (prefix: string) =>
  z
    .string()
    .min(prefix.length + 1)
    .max(80)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_-]+$`), `identifiant invalide (préfixe ${prefix} attendu)`);

/** CSS property (camelCase) → value. Values are free text in the builder; the renderer filters them. */
export const stylesSchema = z.record(z.string().regex(/^[a-zA-Z]{1,40}$/), z.string().max(200)).refine((s) => Object.keys(s).length <= 40, "trop de styles");

/** Per-device visibility: true hides the node at that device width. */
export const hideSchema = z.object({ mobile: z.boolean().optional(), tablet: z.boolean().optional(), desktop: z.boolean().optional() }).strict();

const elementShape = {
  id: id("element-"),
  content: z.string().max(200_000),
  styles: stylesSchema,
  alt: z.string().max(500).optional(),
  /** Where a button (or a linked image) leads. Seed 001 only stores the label; a marketing button needs a target. */
  href: z.string().max(2000).optional(),
  /** Heading level; the seed gives none, pages need exactly one h1 for search engines. */
  level: z.number().int().min(1).max(6).optional(),
  hide: hideSchema.optional(),
};

/** Strict element: what the server accepts when a document is saved. */
export const elementSchema = z.object({ ...elementShape, type: z.enum(ELEMENT_TYPES) }).strict();
/** Lenient element: what the renderer accepts from storage, so one unknown type cannot break a page. */
export const storedElementSchema = z.object({ ...elementShape, type: z.string().max(40) });

export const columnWidthSchema = z.number().int().min(1).max(12);

function documentSchemaOf<E extends z.ZodTypeAny>(element: E) {
  const column = z.object({ id: id("column-"), width: columnWidthSchema, elements: z.array(element).max(500) });
  const section = z.object({ id: id("section-"), columns: z.array(column).min(1).max(12) });
  const block = z.object({
    id: id("block-"),
    type: z.literal("container"),
    styles: stylesSchema,
    sections: z.array(section).max(50),
    hide: hideSchema.optional(),
  });
  return z.object({ version: z.literal(DOC_VERSION), blocks: z.array(block).max(500) });
}

export const pageDocumentSchema = documentSchemaOf(elementSchema).superRefine((doc, ctx) => {
  const seen = new Set<string>();
  const visit = (nodeId: string) => {
    if (seen.has(nodeId)) ctx.addIssue({ code: "custom", message: `identifiant en double : ${nodeId}` });
    seen.add(nodeId);
  };
  let elements = 0;
  for (const b of doc.blocks) {
    visit(b.id);
    for (const s of b.sections) {
      visit(s.id);
      for (const c of s.columns) {
        visit(c.id);
        for (const e of c.elements) {
          visit(e.id);
          elements++;
        }
      }
    }
  }
  if (elements > 5000) ctx.addIssue({ code: "custom", message: "trop d'éléments (5000 au plus)" });
});
export const storedDocumentSchema = documentSchemaOf(storedElementSchema);

/**
 * The same levels without their children, for reading stored documents one node at a time: a node that
 * does not fit is left out (with a reason) and its siblings are kept (see read.ts).
 */
export const storedShells = {
  document: z.object({ version: z.literal(DOC_VERSION), blocks: z.array(z.unknown()) }),
  block: z.object({ id: id("block-"), type: z.literal("container"), styles: stylesSchema, sections: z.array(z.unknown()), hide: hideSchema.optional() }),
  section: z.object({ id: id("section-"), columns: z.array(z.unknown()).min(1) }),
  column: z.object({ id: id("column-"), width: columnWidthSchema, elements: z.array(z.unknown()) }),
};

export type PageDocument = z.infer<typeof pageDocumentSchema>;
export type Block = PageDocument["blocks"][number];
export type Section = Block["sections"][number];
export type Column = Section["columns"][number];
export type PageElement = Column["elements"][number];
export type Hide = z.infer<typeof hideSchema>;

/** What the renderer works with: element types may be unknown strings. */
export type RenderDocument = z.infer<typeof storedDocumentSchema>;
export type RenderBlock = RenderDocument["blocks"][number];
export type RenderElement = RenderBlock["sections"][number]["columns"][number]["elements"][number];
