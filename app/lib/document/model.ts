/**
 * Constants of the page document that the browser needs without the validation code (schema.ts
 * holds the zod schemas and re-exports these).
 */
export const DOC_VERSION = 6;

export const ELEMENT_TYPES = ["heading", "text", "list", "image", "video", "button", "icon", "divider", "spacer", "gallery"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
