// The benchmark's page: a generated draft of BLOCKS blocks and ELEMENTS elements (per-device values on every
// element, column and block), stored through the real API on a new custom page.
import { randomBytes } from "node:crypto";
import { BLOCKS, BenchError, ELEMENTS } from "./config.mjs";

export async function api(origin, method, url, { body, cookie } = {}) {
  const res = await fetch(origin + url, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new BenchError(`${method} ${url} → HTTP ${res.status}: ${text.slice(0, 400)}`);
  return { json: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function signIn(origin, admin) {
  const { headers } = await api(origin, "POST", "/api/auth/login", { body: admin });
  const sid = (headers.getSetCookie?.() ?? [headers.get("set-cookie") ?? ""]).map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!sid) throw new BenchError("sign-in answered without a sid cookie");
  return sid;
}

/** A custom page whose French draft is the generated document; returns its id. */
export async function createBenchPage(origin, sid, document) {
  const cookie = `sid=${sid}`;
  const slug = `bench-builder-${Date.now().toString(36)}`;
  const { json: created } = await api(origin, "POST", "/api/pages", {
    cookie,
    body: { fr: { title: "Banc d'essai du constructeur", slug }, en: { title: "Builder benchmark", slug } },
  });
  const pageId = created.page.id;
  const { json: current } = await api(origin, "GET", `/api/pages/${pageId}/fr`, { cookie });
  await api(origin, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie, body: { doc: document, version: current.draft.version } });
  const { json: stored } = await api(origin, "GET", `/api/pages/${pageId}/fr`, { cookie });
  const count = stored.draft.doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements))).length;
  if (stored.draft.doc.blocks.length !== BLOCKS || count !== ELEMENTS)
    throw new BenchError(`the stored draft has ${stored.draft.doc.blocks.length} blocks and ${count} elements`);
  return pageId;
}

// ------------------------------------------------------------------------------------------------ document
// A realistic page: five block templates in turn (4 + 5 + 9 + 4 + 3 = 25 elements), twenty times.
// Per 500 elements: 140 headings, 140 texts, 20 lists, 60 buttons, 40 images, 60 icons, 20 spacers, 20 dividers.

const id = (prefix) => prefix + randomBytes(8).toString("hex");
// Issue 11: per-device values on every element, column and block (tablet and mobile overrides, decision 022).
const DEVICE_STYLES = {
  heading: { tablet: { fontSize: "30px", marginBottom: "12px" }, mobile: { fontSize: "26px", textAlign: "left" } },
  text: { tablet: { fontSize: "16px" }, mobile: { fontSize: "16px", marginBottom: "8px" } },
  list: { tablet: { fontSize: "16px" }, mobile: { fontSize: "15px" } },
};
const deviceStylesOf = (type) => DEVICE_STYLES[type] ?? { tablet: { marginBottom: "12px" }, mobile: { marginBottom: "8px", textAlign: "center" } };
const el = (type, content, extra = {}) => ({ id: id("element-"), type, content, styles: {}, deviceStyles: deviceStylesOf(type), ...extra });
const col = (width, elements) => ({ id: id("column-"), width, deviceWidths: { tablet: width, mobile: 12 }, elements });
const blk = (styles, ...columns) => ({
  id: id("block-"),
  type: "container",
  styles,
  deviceStyles: { tablet: { paddingTop: "40px", paddingBottom: "40px" }, mobile: { paddingTop: "32px", paddingBottom: "32px" } },
  sections: [{ id: id("section-"), columns }],
});

const IMAGES = [
  "atelier-equipe",
  "accueil-hero",
  "boutique-click-collect",
  "partenaires-reseau",
  "publication-cafe",
  "publication-fleurs",
  "click-collect-commande",
  "blog-reservation-salon",
];
const TOPICS = [
  "la réservation en ligne",
  "le site vitrine",
  "les réseaux sociaux",
  "le click and collect",
  "la fidélité client",
  "le référencement local",
  "les avis clients",
  "la newsletter",
];
const ICON_PATHS = [
  '<circle cx="12" cy="12" r="10"/><polyline points="12 6 12 12 16 14"/>',
  '<rect x="3" y="4" width="18" height="18" rx="2"/><line x1="3" y1="10" x2="21" y2="10"/>',
  '<polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2"/>',
];
const svgIcon = (i) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICON_PATHS[i % ICON_PATHS.length]}</svg>`;

function paragraphs(n, i) {
  const topic = TOPICS[i % TOPICS.length];
  const out = [];
  for (let p = 0; p < n; p++) {
    out.push(
      `<p>Bloc ${i + 1}, paragraphe ${p + 1} : pour ${topic}, nous partons de votre activité réelle, de vos horaires et de vos clients. ` +
        `<strong>Chaque étape est expliquée</strong>, chiffrée et suivie, et vous gardez la main sur vos contenus sans dépendre d'un prestataire. ` +
        `Les résultats se lisent dans vos statistiques dès la <a href="/contact">première semaine</a>.</p>`,
    );
  }
  return out.join("");
}

const STYLE = {
  h2: { fontSize: "clamp(1.75rem, 1.3rem + 1.5cqi, 2.5rem)", fontWeight: "800", lineHeight: "1.15" },
  h3: { fontSize: "21px", fontWeight: "700", lineHeight: "1.3" },
  body: { fontSize: "17px", lineHeight: "1.7" },
  button: { backgroundColor: "#ffc104", color: "#14171c", padding: "14px 28px", borderRadius: "9999px", fontSize: "17px" },
  icon: { backgroundColor: "#ffc104", color: "#14171c", padding: "14px", borderRadius: "16px" },
};
const BACKGROUNDS = ["transparent", "#f6f7f9", "#fff8e1", "#e8f5f3"];

const TEMPLATES = [
  // 1 column: heading, three paragraphs, button, spacer (4)
  (i) => [
    col(12, [
      el("heading", `Titre du bloc ${i + 1}`, { level: 2, styles: STYLE.h2 }),
      el("text", paragraphs(3, i), { styles: STYLE.body }),
      el("button", "Demander une démo", { href: "/contact", styles: STYLE.button }),
      el("spacer", "", { styles: { height: "32px" } }),
    ]),
  ],
  // 2 columns: heading, text, list | image, button (5)
  (i) => [
    col(7, [
      el("heading", `Ce que vous obtenez (${i + 1})`, { level: 2, styles: STYLE.h2 }),
      el("text", paragraphs(2, i), { styles: STYLE.body }),
      el(
        "list",
        `<ul>${["Mise en place en une semaine", "Formation de votre équipe", "Suivi mensuel des résultats", "Support par téléphone"].map((x) => `<li>${x}</li>`).join("")}</ul>`,
        { styles: STYLE.body },
      ),
    ]),
    col(5, [
      el("image", `/media/seed/${IMAGES[i % IMAGES.length]}.jpg`, { alt: `Illustration du bloc ${i + 1}`, styles: { width: "100%", borderRadius: "20px" } }),
      el("button", "En savoir plus", { href: "/solutions/reservation", styles: STYLE.button }),
    ]),
  ],
  // 3 columns: icon, heading, text (9)
  (i) =>
    [0, 1, 2].map((k) =>
      col(4, [
        el("icon", svgIcon(i + k), { styles: STYLE.icon }),
        el("heading", `Atout ${k + 1} du bloc ${i + 1}`, { level: 3, styles: STYLE.h3 }),
        el("text", paragraphs(1, i + k), { styles: STYLE.body }),
      ]),
    ),
  // 2 columns: image | heading, text, button (4)
  (i) => [
    col(6, [
      el("image", `/media/seed/${IMAGES[(i + 3) % IMAGES.length]}.jpg`, { alt: `Photo du bloc ${i + 1}`, styles: { width: "100%", borderRadius: "20px" } }),
    ]),
    col(6, [
      el("heading", `Un exemple concret (${i + 1})`, { level: 2, styles: STYLE.h2 }),
      el("text", paragraphs(2, i + 1), { styles: STYLE.body }),
      el("button", "Voir les offres", { href: "/offres", styles: STYLE.button }),
    ]),
  ],
  // 1 column: divider, heading, text (3)
  (i) => [
    col(12, [
      el("divider", "", { styles: { borderTop: "1px solid #d5dbe1", marginTop: "8px", marginBottom: "8px" } }),
      el("heading", `Questions fréquentes (${i + 1})`, { level: 3, styles: STYLE.h3 }),
      el("text", paragraphs(2, i + 2), { styles: STYLE.body }),
    ]),
  ],
];

export function benchDocument() {
  const blocks = [];
  for (let i = 0; i < BLOCKS; i++)
    blocks.push(
      blk({ backgroundColor: BACKGROUNDS[i % BACKGROUNDS.length], paddingTop: "48px", paddingBottom: "48px" }, ...TEMPLATES[i % TEMPLATES.length](i)),
    );
  const elements = blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements)));
  if (elements.length !== ELEMENTS) throw new Error(`generator made ${elements.length} elements`);
  const byType = {};
  for (const e of elements) byType[e.type] = (byType[e.type] ?? 0) + 1;
  return { document: { version: 1, blocks }, byType };
}
