/**
 * THE table of the hostile-input suite (tests/integration/hostile-input.test.ts). Every endpoint that
 * takes input joins it with one row: the suite then sends it malformed JSON, wrong types, control
 * characters, lone surrogates, oversized and deeply nested bodies, prototype keys, cross-site writes
 * and path variants, and checks its rule: never a 500, every refusal in French, nothing stored broken.
 */
export type Who = "anonymous" | "editor" | "admin";

/** Addresses that lead off the site or run a script while looking like a path (issue 24 finding 13). */
export const URL_TRICKS = [
  "/\tevil.example",
  "/\nevil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/%09/evil.example",
  "//evil.example",
  "https:evil.example",
  " javascript:alert(1)",
  "jav&#x61;script:alert(1)",
  "/ /evil.example",
];

/** What the suite has prepared before the table is used (ids of things to write to). */
export interface HostileContext {
  pageId: string;
  revisionId: string;
  memberId: string;
  /** An article with a French and an English version (both at version 1). */
  articleId: string;
  /** An uploaded image in the Médiathèque. */
  mediaId: string;
}

export interface EndpointRow {
  name: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: (c: HostileContext) => string;
  /** Who may call it; anything less must get 401/403 for every variant of the path. */
  who: Who;
  /** A body the endpoint accepts (or refuses for a business reason, never for its shape). */
  body: (c: HostileContext) => Record<string, unknown>;
  /** Paths (in `body`) of the text fields that receive the NUL, control-character and surrogate probes. */
  textFields: string[][];
  /** Paths (in `body`) of the stored addresses that receive the URL tricks (issue 24 finding 13: one URL rule). */
  urlFields?: string[][];
  /** The body limit the endpoint enforces, in bytes (413 beyond). */
  maxBytes: number;
  /** Content-Type of the body; JSON unless said. */
  contentType?: string;
}

import { DEFAULT_SETTINGS } from "~/lib/content/settings";
import { defaultStructure } from "~/lib/structure/structure-schemas";
import { DESIGN_BODY_LIMIT } from "~/lib/design/design-schema";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";

const KB = 1024;

/** A registration answer of the right shape that no challenge was issued for (decision 047). */
const FAKE_REGISTRATION = {
  id: "AAAAAAAAAAAAAAAAAAAAAA",
  rawId: "AAAAAAAAAAAAAAAAAAAAAA",
  type: "public-key",
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: "A".repeat(43), origin: "http://127.0.0.1" })).toString("base64url"),
    attestationObject: "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YUA",
    transports: ["internal"],
  },
  clientExtensionResults: {},
};

export const HOSTILE_ENDPOINTS: EndpointRow[] = [
  {
    name: "review: ask for one",
    method: "POST",
    path: () => "/api/reviews",
    who: "editor",
    body: (c) => ({ pageId: c.pageId, lang: "fr", message: "Relis le premier paragraphe" }),
    textFields: [["message"], ["pageId"], ["lang"]],
    maxBytes: 4 * KB,
  },
  {
    name: "review: ask for changes",
    method: "POST",
    path: () => "/api/reviews/inconnue/changes",
    who: "editor",
    body: () => ({ message: "Ajoute un prix dans le titre" }),
    textFields: [["message"]],
    maxBytes: 4 * KB,
  },
  {
    name: "review: approve and publish",
    method: "POST",
    path: () => "/api/reviews/inconnue/approve",
    who: "editor",
    body: () => ({ version: 1 }),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    name: "comment: write one",
    method: "POST",
    path: () => "/api/comments",
    who: "editor",
    // A target the draft does not hold: refused for that business reason (422), after the shape checks the suite probes.
    body: (c) => ({ pageId: c.pageId, lang: "fr", targetId: "block-inconnu", body: "Le titre est trop long", mentions: [] }),
    textFields: [["body"], ["pageId"], ["lang"], ["targetId"]],
    maxBytes: 16 * KB,
  },
  {
    name: "comment: edit one",
    method: "PATCH",
    path: () => "/api/comments/inconnu",
    who: "editor",
    body: () => ({ body: "Le titre est trop court", mentions: [] }),
    textFields: [["body"]],
    maxBytes: 16 * KB,
  },
  {
    name: "comment: resolve a thread",
    method: "POST",
    path: () => "/api/comments/inconnu/resolve",
    who: "editor",
    body: () => ({ resolved: true }),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    name: "comment: mark mentions read",
    method: "POST",
    path: () => "/api/comments/mentions",
    who: "editor",
    body: () => ({ commentIds: ["inconnu"] }),
    textFields: [["commentIds", "0"]],
    maxBytes: 32 * KB,
  },
  {
    name: "sign-in",
    method: "POST",
    path: () => "/api/auth/login",
    who: "anonymous",
    body: () => ({ email: "personne@archimed.test", password: "un-mot-de-passe" }),
    textFields: [["email"], ["password"]],
    maxBytes: 8 * KB,
  },
  {
    name: "consent",
    method: "POST",
    path: () => "/api/consent",
    who: "anonymous",
    body: () => ({ accepted: true }),
    textFields: [],
    maxBytes: 256,
  },
  {
    name: "page-view beacon",
    method: "POST",
    path: () => "/api/analytics/collect",
    who: "anonymous",
    body: () => ({ p: "/", v: "0123456789abcdef0123456789abcdef" }),
    textFields: [["p"], ["v"]],
    maxBytes: 1 * KB,
    contentType: "text/plain",
  },
  {
    name: "team: add a member",
    method: "POST",
    path: () => "/api/team",
    who: "admin",
    body: () => ({ email: "nouvelle@archimed.test", role: "editor", password: "un-mot-de-passe-solide" }),
    textFields: [["email"], ["password"], ["role"]],
    maxBytes: 16 * KB,
  },
  {
    name: "team: change a role",
    method: "PATCH",
    path: (c) => `/api/team/${c.memberId}`,
    who: "admin",
    body: () => ({ role: "editor" }),
    textFields: [["role"]],
    maxBytes: 16 * KB,
  },
  {
    name: "team: reset a password",
    method: "POST",
    path: (c) => `/api/team/${c.memberId}/password`,
    who: "admin",
    body: () => ({ password: "un-autre-mot-de-passe" }),
    textFields: [["password"]],
    maxBytes: 16 * KB,
  },
  {
    // Without a second-step cookie: refused as an expired step (a business reason), in French.
    name: "sign-in: second step",
    method: "POST",
    path: () => "/api/auth/second-step",
    who: "anonymous",
    body: () => ({ method: "totp", code: "123456" }),
    textFields: [["method"], ["code"]],
    // A passkey's signed answer travels in this body too (decision 047).
    maxBytes: 32 * KB,
  },
  {
    // Without a second-step cookie: refused as an expired step, in French.
    name: "sign-in: a passkey's challenge",
    method: "POST",
    path: () => "/api/auth/passkey-challenge",
    who: "anonymous",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    name: "account: options to add a passkey",
    method: "POST",
    path: () => "/api/account/passkeys/options",
    who: "editor",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    // A well-formed answer over no challenge of this session: refused for that reason, in French.
    name: "account: add a passkey",
    method: "POST",
    path: () => "/api/account/passkeys",
    who: "editor",
    body: () => ({ name: "Portable", response: FAKE_REGISTRATION }),
    textFields: [["name"], ["response", "id"], ["response", "response", "clientDataJSON"]],
    maxBytes: 32 * KB,
  },
  {
    // The editor has no passkey: refused for that reason.
    name: "account: a passkey's challenge to confirm a change",
    method: "POST",
    path: () => "/api/account/passkeys/challenge",
    who: "editor",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    // No such passkey: 404.
    name: "account: rename a passkey",
    method: "PATCH",
    path: () => "/api/account/passkeys/00000000-0000-4000-8000-000000000000",
    who: "editor",
    body: () => ({ name: "Clé USB" }),
    textFields: [["name"]],
    maxBytes: 1 * KB,
  },
  {
    // No second factor to turn off: refused for that reason.
    name: "account: turn the second factor off",
    method: "POST",
    path: () => "/api/account/two-factor/off",
    who: "editor",
    body: () => ({ method: "totp", code: "123456" }),
    textFields: [["method"], ["code"]],
    maxBytes: 32 * KB,
  },
  {
    name: "account: renew the recovery codes",
    method: "POST",
    path: () => "/api/account/recovery-codes",
    who: "editor",
    body: () => ({ method: "recovery", code: "abcde-fghij" }),
    textFields: [["method"], ["code"]],
    maxBytes: 32 * KB,
  },
  {
    name: "sign-in: start the required enrolment",
    method: "POST",
    path: () => "/api/auth/enrol-step",
    who: "anonymous",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    name: "sign-in: confirm the required enrolment",
    method: "PUT",
    path: () => "/api/auth/enrol-step",
    who: "anonymous",
    body: () => ({ code: "123456" }),
    textFields: [["code"]],
    maxBytes: 1 * KB,
  },
  {
    name: "account: start a second factor",
    method: "POST",
    path: () => "/api/account/two-factor",
    who: "editor",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    // No enrolment under way, or a wrong code: refused for that reason, in French.
    name: "account: confirm a second factor",
    method: "PUT",
    path: () => "/api/account/two-factor",
    who: "editor",
    body: () => ({ code: "123456" }),
    textFields: [["code"]],
    maxBytes: 1 * KB,
  },
  {
    name: "team: two-factor policy",
    method: "PUT",
    path: () => "/api/team/two-factor",
    who: "admin",
    body: () => ({ policy: "none" }),
    textFields: [["policy"]],
    maxBytes: 1 * KB,
  },
  {
    name: "pages: create",
    method: "POST",
    path: () => "/api/pages",
    who: "editor",
    body: () => ({ fr: { title: "Titre", slug: "hostile-fr", description: "Description" }, en: { title: "Title", slug: "hostile-en" } }),
    textFields: [
      ["fr", "title"],
      ["fr", "description"],
      ["fr", "slug"],
      ["en", "title"],
    ],
    maxBytes: 16 * KB,
  },
  {
    name: "pages: save a draft",
    method: "PUT",
    path: (c) => `/api/pages/${c.pageId}/fr/draft`,
    who: "editor",
    body: () => ({
      version: 1,
      doc: {
        version: 1,
        blocks: [
          {
            id: "block-h",
            type: "container",
            styles: { paddingTop: "10px" },
            sections: [
              {
                id: "section-h",
                // A section's and a column's own look (issue 21): styles, per-device values, a background image.
                styles: { paddingTop: "10px" },
                deviceStyles: { mobile: { color: "#ffffff" } },
                background: { image: "/media/fond.jpg", focusX: 30, focusY: 70, overlay: 40 },
                columns: [
                  {
                    id: "column-h",
                    width: 12,
                    styles: { gap: "16px" },
                    elements: [
                      {
                        id: "element-h",
                        type: "text",
                        content: "<p>x</p>",
                        styles: { color: "#14171c" },
                        deviceStyles: { mobile: { fontSize: "18px" } },
                        alt: "a",
                        href: "/x",
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    }),
    textFields: [
      ["doc", "blocks", "0", "sections", "0", "columns", "0", "elements", "0", "content"],
      ["doc", "blocks", "0", "sections", "0", "columns", "0", "elements", "0", "alt"],
      ["doc", "blocks", "0", "sections", "0", "columns", "0", "elements", "0", "href"],
      ["doc", "blocks", "0", "styles", "paddingTop"],
      // Style values (issue 11): a colour and a per-device size, checked by elements/style-values.ts.
      ["doc", "blocks", "0", "sections", "0", "columns", "0", "elements", "0", "styles", "color"],
      ["doc", "blocks", "0", "sections", "0", "columns", "0", "elements", "0", "deviceStyles", "mobile", "fontSize"],
      ["doc", "blocks", "0", "sections", "0", "styles", "paddingTop"],
      ["doc", "blocks", "0", "sections", "0", "deviceStyles", "mobile", "color"],
      ["doc", "blocks", "0", "sections", "0", "columns", "0", "styles", "gap"],
      ["doc", "blocks", "0", "sections", "0", "background", "image"],
    ],
    urlFields: [["doc", "blocks", "0", "sections", "0", "background", "image"]],
    maxBytes: 2 * 1024 * KB,
  },
  {
    name: "saved sections: save a block as a model",
    method: "POST",
    path: () => "/api/saved-sections",
    who: "editor",
    body: () => ({
      name: "Modèle hostile",
      block: {
        id: "block-m",
        type: "container",
        styles: { paddingTop: "10px" },
        sections: [
          {
            id: "section-m",
            columns: [{ id: "column-m", width: 12, elements: [{ id: "element-m", type: "text", content: "<p>x</p>", styles: {}, href: "/x" }] }],
          },
        ],
      },
    }),
    textFields: [["name"], ["block", "sections", "0", "columns", "0", "elements", "0", "content"], ["block", "styles", "paddingTop"]],
    maxBytes: 512 * KB,
  },
  {
    name: "pages: publish",
    method: "POST",
    path: (c) => `/api/pages/${c.pageId}/fr/publish`,
    who: "editor",
    body: () => ({ version: 1 }),
    textFields: [],
    maxBytes: 16 * KB,
  },
  {
    name: "pages: restore a revision",
    method: "POST",
    path: (c) => `/api/pages/${c.pageId}/fr/revisions/${c.revisionId}`,
    who: "editor",
    body: () => ({ version: 1 }),
    textFields: [],
    maxBytes: 16 * KB,
  },
  {
    name: "pages: export as HTML",
    method: "POST",
    path: (c) => `/api/pages/${c.pageId}/fr/export`,
    who: "editor",
    body: () => ({
      doc: {
        version: 1,
        blocks: [
          {
            id: "block-x",
            type: "container",
            styles: {},
            sections: [
              { id: "section-x", columns: [{ id: "column-x", width: 12, elements: [{ id: "element-x", type: "text", content: "<p>x</p>", styles: {} }] }] },
            ],
          },
        ],
      },
    }),
    textFields: [["doc", "blocks", "0", "sections", "0", "columns", "0", "elements", "0", "content"]],
    maxBytes: 2 * 1024 * KB,
  },
  {
    name: "AI: generate a block",
    method: "POST",
    path: () => "/api/ai/generate-block",
    who: "editor",
    body: () => ({ prompt: "Une section sur nos offres" }),
    textFields: [["prompt"]],
    maxBytes: 16 * KB,
  },
  {
    name: "articles: create",
    method: "POST",
    path: () => "/api/articles",
    who: "editor",
    body: () => ({ fr: { title: "Un article", slug: "un-article-hostile" } }),
    textFields: [
      ["fr", "title"],
      ["fr", "slug"],
    ],
    urlFields: [["fr", "coverUrl"]],
    maxBytes: 16 * KB,
  },
  // Site structure (issue 14): the whole draft, then its publication.
  {
    name: "site structure: save the draft",
    method: "PUT",
    path: () => "/api/site-structure",
    who: "admin",
    // The first menu entry links to an address, so that the URL tricks have a field to go in.
    body: () => {
      const structure = defaultStructure(DEFAULT_SETTINGS);
      structure.menu[0].link = { type: "url", url: "https://exemple.fr/" };
      return { version: 0, structure };
    },
    textFields: [
      ["structure", "menu", "0", "label", "fr"],
      ["structure", "settings", "email"],
      ["structure", "footer", "0", "title", "en"],
    ],
    urlFields: [["structure", "menu", "0", "link", "url"]],
    maxBytes: 256 * KB,
  },
  {
    name: "site structure: publish",
    method: "POST",
    path: () => "/api/site-structure/publish",
    who: "admin",
    body: () => ({ version: 0 }),
    textFields: [],
    maxBytes: 16 * KB,
  },
  {
    name: "site structure: restore a publication of the history",
    method: "POST",
    path: () => "/api/site-structure/revisions/inconnue/restore",
    who: "admin",
    body: () => ({ version: 0 }),
    textFields: [],
    maxBytes: 16 * KB,
  },
  {
    name: "contact requests: mark one handled",
    method: "PATCH",
    path: () => "/api/contact-requests/inconnue",
    who: "editor",
    body: () => ({ status: "done" }),
    textFields: [["status"]],
    maxBytes: 1 * KB,
  },
  // Design settings (issue 11): the whole draft, then its publication. Every value is a hex colour, a number
  // or a name: hostile strings are refused by their shape.
  {
    name: "design settings: save the draft",
    method: "PUT",
    path: () => "/api/design",
    who: "admin",
    body: () => ({ version: 0, design: DEFAULT_DESIGN }),
    textFields: [
      ["design", "colors", "light", "brand"],
      ["design", "colors", "dark", "text"],
      ["design", "buttons", "primary", "text"],
      ["design", "buttons", "secondary", "border"],
      ["design", "derive", "tints"],
      ["design", "derive", "dark"],
      ["design", "fonts", "heading"],
      ["design", "fonts", "body"],
    ],
    maxBytes: DESIGN_BODY_LIMIT,
  },
  {
    name: "design settings: publish",
    method: "POST",
    path: () => "/api/design/publish",
    who: "admin",
    body: () => ({ version: 0 }),
    textFields: [],
    maxBytes: 16 * KB,
  },
  {
    name: "articles: new blank article (Nouvel article)",
    method: "POST",
    path: () => "/api/articles/blank",
    who: "editor",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    name: "articles: save metadata",
    method: "PUT",
    path: (c) => `/api/articles/${c.articleId}`,
    who: "editor",
    body: () => ({
      fr: { title: "Un article", excerpt: "Extrait", description: "Méta", coverUrl: "/media/x.jpg", coverAlt: "Alt", tags: ["Conseils"], version: 1 },
    }),
    textFields: [
      ["fr", "title"],
      ["fr", "excerpt"],
      ["fr", "description"],
      ["fr", "coverUrl"],
      ["fr", "coverAlt"],
      ["fr", "tags", "0"],
    ],
    maxBytes: 16 * KB,
  },
  {
    name: "articles: delete",
    method: "DELETE",
    path: (c) => `/api/articles/${c.articleId}`,
    who: "editor",
    body: () => ({ versions: { fr: 1, en: 1 } }),
    textFields: [],
    maxBytes: 16 * KB,
  },
  {
    name: "articles: schedule a language version",
    method: "POST",
    path: (c) => `/api/articles/${c.articleId}/fr/schedule`,
    who: "editor",
    body: () => ({ version: 1, at: "2027-01-15T09:00" }),
    textFields: [["at"]],
    maxBytes: 16 * KB,
  },
  {
    name: "articles: move in the calendar",
    method: "POST",
    path: (c) => `/api/articles/${c.articleId}/move`,
    who: "editor",
    body: () => ({ day: "2027-01-15", langs: ["fr", "en"], versions: { fr: 1, en: 1 } }),
    textFields: [["day"], ["langs", "0"]],
    maxBytes: 16 * KB,
  },
  ...(["publish", "unpublish", "synced", "translate", "remove"] as const).map((action): EndpointRow => ({
    name: `articles: ${action} a language version`,
    method: "POST",
    path: (c) => `/api/articles/${c.articleId}/en/${action}`,
    who: "editor",
    body: () => ({ version: 1 }),
    textFields: [],
    maxBytes: 16 * KB,
  })),
  {
    name: "articles: AI generator",
    method: "POST",
    path: () => "/api/articles/generate",
    who: "editor",
    body: () => ({ topic: "La réservation en ligne", lang: "fr", tone: "professionnel", length: "court", keywords: ["salon"] }),
    textFields: [["topic"], ["tone"], ["keywords", "0"]],
    maxBytes: 16 * KB,
  },
  // Backups (issue 14). An unknown backup id: the body is checked before the 404.
  {
    name: "backups: create",
    method: "POST",
    path: () => "/api/backups",
    who: "admin",
    body: () => ({}),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    name: "backups: schedule",
    method: "PUT",
    path: () => "/api/backups/schedule",
    who: "admin",
    body: () => ({ enabled: false, time: "03:00", keep: 7 }),
    textFields: [["time"]],
    maxBytes: 1 * KB,
  },
  {
    name: "backups: restore",
    method: "POST",
    path: () => "/api/backups/20000101-000000-000000/restore",
    who: "admin",
    body: () => ({ confirm: true }),
    textFields: [],
    maxBytes: 1 * KB,
  },
  {
    // The hostile suite's server sets BACKUP_UPLOAD_MAX_MB=1; anything that is not a sealed archive gets a French 400.
    name: "backups: upload an archive",
    method: "POST",
    path: () => "/api/backups/upload",
    who: "admin",
    body: () => ({}),
    textFields: [],
    maxBytes: 1024 * KB,
    contentType: "application/zip",
  },
  {
    name: "media: edit the labels",
    method: "PATCH",
    path: (c) => `/api/media/${c.mediaId}`,
    who: "editor",
    body: () => ({ title: "Titre", alt: "Texte alternatif", category: "Agences" }),
    textFields: [["title"], ["alt"], ["category"]],
    maxBytes: 16 * KB,
  },
  {
    name: "media: edit the image (new version)",
    method: "POST",
    path: (c) => `/api/media/${c.mediaId}/edit`,
    who: "editor",
    body: () => ({ crop: null, rotation: 90, brightness: 100, contrast: 100, saturation: 100, format: "webp", quality: 80 }),
    textFields: [["format"]],
    maxBytes: 16 * KB,
  },
  {
    // The suite's server has no stock keys: a valid body is refused as "not configured", in French.
    name: "media: add a stock photo",
    method: "POST",
    path: () => "/api/media/stock",
    who: "editor",
    body: () => ({ provider: "unsplash", id: "abc123", category: "Non classé" }),
    textFields: [["provider"], ["id"], ["category"]],
    maxBytes: 16 * KB,
  },
  {
    // No redirect at that address: refused as "introuvable" (a business reason), in French.
    name: "redirects: remove one",
    method: "DELETE",
    path: () => "/api/redirects",
    who: "editor",
    body: () => ({ fromPath: "/blog/ancienne-adresse" }),
    textFields: [["fromPath"]],
    maxBytes: 2 * KB,
  },
  {
    name: "presence of editors: heartbeat (open, read, take and leave share the route)",
    method: "POST",
    path: (c) => `/api/presence/${c.pageId}`,
    who: "editor",
    body: () => ({ action: "beat", tab: "onglet-hostile-0001" }),
    textFields: [["tab"], ["action"]],
    maxBytes: 1 * KB,
  },
];

/** Read endpoints behind a permission: their path variants must all be refused without a session. */
export const PROTECTED_READS: { path: (c: HostileContext) => string; who: Who }[] = [
  { path: () => "/api/pages", who: "editor" },
  { path: (c) => `/api/pages/${c.pageId}/fr`, who: "editor" },
  { path: (c) => `/api/pages/${c.pageId}/fr/revisions`, who: "editor" },
  { path: () => "/api/team", who: "admin" },
  { path: (c) => `/api/team/${c.memberId}`, who: "admin" },
  { path: () => "/api/analytics", who: "editor" },
  { path: () => "/api/analytics/live", who: "editor" },
  { path: () => "/api/consents", who: "editor" },
  { path: () => "/api/media", who: "editor" },
  { path: (c) => `/api/media/${c.mediaId}`, who: "editor" },
  { path: () => "/api/media/stock?provider=unsplash&q=bureau", who: "editor" },
  { path: () => "/api/articles", who: "editor" },
  { path: () => "/api/articles/options", who: "editor" },
  { path: (c) => `/api/articles/${c.articleId}`, who: "editor" },
  { path: () => "/api/contact-requests", who: "editor" },
  { path: () => "/api/backups", who: "admin" },
  { path: () => "/api/backups/20000101-000000-000000/download", who: "admin" },
  { path: () => "/api/site-structure", who: "admin" },
  { path: () => "/api/saved-sections", who: "editor" },
  { path: () => "/api/design", who: "admin" },
  { path: () => "/api/redirects", who: "editor" },
  { path: () => "/api/activity", who: "admin" },
  { path: () => "/api/reviews", who: "editor" },
  { path: () => "/api/reviews/count", who: "editor" },
  { path: (c) => `/api/reviews/page/${c.pageId}`, who: "editor" },
  { path: (c) => `/api/comments?pageId=${c.pageId}&lang=fr`, who: "editor" },
  { path: () => "/api/comments/members", who: "editor" },
  { path: () => "/api/comments/mentions", who: "editor" },
  { path: (c) => `/api/presence/${c.pageId}/live?tab=onglet-hostile-0001`, who: "editor" },
];

/**
 * Endpoints that read a query string: each text parameter gets the NUL, control-character and oversized
 * probes (the safe-text rule of bodies, applied by endpoint() to every query), and `wrong` lists values of
 * the wrong type or shape. Every probe must get a French 4xx, never a 500 (finding 5 of issue 24).
 */
export interface QueryRow {
  name: string;
  /** The path with a query the endpoint accepts (the probed parameter is set on top of it). */
  path: string;
  who: Who;
  textParams: string[];
  wrong: Record<string, string>[];
}

export const QUERY_ENDPOINTS: QueryRow[] = [
  {
    name: "contact requests",
    path: "/api/contact-requests",
    who: "editor",
    textParams: ["q", "status", "format"],
    wrong: [{ status: "lu" }, { format: "xml" }],
  },
  {
    name: "articles",
    path: "/api/articles",
    who: "editor",
    textParams: ["q", "tag", "status", "lang", "month"],
    wrong: [{ page: "deux" }, { page: "-1" }, { month: "2026-13" }, { status: "brouillon" }, { lang: "de" }],
  },
  { name: "resolve a path", path: "/api/pages/resolve?path=/", who: "editor", textParams: ["path"], wrong: [{ path: "offres" }] },
  {
    name: "media library",
    path: "/api/media",
    who: "editor",
    textParams: ["q", "category", "type"],
    wrong: [{ page: "x" }, { perPage: "1000" }, { type: "audio" }],
  },
  {
    name: "stock search",
    path: "/api/media/stock?provider=unsplash&q=bureau",
    who: "editor",
    textParams: ["q", "provider"],
    wrong: [{ provider: "flickr" }, { page: "0" }],
  },
  { name: "statistics", path: "/api/analytics", who: "editor", textParams: ["days"], wrong: [{ days: "trente" }, { days: "100000" }] },
  { name: "consents", path: "/api/consents", who: "editor", textParams: ["limit"], wrong: [{ limit: "tous" }, { limit: "0" }] },
  { name: "redirects", path: "/api/redirects", who: "editor", textParams: ["x"], wrong: [] },
  {
    name: "activity log",
    path: "/api/activity",
    who: "admin",
    textParams: ["q", "actor", "group", "action", "outcome", "from", "to", "before"],
    wrong: [{ group: "tout" }, { action: "page.hack" }, { outcome: "peut-être" }, { from: "hier" }, { to: "2026-02-30" }, { before: "x" }],
  },
  {
    name: "comments of a page",
    path: "/api/comments?pageId=home&lang=fr",
    who: "editor",
    textParams: ["pageId", "lang"],
    wrong: [{ lang: "de" }, { pageId: "" }],
  },
  { name: "mention count", path: "/api/comments/mentions?count=1", who: "editor", textParams: ["count"], wrong: [{ count: "oui" }] },
  {
    name: "activity log CSV",
    path: "/api/activity.csv",
    who: "admin",
    textParams: ["q", "actor"],
    wrong: [{ from: "2026-1-1" }, { before: "AAAA" }],
  },
];
