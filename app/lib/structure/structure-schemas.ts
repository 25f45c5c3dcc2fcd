import { z } from "zod";
import { siteSettingsSchema, type SiteSettings } from "~/lib/content/settings";
import { ROUTE_KEYS, type RouteKey } from "~/lib/i18n/routes";
import { unsafeUrlReason } from "~/lib/document/url";
import { safeText } from "~/lib/text/safe-text";

/**
 * The site structure (issue 14): the main menu, the footer's columns, the contact settings (seed 000 §3)
 * and pending changes to page titles, addresses and descriptions. One document, kept as a draft and a
 * published copy; this schema is shared by the /admin/site-structure form and the API.
 */

/** Limits: a menu a visitor can read, and a body a server can check quickly (a 10,000-entry menu is refused). */
export const STRUCTURE_LIMITS = {
  menuEntries: 12,
  submenuEntries: 12,
  /** Every menu entry, submenus included. */
  menuTotal: 60,
  footerColumns: 4,
  footerLinks: 12,
  label: 60,
  url: 500,
  pageTitle: 120,
  pageDescription: 300,
  pageEdits: 500,
  /** Bytes of the JSON body of a save. */
  body: 256 * 1024,
} as const;

const label = (max: number) =>
  safeText(z.string().trim().min(1, "texte obligatoire").max(max, `${max} caractères au plus`)).refine((s) => !/[<>]/.test(s), {
    message: "les balises HTML (< et >) ne sont pas acceptées",
  });

const entryId = z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, "identifiant invalide");
const pageId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9_-]+$/, "identifiant de page invalide");

const urlText = safeText(z.string().trim().min(1, "adresse obligatoire").max(STRUCTURE_LIMITS.url)).superRefine((s, ctx) => {
  const reason = unsafeUrlReason(s);
  if (reason) ctx.addIssue({ code: "custom", message: reason });
});

const linkSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("system"), key: z.enum(ROUTE_KEYS as [RouteKey, ...RouteKey[]], "page système inconnue") }),
    z.strictObject({ type: z.literal("page"), pageId }),
    z.strictObject({ type: z.literal("article"), pageId }),
    z.strictObject({ type: z.literal("url"), url: urlText }),
  ],
  "type de lien inconnu (system, page, article ou url)",
);
export type StructureLink = z.infer<typeof linkSchema>;

const labels = z.strictObject({ fr: label(STRUCTURE_LIMITS.label), en: label(STRUCTURE_LIMITS.label) });
export type Labels = z.infer<typeof labels>;

/** A submenu's entry; it may not hold a submenu itself (two levels at most: no loops, no endless nesting). */
const childSchema = z.strictObject({
  id: entryId,
  label: labels,
  link: linkSchema,
  children: z.array(z.unknown()).max(0, "un sous-menu ne peut pas contenir d'autre sous-menu (deux niveaux au plus)").optional(),
});

const entrySchema = z
  .strictObject({
    id: entryId,
    label: labels,
    /** Null for an entry that only opens its submenu. */
    link: linkSchema.nullable(),
    children: z.array(childSchema).max(STRUCTURE_LIMITS.submenuEntries, `${STRUCTURE_LIMITS.submenuEntries} entrées au plus par sous-menu`),
  })
  .refine((e) => e.link !== null || e.children.length > 0, { message: "une entrée sans sous-menu doit avoir un lien", path: ["link"] });
export type MenuEntry = z.infer<typeof entrySchema>;
export type MenuChild = z.infer<typeof childSchema>;

const footerLinkSchema = z.strictObject({ id: entryId, label: labels, link: linkSchema });
const footerColumnSchema = z.strictObject({
  id: entryId,
  title: labels,
  links: z.array(footerLinkSchema).max(STRUCTURE_LIMITS.footerLinks, `${STRUCTURE_LIMITS.footerLinks} liens au plus par colonne`),
});
export type FooterColumn = z.infer<typeof footerColumnSchema>;

/** A page's address as typed: lower-case words separated by "/", "-"; the language prefix is checked on the server. */
const pathText = safeText(z.string().trim().min(1).max(200, "200 caractères au plus"));

export const pageMetaSchema = z.strictObject({
  title: label(STRUCTURE_LIMITS.pageTitle),
  description: safeText(z.string().trim().max(STRUCTURE_LIMITS.pageDescription, `${STRUCTURE_LIMITS.pageDescription} caractères au plus`)).refine(
    (s) => !/[<>]/.test(s),
    { message: "les balises HTML (< et >) ne sont pas acceptées" },
  ),
  /** The public address ("/agence", "/en/agency"); the home page's ("/", "/en") never changes. */
  path: pathText.optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** The contact settings as the API takes them (stricter than `siteSettingsSchema`, which reads the stored record); restores check them too. */
export const settingsInputSchema = siteSettingsSchema.extend({
  siteName: label(80),
  social: z.strictObject({
    facebook: urlText.refine((u) => u.startsWith("https://"), "adresse https:// attendue"),
    instagram: urlText.refine((u) => u.startsWith("https://"), "adresse https:// attendue"),
  }),
});

export const structureSchema = z
  .strictObject({
    menu: z.array(entrySchema).max(STRUCTURE_LIMITS.menuEntries, `le menu compte ${STRUCTURE_LIMITS.menuEntries} entrées au plus`),
    footer: z.array(footerColumnSchema).max(STRUCTURE_LIMITS.footerColumns, `${STRUCTURE_LIMITS.footerColumns} colonnes au plus`),
    settings: settingsInputSchema,
    /** Pending title, address and description changes, by page id then language; applied on publication. */
    pages: z
      .record(pageId, z.strictObject({ fr: pageMetaSchema.optional(), en: pageMetaSchema.optional() }))
      .refine((r) => Object.keys(r).length <= STRUCTURE_LIMITS.pageEdits, `${STRUCTURE_LIMITS.pageEdits} pages modifiées au plus`),
  })
  .superRefine((s, ctx) => {
    const total = s.menu.reduce((n, e) => n + 1 + e.children.length, 0);
    if (total > STRUCTURE_LIMITS.menuTotal)
      ctx.addIssue({ code: "custom", path: ["menu"], message: `le menu compte ${STRUCTURE_LIMITS.menuTotal} entrées au plus, sous-menus compris` });
    const ids = new Set<string>();
    const all = [...s.menu.flatMap((e) => [e.id, ...e.children.map((c) => c.id)]), ...s.footer.flatMap((c) => [c.id, ...c.links.map((l) => l.id)])];
    for (const id of all) {
      if (ids.has(id)) ctx.addIssue({ code: "custom", path: ["menu"], message: `identifiant d'entrée en double (${id})` });
      ids.add(id);
    }
  });
export type SiteStructure = z.infer<typeof structureSchema>;

/** PUT /api/site-structure: the whole draft, with the version it was based on. */
export const saveStructureSchema = z.strictObject({ version: z.number().int().min(0), structure: structureSchema });
export const publishStructureSchema = z.strictObject({ version: z.number().int().min(0) });
/** POST /api/site-structure/revisions/:id/restore: the draft's version the restore is based on. */
export const restoreRevisionSchema = z.strictObject({ version: z.number().int().min(0) });

/** Today's menu and footer (seed 000 §2), the structure until an admin publishes another. */
export function defaultStructure(settings: SiteSettings): SiteStructure {
  const sys = (key: RouteKey): StructureLink => ({ type: "system", key });
  const l = (fr: string, en: string) => ({ fr, en });
  // The four solutions are both a sub-menu and a footer column; the footer's ids carry "f-" (ids are unique).
  const solutions = (idPrefix: string) => [
    { id: `${idPrefix}social`, label: l("Marketing 360", "360 Marketing"), link: sys("social") },
    { id: `${idPrefix}booking`, label: l("Réservation", "Booking"), link: sys("booking") },
    { id: `${idPrefix}website`, label: l("Site web", "Website"), link: sys("website") },
    { id: `${idPrefix}click-collect`, label: l("Click & Collect", "Click & Collect"), link: sys("clickCollect") },
  ];
  return {
    menu: [
      { id: "home", label: l("Accueil", "Home"), link: sys("home"), children: [] },
      {
        id: "solutions",
        label: l("Solutions", "Solutions"),
        link: null,
        children: solutions(""),
      },
      { id: "blog", label: l("Blog", "Blog"), link: sys("blog"), children: [] },
      { id: "offers", label: l("Offres", "Offers"), link: sys("offers"), children: [] },
      { id: "partners", label: l("Partenaires", "Partners"), link: sys("partners"), children: [] },
      { id: "recruitment", label: l("Recrutement", "Recruitment"), link: sys("recruitment"), children: [] },
    ],
    footer: [
      {
        id: "footer-solutions",
        title: l("Solutions", "Solutions"),
        links: solutions("f-"),
      },
      {
        id: "footer-company",
        title: l("Entreprise", "Company"),
        links: [
          { id: "f-offers", label: l("Offres", "Offers"), link: sys("offers") },
          { id: "f-partners", label: l("Partenaires", "Partners"), link: sys("partners") },
          { id: "f-contact", label: l("Nous contacter", "Contact us"), link: sys("contact") },
        ],
      },
      {
        id: "footer-legal",
        title: l("Informations légales", "Legal"),
        links: [
          { id: "f-legal", label: l("Mentions légales", "Legal notice"), link: sys("legal") },
          { id: "f-privacy", label: l("Politique de confidentialité", "Privacy policy"), link: sys("privacy") },
        ],
      },
    ],
    settings,
    pages: {},
  };
}
