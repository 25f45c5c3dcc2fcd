import { bandRef, colorRef } from "~/lib/design/tokens";
import { block, button, divider, doc, gallery, heading, icon, image, list, row, spacer, text, video } from "~/lib/document/build";
import type { Block, PageDocument, PageElement, Section } from "~/lib/document/schema";
import { ROUTES, type Lang, type RouteKey } from "~/lib/i18n/routes";
import type { SeedImageUrl } from "../media";

/**
 * The visual vocabulary of the seed pages, so every page shares one rhythm: section spacing, type scale,
 * buttons, cards and icons. Colours are the theme's variables (light and dark) except on the dark band,
 * where every element sets its own readable colour.
 */

export const to = (key: RouteKey, lang: Lang) => ROUTES[key][lang];
export const EMAIL = "contact@archimed-digital.fr";

const INK = "#14171c";
/** The brand colour as the design's reference: a published change of the brand colour reaches the seeded pages. */
const YELLOW = colorRef("brand");

export const BG = {
  plain: "transparent",
  alt: "var(--surface-alt)",
  accent: "var(--surface-accent)",
  teal: "var(--surface-teal)",
  // « Fond sombre »: dark whatever the ink (decision 052).
  ink: bandRef,
} as const;
type Bg = (typeof BG)[keyof typeof BG];

/** A main section of the page: generous vertical rhythm. */
// Spacing follows the document container (cqi): about 56px on a phone, 88px on a desktop.
const SPACE = "clamp(56px, 36px + 4cqi, 88px)";
export const section = (bg: Bg, ...sections: Section[]): Block => block({ backgroundColor: bg, paddingTop: SPACE, paddingBottom: SPACE }, ...sections);
/** The first block of a page, a little tighter at the top because the header sits above it. */
export const heroBlock = (bg: Bg, ...sections: Section[]): Block =>
  block({ backgroundColor: bg, paddingTop: "clamp(48px, 32px + 3cqi, 72px)", paddingBottom: SPACE }, ...sections);
/** A compact band (figures, reading pages). */
export const band = (bg: Bg, top: string, bottom: string, ...sections: Section[]): Block =>
  block({ backgroundColor: bg, paddingTop: top, paddingBottom: bottom }, ...sections);

// ------------------------------------------------------------------ type scale
// Sizes follow the document container (cqi), so the builder's phone preview matches a real phone.
export const h1 = (html: string) =>
  heading(html, 1, { styles: { fontSize: "clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)", fontWeight: "800", lineHeight: "1.08", letterSpacing: "-0.02em" } });
export const h2 = (html: string, styles: Record<string, string> = {}) =>
  heading(html, 2, { styles: { fontSize: "clamp(1.75rem, 1.3rem + 1.5cqi, 2.5rem)", fontWeight: "800", lineHeight: "1.15", ...styles } });
export const h3 = (html: string, styles: Record<string, string> = {}) =>
  heading(html, 3, { styles: { fontSize: "21px", fontWeight: "700", lineHeight: "1.3", ...styles } });

export const eyebrow = (label: string, color = "var(--text-muted)") =>
  text(`<p>${label}</p>`, { styles: { fontSize: "14px", fontWeight: "700", letterSpacing: "0.08em", textTransform: "uppercase", color } });
export const lead = (html: string, styles: Record<string, string> = {}) =>
  text(html, { styles: { fontSize: "19px", lineHeight: "1.65", color: "var(--text-muted)", maxWidth: "680px", ...styles } });
export const body = (html: string, styles: Record<string, string> = {}) => text(html, { styles: { fontSize: "17px", lineHeight: "1.7", ...styles } });
export const small = (html: string, styles: Record<string, string> = {}) =>
  text(html, { styles: { fontSize: "15px", lineHeight: "1.6", color: "var(--text-muted)", ...styles } });
export const checks = (items: string[], styles: Record<string, string> = {}) =>
  list(
    items.map((i) => `<strong>✓</strong>&nbsp; ${i}`),
    { styles: { fontSize: "17px", lineHeight: "1.6", ...styles } },
  );

// ------------------------------------------------------------------ actions
export const primary = (label: string, href: string) =>
  button(label, href, { styles: { backgroundColor: YELLOW, color: INK, padding: "14px 28px", borderRadius: "9999px", fontSize: "17px" } });
export const secondary = (label: string, href: string) =>
  button(label, href, {
    styles: {
      backgroundColor: "transparent",
      color: "var(--text)",
      border: "2px solid var(--text)",
      padding: "12px 26px",
      borderRadius: "9999px",
      fontSize: "17px",
    },
  });
/** A quiet "read more" link under a card. */
export const more = (label: string, href: string) => text(`<p><a href="${href}">${label}&nbsp;→</a></p>`, { styles: { fontSize: "17px", fontWeight: "700" } });

// ------------------------------------------------------------------ media
/** Hero illustration beside the text: pushed down a little on wider screens to sit level with the heading. */
export const heroPicture = (url: SeedImageUrl, alt: string): PageElement[] => [
  { ...spacer("36px"), hide: { mobile: true } },
  image(url, alt, { styles: { width: "100%", borderRadius: "24px", shadow: "medium" } }),
];
export const picture = (url: SeedImageUrl, alt: string, styles: Record<string, string> = {}) =>
  image(url, alt, { styles: { width: "100%", borderRadius: "20px", ...styles } });
export const film = (title: string) => video("https://www.youtube.com/embed/aqz-KE-bpKQ", title, { styles: { borderRadius: "20px" } });
type GalleryImage = { url: SeedImageUrl; alt: string };
export const grid = (images: GalleryImage[], options: Record<string, unknown> = {}) =>
  gallery({ type: "grid", options: { columns: 2, gap: "16px", aspectRatio: "4/3", lightbox: true, ...options }, images });
export const instagram = (images: GalleryImage[]) =>
  gallery({ type: "instagram", options: { columns: 3, gap: "6px", aspectRatio: "1/1", hoverEffect: true }, images });
export const slider = (images: GalleryImage[]) =>
  gallery({ type: "slider", options: { slidesPerView: 1, gap: "16px", aspectRatio: "4/3", navigation: true, pagination: true, autoplay: false }, images });

// ------------------------------------------------------------------ building blocks
export const gap = (h = "24px") => spacer(h);
export const rule = () => divider({ styles: { borderTop: "1px solid var(--border)", marginTop: "8px", marginBottom: "8px" } });

/** Round yellow badge holding a feature icon. */
export const badge = (svg: string, bg = YELLOW) => icon(svg, { styles: { backgroundColor: bg, color: INK, padding: "14px", borderRadius: "16px" } });

/** Numbered step disc. */
const stepNumber = (n: number) =>
  text(`<p>${n}</p>`, {
    styles: {
      backgroundColor: YELLOW,
      color: INK,
      width: "48px",
      height: "48px",
      borderRadius: "9999px",
      textAlign: "center",
      lineHeight: "48px",
      fontWeight: "800",
      fontSize: "20px",
    },
  });

const CARD = {
  padding: "28px",
  borderRadius: "20px",
  border: "1px solid var(--border)",
  backgroundColor: "var(--surface)",
  fontSize: "17px",
  lineHeight: "1.65",
};
/** A bordered card whose HTML may hold an h3 and paragraphs. */
export const cardText = (html: string, styles: Record<string, string> = {}) => text(html, { styles: { ...CARD, ...styles } });

/** Section intro: eyebrow, h2, lead, then a little air before the content row. */
export function intro(kicker: string, title: string, leadHtml?: string): Section {
  const els: PageElement[] = [eyebrow(kicker), h2(title)];
  if (leadHtml) els.push(lead(leadHtml));
  els.push(gap("16px"));
  return row([9, els]);
}

/** Features in rows of three: icon badge, h3, text. */
export function featureRows(items: { icon: string; title: string; text: string }[]): Section[] {
  const out: Section[] = [];
  for (let i = 0; i < items.length; i += 3) {
    if (i > 0) out.push(row([12, [gap("32px")]]));
    out.push(row(...items.slice(i, i + 3).map((f): [number, PageElement[]] => [4, [badge(f.icon), h3(f.title), body(`<p>${f.text}</p>`)]])));
  }
  return out;
}

/** Numbered steps, three across. */
export const steps = (items: { title: string; text: string }[]): Section =>
  row(...items.map((s, i): [number, PageElement[]] => [12 / items.length, [stepNumber(i + 1), h3(s.title), body(`<p>${s.text}</p>`)]]));

/** Questions and answers in two columns (h3 + text). */
export function faq(items: { q: string; a: string }[]): Section[] {
  const out: Section[] = [];
  for (let i = 0; i < items.length; i += 2) {
    if (i > 0) out.push(row([12, [gap("24px")]]));
    out.push(row(...items.slice(i, i + 2).map((f): [number, PageElement[]] => [6, [h3(f.q, { fontSize: "19px" }), body(`<p>${f.a}</p>`)]])));
  }
  return out;
}

/** Closing call to action on the dark band: every colour set explicitly for contrast. */
export function ctaBand(title: string, textHtml: string, label: string, href: string): Block {
  const band = section(
    BG.ink,
    row(
      [
        8,
        [eyebrow("Archimed", YELLOW), h2(title, { color: "#ffffff" }), text(textHtml, { styles: { fontSize: "19px", lineHeight: "1.65", color: "#d5dbe1" } })],
      ],
      [4, [gap("8px"), primary(label, href)]],
    ),
  );
  // In the dark theme the band is close to the surrounding surfaces: a hairline keeps its edge visible.
  band.styles.borderTop = "1px solid var(--border)";
  return band;
}

/** Link styled for the dark band (the theme's link colour is too dark there). */
export const bandLink = (href: string, label: string) => `<a href="${href}" style="color:${YELLOW}">${label}</a>`;

// ------------------------------------------------------------------ icons (24×24, stroke = currentColor)
const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${inner}</svg>`;

export const ICONS = {
  calendar: svg(
    '<rect x="3" y="4" width="18" height="18" rx="2"/><line x1="16" y1="2" x2="16" y2="6"/><line x1="8" y1="2" x2="8" y2="6"/><line x1="3" y1="10" x2="21" y2="10"/><path d="m9 16 2 2 4-4"/>',
  ),
  clock: svg('<circle cx="12" cy="12" r="10"/><polyline points="12 6 12 12 16 14"/>'),
  bell: svg('<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/>'),
  message: svg('<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/>'),
  card: svg('<rect x="2" y="5" width="20" height="14" rx="2"/><line x1="2" y1="10" x2="22" y2="10"/><line x1="6" y1="15" x2="10" y2="15"/>'),
  chart: svg(
    '<line x1="4" y1="20" x2="20" y2="20"/><rect x="5" y="12" width="3" height="6"/><rect x="10.5" y="8" width="3" height="10"/><rect x="16" y="4" width="3" height="14"/>',
  ),
  trend: svg('<polyline points="22 7 13.5 15.5 8.5 10.5 2 17"/><polyline points="16 7 22 7 22 13"/>'),
  globe: svg(
    '<circle cx="12" cy="12" r="10"/><line x1="2" y1="12" x2="22" y2="12"/><path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/>',
  ),
  search: svg('<circle cx="11" cy="11" r="8"/><line x1="21" y1="21" x2="16.65" y2="16.65"/>'),
  layout: svg('<rect x="3" y="3" width="18" height="18" rx="2"/><line x1="3" y1="9" x2="21" y2="9"/><line x1="9" y1="21" x2="9" y2="9"/>'),
  phone: svg('<rect x="6" y="2" width="12" height="20" rx="2"/><line x1="11" y1="18" x2="13" y2="18"/>'),
  zap: svg('<polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2"/>'),
  shield: svg('<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"/><path d="m9 12 2 2 4-4"/>'),
  heart: svg('<path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z"/>'),
  camera: svg('<path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z"/><circle cx="12" cy="13" r="4"/>'),
  megaphone: svg('<path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z"/><path d="M15.5 8.5a5 5 0 0 1 0 7"/><path d="M18.5 5.5a9 9 0 0 1 0 13"/>'),
  target: svg('<circle cx="12" cy="12" r="10"/><circle cx="12" cy="12" r="6"/><circle cx="12" cy="12" r="2"/>'),
  bag: svg('<path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z"/><line x1="3" y1="6" x2="21" y2="6"/><path d="M16 10a4 4 0 0 1-8 0"/>'),
  store: svg('<path d="M3 9 4.5 4h15L21 9"/><path d="M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0"/><path d="M5 12v8h14v-8"/><path d="M10 20v-5h4v5"/>'),
  box: svg(
    '<path d="M21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16z"/><polyline points="3.3 7 12 12 20.7 7"/><line x1="12" y1="22" x2="12" y2="12"/>',
  ),
  users: svg(
    '<path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M23 21v-2a4 4 0 0 0-3-3.87"/><path d="M16 3.13a4 4 0 0 1 0 7.75"/>',
  ),
  pin: svg('<path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z"/><circle cx="12" cy="10" r="3"/>'),
  star: svg('<polygon points="12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26 12 2"/>'),
  repeat: svg('<polyline points="17 1 21 5 17 9"/><path d="M3 11V9a4 4 0 0 1 4-4h14"/><polyline points="7 23 3 19 7 15"/><path d="M21 13v2a4 4 0 0 1-4 4H3"/>'),
  edit: svg('<path d="M12 20h9"/><path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z"/>'),
  link: svg('<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"/><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"/>'),
  cloud: svg('<path d="M18 10h-1.26A8 8 0 1 0 9 20h9a5 5 0 0 0 0-10z"/>'),
  printer: svg(
    '<polyline points="6 9 6 2 18 2 18 9"/><path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2"/><rect x="6" y="14" width="12" height="8"/>',
  ),
  coffee: svg(
    '<path d="M18 8h1a4 4 0 0 1 0 8h-1"/><path d="M2 8h16v9a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V8z"/><line x1="6" y1="1" x2="6" y2="4"/><line x1="10" y1="1" x2="10" y2="4"/><line x1="14" y1="1" x2="14" y2="4"/>',
  ),
  sparkle: svg('<path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z"/><path d="M19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8z"/>'),
  handshake: svg(
    '<path d="m11 17 2 2a1 1 0 1 0 3-3"/><path d="m14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4"/><path d="m21 3 1 11h-2"/><path d="M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3"/><path d="M3 4h8"/>',
  ),
  mail: svg('<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 6-10 7L2 6"/>'),
  code: svg('<polyline points="16 18 22 12 16 6"/><polyline points="8 6 2 12 8 18"/>'),
} as const;

// ------------------------------------------------------------------ long-form pages
/**
 * Long text as a list of parts: "## Title" is an h2, other strings are paragraphs (consecutive ones share
 * one text element), string arrays are check lists, { note } is a highlighted box.
 */
export type Part = string | string[] | { note: string };

function longForm(parts: Part[], measure: Record<string, string>, sizes: { h2: string; text: string; mark: string }): PageElement[] {
  const out: PageElement[] = [];
  let paragraphs: string[] = [];
  const flush = () => {
    if (paragraphs.length) out.push(text(paragraphs.map((p) => `<p>${p}</p>`).join(""), { styles: { fontSize: sizes.text, lineHeight: "1.75", ...measure } }));
    paragraphs = [];
  };
  for (const part of parts) {
    if (typeof part === "string" && part.startsWith("## ")) {
      flush();
      out.push(heading(part.slice(3), 2, { styles: { fontSize: sizes.h2, fontWeight: "800", lineHeight: "1.25", marginTop: "20px", ...measure } }));
    } else if (typeof part === "string") {
      paragraphs.push(part);
    } else if (Array.isArray(part)) {
      flush();
      out.push(
        list(
          part.map((i) => `<strong>${sizes.mark}</strong>&nbsp; ${i}`),
          { styles: { fontSize: sizes.text, lineHeight: "1.65", ...measure } },
        ),
      );
    } else {
      flush();
      out.push(
        text(`<p>${part.note}</p>`, {
          styles: { ...CARD, backgroundColor: "var(--surface-accent)", border: "1px solid var(--border)", fontSize: sizes.text, marginTop: "16px", ...measure },
        }),
      );
    }
  }
  flush();
  return out;
}

/** Article body: the article template renders the title (h1), date and cover above it, in an 880px column. */
export function articleDoc(parts: Part[]): PageDocument {
  const measure = { maxWidth: "816px", marginLeft: "auto", marginRight: "auto" };
  return doc(
    block(
      { backgroundColor: BG.plain, paddingTop: "8px", paddingBottom: "72px" },
      row([12, longForm(parts, measure, { h2: "clamp(1.5rem, 1.25rem + 0.8cqi, 1.85rem)", text: "18px", mark: "✓" })]),
    ),
  );
}

/** Legal and policy pages: a short hero, then a comfortable reading column. */
export function readingDoc(kicker: string, title: string, updated: string, parts: Part[]): PageDocument {
  return doc(
    band(BG.accent, "64px", "56px", row([9, [eyebrow(kicker), h1(title), small(`<p>${updated}</p>`)]])),
    band(BG.plain, "56px", "88px", row([8, longForm(parts, {}, { h2: "24px", text: "17px", mark: "•" })])),
  );
}

export type { SeedImageUrl };
