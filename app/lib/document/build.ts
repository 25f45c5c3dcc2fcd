import { newId } from "./ids";
import { DOC_VERSION } from "./model";
import type { Block, Hide, PageDocument, PageElement, Section } from "./schema";

/**
 * Small authoring helpers for documents written in code (the seed content, tests, AI generation).
 * They produce ordinary documents with fresh ids.
 */
type Styles = Record<string, string>;
type ElementOpts = { styles?: Styles; hide?: Hide };

function el(type: PageElement["type"], content: string, opts: ElementOpts & Partial<Pick<PageElement, "alt" | "href" | "level">> = {}): PageElement {
  const { styles = {}, ...rest } = opts;
  return { id: newId("element-"), type, content, styles, ...rest };
}

export const heading = (html: string, level = 2, opts: ElementOpts = {}) => el("heading", html, { ...opts, level });
export const text = (html: string, opts: ElementOpts = {}) => el("text", html, opts);
export const list = (items: string[], opts: ElementOpts = {}) => el("list", `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`, opts);
export const image = (url: string, alt: string, opts: ElementOpts & { href?: string } = {}) => el("image", url, { ...opts, alt });
export const video = (url: string, title: string, opts: ElementOpts = {}) => el("video", url, { ...opts, alt: title });
export const button = (label: string, href: string, opts: ElementOpts = {}) => el("button", label, { ...opts, href });
export const icon = (svg: string, opts: ElementOpts = {}) => el("icon", svg, opts);
export const divider = (opts: ElementOpts = {}) => el("divider", "", opts);
export const spacer = (height = "40px") => el("spacer", "", { styles: { height } });
export const gallery = (g: { type: string; options?: Record<string, unknown>; images: (string | { url: string; alt: string })[] }, opts: ElementOpts = {}) =>
  el("gallery", JSON.stringify(g), opts);

/** A section from [width, elements] pairs: row([6, [...]], [6, [...]]). */
export function row(...columns: [number, PageElement[]][]): Section {
  return {
    id: newId("section-"),
    columns: columns.map(([width, elements]) => ({ id: newId("column-"), width, elements })),
  };
}

export function block(styles: Styles, ...sections: Section[]): Block {
  return { id: newId("block-"), type: "container", styles, sections };
}

export function doc(...blocks: Block[]): PageDocument {
  return { version: DOC_VERSION, blocks };
}
