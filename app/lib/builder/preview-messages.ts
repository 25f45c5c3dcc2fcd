import { z } from "zod";
import { stylesSchema } from "~/lib/document/schema";
import { storedDocumentSchema } from "~/lib/pipeline/read";

/**
 * The messages between the live preview (an iframe of /admin/archimed-preview) and the builder, seed 001
 * §3: archimed-element-click and archimed-element-update from the preview, archimed-update-element from
 * the builder. Two more carry what the seed leaves out: the preview saying it is ready, and the whole
 * document (first show, and changes of structure). Both sides accept a message only from the site's own
 * origin and from the expected window, and only in one of these shapes.
 */
const elementId = z.string().regex(/^element-[A-Za-z0-9_-]{1,80}$/);
const mediaInfo = z.object({ width: z.number(), height: z.number(), webp: z.string().optional(), srcset: z.string().optional() });

export const fromPreviewSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("archimed-preview-ready") }).strict(),
  z.object({ type: z.literal("archimed-element-click"), elementId, elementType: z.string().max(40), elementContent: z.string().max(200_000) }).strict(),
  z.object({ type: z.literal("archimed-element-update"), elementId, content: z.string().max(200_000) }).strict(),
]);
export type FromPreview = z.infer<typeof fromPreviewSchema>;

export const toPreviewSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("archimed-document"), doc: storedDocumentSchema, lang: z.enum(["fr", "en"]), media: z.record(z.string(), mediaInfo) }).strict(),
  z.object({ type: z.literal("archimed-update-element"), elementId, content: z.string().max(200_000), styles: stylesSchema }).strict(),
]);
export type ToPreview = z.infer<typeof toPreviewSchema>;

/** A message event's data if it comes from `expectedSource` on this origin and has a known shape. */
export function readMessage<T>(event: MessageEvent, expectedSource: MessageEventSource | null, schema: z.ZodType<T>, origin: string): T | null {
  if (event.origin !== origin || !expectedSource || event.source !== expectedSource) return null;
  const parsed = schema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/**
 * What the preview edits in place (seed 001 §3 archimed-element-update): the text of headings, texts and
 * lists (inline HTML, cleaned by the builder like its own inline edits) and a button's label (plain text).
 * An update for any other element (an image's URL, an icon's SVG) is ignored by the builder.
 */
export const PREVIEW_EDITABLE = ["heading", "text", "list", "button"] as const;
export type PreviewEditable = (typeof PREVIEW_EDITABLE)[number];

export function isPreviewEditable(type: string): type is PreviewEditable {
  return (PREVIEW_EDITABLE as readonly string[]).includes(type);
}

/** A button's label from the preview: text only, on one line, at most 200 characters. */
export function cleanButtonLabel(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}
