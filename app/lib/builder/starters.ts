import { colorRef } from "~/lib/design/tokens";
import {
  BG,
  cardText,
  ctaBand,
  eyebrow,
  featureRows,
  h1,
  heroBlock,
  heroPicture,
  ICONS,
  intro,
  lead,
  primary,
  secondary,
  section,
  checks,
  h2,
  small,
  to,
  rule,
  gap,
} from "~/lib/content/seed/pages/kit";
import type { Lang } from "~/lib/i18n/routes";
import { row } from "~/lib/document/build";
import { withDesignPresets } from "~/lib/design/migrate-document";
import type { Block } from "~/lib/document/schema";

/**
 * Starting layouts for a new page (issue 11 §6), written with the seeded pages' own vocabulary
 * (content/seed/pages/kit.ts: spacing, type scale, buttons, cards, bands), so a page started from them
 * looks like the rest of the site. Each gives fresh ids; the text is a placeholder to replace.
 */
export type StarterKey = "hero" | "features" | "pricing" | "testimonials" | "contact";

const STARTER_LABELS: Record<StarterKey, string> = {
  hero: "Accueil (titre, accroche, boutons, image)",
  features: "Atouts (trois colonnes avec icônes)",
  pricing: "Tarifs (trois offres)",
  testimonials: "Témoignages (trois avis)",
  contact: "Bandeau de contact",
};
export const STARTER_KEYS = Object.keys(STARTER_LABELS) as StarterKey[];

const t = (lang: Lang, fr: string, en: string) => (lang === "en" ? en : fr);

const STARTERS: Record<StarterKey, (lang: Lang) => Block> = {
  hero: (lang) =>
    heroBlock(
      BG.accent,
      row(
        [
          7,
          [
            eyebrow(t(lang, "Votre accroche", "Your tagline")),
            h1(t(lang, "Un titre qui dit ce que vous proposez", "A headline that says what you offer")),
            lead(
              t(
                lang,
                "<p>Une phrase pour dire à qui vous vous adressez et ce que vous leur apportez.</p>",
                "<p>One sentence for whom it is and why it helps them.</p>",
              ),
            ),
            primary(t(lang, "Nous contacter", "Contact us"), to("contact", lang)),
            secondary(t(lang, "Voir les offres", "See the offers"), to("offers", lang)),
          ],
        ],
        [5, heroPicture("/media/seed/accueil-hero.jpg", t(lang, "Décrivez l'image", "Describe the picture"))],
      ),
    ),
  features: (lang) =>
    section(
      BG.plain,
      intro(t(lang, "Nos atouts", "Why us"), t(lang, "Trois raisons de travailler avec nous", "Three reasons to work with us")),
      ...featureRows([
        {
          icon: ICONS.zap,
          title: t(lang, "Premier atout", "First strength"),
          text: t(lang, "Une ou deux phrases pour l'expliquer.", "One or two sentences to explain it."),
        },
        {
          icon: ICONS.shield,
          title: t(lang, "Deuxième atout", "Second strength"),
          text: t(lang, "Une ou deux phrases pour l'expliquer.", "One or two sentences to explain it."),
        },
        {
          icon: ICONS.heart,
          title: t(lang, "Troisième atout", "Third strength"),
          text: t(lang, "Une ou deux phrases pour l'expliquer.", "One or two sentences to explain it."),
        },
      ]),
    ),
  pricing: (lang) => {
    const plan = (name: string, price: string, featured: boolean) => [
      h2(name, { fontSize: "26px", fontWeight: "800", borderTop: featured ? `4px solid ${colorRef("brand")}` : "4px solid var(--border)", paddingTop: "20px" }),
      cardText(`<p>${price}</p>`, { fontSize: "44px", fontWeight: "800", lineHeight: "1.1", padding: "0px", border: "none", backgroundColor: "transparent" }),
      small(t(lang, "<p>HT par mois</p>", "<p>per month, excl. VAT</p>")),
      checks([t(lang, "Premier avantage", "First benefit"), t(lang, "Deuxième avantage", "Second benefit"), t(lang, "Troisième avantage", "Third benefit")], {
        fontSize: "16px",
      }),
      primary(t(lang, "Choisir cette offre", "Choose this plan"), to("contact", lang)),
    ];
    return section(
      BG.plain,
      intro(t(lang, "Offres et tarifs", "Plans and pricing"), t(lang, "Des offres claires", "Clear plans")),
      row(
        [4, plan(t(lang, "Essentiel", "Essentials"), "49 €", false)],
        [4, plan(t(lang, "Croissance", "Growth"), "99 €", true)],
        [4, plan("360", "199 €", false)],
      ),
      row([12, [gap("16px"), rule(), small(t(lang, "<p>Sans engagement. Mise en service comprise.</p>", "<p>No commitment. Set-up included.</p>"))]]),
    );
  },
  testimonials: (lang) => {
    const quote = (who: string) =>
      cardText(
        t(
          lang,
          `<p>« Ce que ce client dit de votre travail, en deux ou trois phrases. »</p><p><strong>${who}</strong></p>`,
          `<p>“What this client says about your work, in two or three sentences.”</p><p><strong>${who}</strong></p>`,
        ),
      );
    return section(
      BG.alt,
      intro(t(lang, "Témoignages", "Testimonials"), t(lang, "Ils nous font confiance", "They trust us")),
      row(
        [4, [quote(t(lang, "Prénom Nom, métier", "Name, trade"))]],
        [4, [quote(t(lang, "Prénom Nom, métier", "Name, trade"))]],
        [4, [quote(t(lang, "Prénom Nom, métier", "Name, trade"))]],
      ),
    );
  },
  contact: (lang) =>
    ctaBand(
      t(lang, "Parlons de votre projet", "Let's talk about your project"),
      t(lang, "<p>Un conseiller vous rappelle sous 24 heures, sans engagement.</p>", "<p>An advisor calls you back within 24 hours, with no commitment.</p>"),
      t(lang, "Nous contacter", "Contact us"),
      to("contact", lang),
    ),
};

/** The layout with its sizes and spacings as the design's named steps, as the seeded pages are stored. */
export function starterBlock(key: StarterKey, lang: Lang): Block {
  return withDesignPresets({ blocks: [STARTERS[key](lang)] }).blocks[0];
}
