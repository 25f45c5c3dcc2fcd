import { colorRef } from "~/lib/design/tokens";
import { doc, row, text } from "~/lib/document/build";
import type { PageDocument, PageElement } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import type { SeedPage } from "../types";
import {
  bandLink,
  BG,
  checks,
  ctaBand,
  EMAIL,
  eyebrow,
  faq,
  featureRows,
  gap,
  h1,
  h2,
  heroBlock,
  ICONS,
  intro,
  lead,
  primary,
  rule,
  section,
  small,
  to,
} from "./kit";

interface Plan {
  name: string;
  tagline: string;
  price: string;
  unit: string;
  setup: string;
  points: string[];
  subscribe: string;
  featured?: string;
}
interface OffersCopy {
  kicker: string;
  title: string;
  lead: string;
  plans: Plan[];
  note: string;
  included: { kicker: string; title: string; lead: string; items: { icon: string; title: string; text: string }[] };
  extras: { kicker: string; title: string; lead: string; items: string[] };
  faq: { kicker: string; title: string; items: { q: string; a: string }[] };
  closing: { title: string; text: string; cta: string };
}

const planColumn =
  (lang: Lang) =>
  (p: Plan): [number, PageElement[]] => {
    const els: PageElement[] = [];
    els.push(
      text(`<p>${p.featured ?? "&nbsp;"}</p>`, {
        styles: p.featured
          ? {
              backgroundColor: colorRef("brand"),
              color: colorRef("ink"),
              fontSize: "13px",
              fontWeight: "700",
              letterSpacing: "0.06em",
              textTransform: "uppercase",
              padding: "4px 12px",
              borderRadius: "9999px",
              maxWidth: "fit-content",
            }
          : { fontSize: "13px", padding: "4px 0" },
      }),
    );
    els.push(
      h2(p.name, {
        fontSize: "26px",
        fontWeight: "800",
        borderTop: p.featured ? `4px solid ${colorRef("brand")}` : "4px solid var(--border)",
        paddingTop: "20px",
      }),
      small(`<p>${p.tagline}</p>`),
      text(`<p>${p.price}</p>`, { styles: { fontSize: "44px", fontWeight: "800", lineHeight: "1.1", letterSpacing: "-0.02em" } }),
      small(`<p>${p.unit}<br>${p.setup}</p>`, { marginTop: "-8px" }),
      checks(p.points, { fontSize: "16px" }),
      // A call to subscribe is a button (one style per kind of action: "read more" links under cards, buttons to act).
      primary(p.subscribe, `${to("contact", lang)}?offre=${OFFER_KEYS[p.name] ?? ""}`),
    );
    return [4, els];
  };
/** Each plan's "Souscrire" opens the contact form with that plan chosen (?offre=…, see contact/schema.ts). */
const OFFER_KEYS: Record<string, string> = { Essentiel: "essentiel", Croissance: "croissance", Growth: "croissance", Essentials: "essentiel", "360": "360" };

function offersDoc(lang: Lang, c: OffersCopy): PageDocument {
  return doc(
    heroBlock(BG.accent, row([9, [eyebrow(c.kicker), h1(c.title), lead(`<p>${c.lead}</p>`)]])),
    section(BG.plain, row(...c.plans.map(planColumn(lang))), row([12, [gap("16px"), rule(), small(`<p>${c.note}</p>`)]])),
    section(BG.alt, intro(c.included.kicker, c.included.title, `<p>${c.included.lead}</p>`), ...featureRows(c.included.items)),
    section(BG.plain, row([6, [eyebrow(c.extras.kicker), h2(c.extras.title), lead(`<p>${c.extras.lead}</p>`)]], [6, [gap("8px"), checks(c.extras.items)]])),
    section(BG.teal, intro(c.faq.kicker, c.faq.title), ...faq(c.faq.items)),
    ctaBand(c.closing.title, `<p>${c.closing.text}</p><p>${bandLink(`mailto:${EMAIL}`, EMAIL)}</p>`, c.closing.cta, to("blog", lang)),
  );
}

export const offersPage: SeedPage = {
  kind: "system",
  systemKey: "offers",
  fr: {
    slug: to("offers", "fr"),
    title: "Offres et tarifs : à partir de 49 € HT par mois",
    description:
      "Essentiel, Croissance ou 360 : trois abonnements mensuels sans commission sur vos ventes, mise en service et accompagnement compris. Comparez nos offres.",
    image: "/media/seed/accueil-hero.jpg",
    doc: offersDoc("fr", {
      kicker: "Offres et tarifs",
      title: "Trois offres claires, sans commission sur vos ventes",
      lead: "Un abonnement mensuel fixe qui comprend la mise en place, les outils, l'hébergement et un conseiller dédié. Vous commencez petit et vous évoluez quand vous voulez.",
      plans: [
        {
          name: "Essentiel",
          tagline: "Pour démarrer avec un outil qui change le quotidien.",
          price: "49 €",
          unit: "HT par mois",
          setup: "Mise en service offerte",
          points: [
            "Réservation en ligne ou click & collect, au choix",
            "Import de vos données et formation de l'équipe",
            "300 SMS de rappel ou de notification par mois",
            "Bouton sur votre fiche Google et vos réseaux",
            "Support par e-mail sous 24 h ouvrées",
          ],
          subscribe: "Souscrire à Essentiel",
        },
        {
          name: "Croissance",
          tagline: "Pour être trouvé, choisi et réservé en ligne.",
          price: "129 €",
          unit: "HT par mois",
          setup: "Mise en service : 390 € HT",
          featured: "Le plus choisi",
          points: [
            "Tout Essentiel, réservation et click & collect inclus",
            "Site web jusqu'à 8 pages, domaine et hébergement",
            "Optimisation et suivi de votre fiche Google",
            "Rapport mensuel et point téléphonique",
            "Support par téléphone et WhatsApp",
          ],
          subscribe: "Souscrire à Croissance",
        },
        {
          name: "360",
          tagline: "Pour confier toute votre communication en ligne.",
          price: "290 €",
          unit: "HT par mois",
          setup: "Mise en service : 690 € HT",
          points: [
            "Tout Croissance, sans exception",
            "Marketing 360 : 12 publications par mois sur deux réseaux",
            "Gestion des avis Google et des messages",
            "Campagnes publicitaires locales pilotées",
            "Séance photo trimestrielle et atelier stratégie",
          ],
          subscribe: "Souscrire à 360",
        },
      ],
      note: "Engagement initial de 6 mois, puis résiliable à tout moment avec un mois de préavis. Prix hors taxes, TVA de 20 % en sus. Frais bancaires du paiement en ligne et budget publicitaire non inclus.",
      included: {
        kicker: "Dans toutes les offres",
        title: "Ce qui est toujours compris",
        lead: "Quelle que soit l'offre, vous bénéficiez du même sérieux et des mêmes garanties.",
        items: [
          {
            icon: ICONS.handshake,
            title: "Un conseiller dédié",
            text: "Une seule personne qui connaît votre commerce, joignable directement, du lancement au suivi.",
          },
          {
            icon: ICONS.shield,
            title: "Hébergement en France",
            text: "Données hébergées en France, sauvegardées chaque jour et protégées conformément au RGPD.",
          },
          {
            icon: ICONS.card,
            title: "Zéro commission",
            text: "Nous ne prélevons rien sur vos ventes ni sur vos rendez-vous : votre chiffre d'affaires reste le vôtre.",
          },
          {
            icon: ICONS.users,
            title: "Formation de l'équipe",
            text: "Une séance de prise en main pour vous et vos collaborateurs, puis des guides courts en vidéo.",
          },
          {
            icon: ICONS.box,
            title: "Vos données, exportables",
            text: "Clients, rendez-vous, commandes : tout s'exporte en un clic, même si vous nous quittez.",
          },
          { icon: ICONS.repeat, title: "Évolution libre", text: "Passez à l'offre supérieure à tout moment ; la différence de mise en service est déduite." },
        ],
      },
      extras: {
        kicker: "Options",
        title: "À la carte, selon vos besoins",
        lead: "Quelques options ponctuelles pour compléter votre offre, facturées une seule fois.",
        items: [
          "Séance photo en boutique (2 h, 25 photos retouchées) : 290 € HT",
          "Page supplémentaire sur votre site : 150 € HT",
          "Version anglaise du site : 190 € HT",
          "Pack de 500 SMS supplémentaires : 35 € HT",
          "Affichettes et cartes avec QR code de réservation : 90 € HT",
        ],
      },
      faq: {
        kicker: "Questions fréquentes",
        title: "Tout savoir avant de souscrire",
        items: [
          {
            q: "Comment se passe le paiement ?",
            a: "Par prélèvement SEPA mensuel, à terme échu. La mise en service est facturée à la signature, payable en trois fois sans frais.",
          },
          { q: "Puis-je changer d'offre ?", a: "Oui, à tout moment et sans pénalité. Le passage à une offre supérieure est effectif sous 48 h." },
          {
            q: "Que se passe-t-il à la fin de l'engagement ?",
            a: "L'abonnement continue de mois en mois. Vous pouvez l'arrêter avec un mois de préavis, par simple e-mail.",
          },
          {
            q: "Proposez-vous des tarifs pour plusieurs boutiques ?",
            a: "Oui : à partir de deux établissements, nous établissons un devis avec une remise sur chaque boutique supplémentaire.",
          },
        ],
      },
      closing: {
        title: "Besoin d'un conseil pour choisir ?",
        text: "Nos articles vous aident à y voir clair, et notre équipe répond à toutes vos questions :",
        cta: "Lire nos conseils",
      },
    }),
  },
  en: {
    slug: to("offers", "en"),
    title: "Plans and pricing: from £45 a month",
    description:
      "Essentials, Growth or 360: three monthly plans with no commission on your sales, set-up and support included. Compare Archimed's plans and pick yours.",
    image: "/media/seed/accueil-hero.jpg",
    doc: offersDoc("en", {
      kicker: "Plans and pricing",
      title: "Three clear plans, no commission on your sales",
      lead: "One fixed monthly fee covering set-up, tools, hosting and a dedicated account manager. Start small and step up whenever you like.",
      plans: [
        {
          name: "Essentials",
          tagline: "Start with one tool that changes your day.",
          price: "£45",
          unit: "per month, excluding VAT",
          setup: "Free set-up",
          points: [
            "Online booking or click & collect, your choice",
            "Data import and team training",
            "300 reminder or notification texts a month",
            "Button on your Google profile and social accounts",
            "Email support within one working day",
          ],
          subscribe: "Sign up for Essentials",
        },
        {
          name: "Growth",
          tagline: "Get found, chosen and booked online.",
          price: "£115",
          unit: "per month, excluding VAT",
          setup: "Set-up: £350 excluding VAT",
          featured: "Most popular",
          points: [
            "Everything in Essentials, booking and click & collect included",
            "Website of up to 8 pages, with domain and hosting",
            "Google profile optimisation and upkeep",
            "Monthly report and catch-up call",
            "Phone and WhatsApp support",
          ],
          subscribe: "Sign up for Growth",
        },
        {
          name: "360",
          tagline: "Hand over your whole online presence.",
          price: "£259",
          unit: "per month, excluding VAT",
          setup: "Set-up: £620 excluding VAT",
          points: [
            "Everything in Growth, no exceptions",
            "360 Marketing: 12 posts a month across two platforms",
            "Google reviews and messages handled for you",
            "Local ad campaigns managed end to end",
            "Quarterly photo shoot and strategy workshop",
          ],
          subscribe: "Sign up for 360",
        },
      ],
      note: "Six-month minimum term, then cancel any time with one month's notice. Prices exclude VAT, charged at 20%. Card processing fees and ad spend are not included.",
      included: {
        kicker: "In every plan",
        title: "What's always included",
        lead: "Whichever plan you choose, you get the same care and the same guarantees.",
        items: [
          {
            icon: ICONS.handshake,
            title: "A dedicated account manager",
            text: "One person who knows your business and picks up the phone, from launch onwards.",
          },
          { icon: ICONS.shield, title: "Secure European hosting", text: "Data hosted in France, backed up daily and protected in line with UK and EU GDPR." },
          { icon: ICONS.card, title: "Zero commission", text: "We take nothing from your sales or your bookings: your revenue stays yours." },
          { icon: ICONS.users, title: "Team training", text: "A hands-on session for you and your staff, followed by short video guides." },
          { icon: ICONS.box, title: "Your data, exportable", text: "Customers, appointments, orders: export everything in one click, even if you leave us." },
          { icon: ICONS.repeat, title: "Upgrade any time", text: "Move up a plan whenever you like; what you've already paid for set-up is deducted." },
        ],
      },
      extras: {
        kicker: "Add-ons",
        title: "Extras, as and when you need them",
        lead: "A few one-off options to round off your plan, each billed once.",
        items: [
          "In-store photo shoot (2 hours, 25 edited photos): £260 excluding VAT",
          "Extra page on your website: £130 excluding VAT",
          "French version of your website: £170 excluding VAT",
          "Bundle of 500 extra texts: £30 excluding VAT",
          "Posters and cards with a booking QR code: £80 excluding VAT",
        ],
      },
      faq: {
        kicker: "FAQ",
        title: "Good to know before you sign up",
        items: [
          {
            q: "How do I pay?",
            a: "By monthly Direct Debit, in arrears. The set-up fee is invoiced when you sign and can be spread over three months at no extra cost.",
          },
          { q: "Can I switch plans?", a: "Yes, at any time and with no penalty. Upgrades take effect within 48 hours." },
          { q: "What happens after the minimum term?", a: "Your plan simply rolls on monthly. Cancel with one month's notice by sending us an email." },
          { q: "Do you offer pricing for several shops?", a: "Yes: from two locations upwards we'll send a quote with a discount on each additional shop." },
        ],
      },
      closing: {
        title: "Not sure which plan fits?",
        text: "Our articles help you weigh things up, and our team is happy to answer any question:",
        cta: "Read our advice",
      },
    }),
  },
};
