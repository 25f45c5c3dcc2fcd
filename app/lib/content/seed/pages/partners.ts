import { doc, row } from "~/lib/document/build";
import type { PageDocument, PageElement } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import type { SeedPage } from "../types";
import { BG, cardText, checks, ctaBand, EMAIL, eyebrow, featureRows, gap, h1, h2, heroBlock, ICONS, intro, lead, heroPicture, section, small, to } from "./kit";

interface PartnersCopy {
  kicker: string;
  title: string;
  lead: string;
  heroAlt: string;
  tech: { kicker: string; title: string; lead: string; items: { icon: string; title: string; text: string }[] };
  local: { kicker: string; title: string; lead: string; items: { name: string; place: string; text: string }[] };
  join: { kicker: string; title: string; text: string; points: string[]; contact: string };
  closing: { title: string; text: string; cta: string };
}

function partnersDoc(lang: Lang, c: PartnersCopy): PageDocument {
  const local = c.local.items.map((p): [number, PageElement[]] => [4, [cardText(`<h3>${p.name}</h3><p><em>${p.place}</em></p><p>${p.text}</p>`)]]);
  return doc(
    heroBlock(BG.teal, row([6, [eyebrow(c.kicker), h1(c.title), lead(`<p>${c.lead}</p>`)]], [6, heroPicture("/media/seed/partenaires-reseau.jpg", c.heroAlt)])),
    section(BG.plain, intro(c.tech.kicker, c.tech.title, `<p>${c.tech.lead}</p>`), ...featureRows(c.tech.items)),
    section(BG.alt, intro(c.local.kicker, c.local.title, `<p>${c.local.lead}</p>`), row(...local.slice(0, 3)), row([12, [gap("8px")]]), row(...local.slice(3))),
    section(
      BG.plain,
      row(
        [6, [eyebrow(c.join.kicker), h2(c.join.title), lead(`<p>${c.join.text}</p>`)]],
        [6, [gap("8px"), checks(c.join.points), small(`<p>${c.join.contact} <a href="mailto:${EMAIL}">${EMAIL}</a></p>`)]],
      ),
    ),
    ctaBand(c.closing.title, `<p>${c.closing.text}</p>`, c.closing.cta, to("offers", lang)),
  );
}

export const partnersPage: SeedPage = {
  kind: "system",
  systemKey: "partners",
  fr: {
    slug: to("partners", "fr"),
    title: "Nos partenaires technologiques et locaux",
    description:
      "Paiement, caisse, SMS, livraison à vélo, photographes et imprimeurs : découvrez les partenaires avec qui Archimed accompagne les commerces de proximité.",
    image: "/media/seed/partenaires-reseau.jpg",
    doc: partnersDoc("fr", {
      kicker: "Partenaires",
      title: "Un réseau de partenaires au service de votre commerce",
      lead: "Nous sélectionnons des outils fiables et des artisans du numérique proches de chez vous. Vous gardez un seul interlocuteur : nous coordonnons le reste.",
      heroAlt: "Schéma d'un réseau de partenaires technologiques et locaux reliés à Archimed",
      tech: {
        kicker: "Partenaires technologiques",
        title: "Des briques solides, choisies pour durer",
        lead: "Chaque partenaire est testé chez nos clients pendant au moins six mois avant d'être recommandé.",
        items: [
          {
            icon: ICONS.card,
            title: "Versa Paiements",
            text: "Établissement de paiement agréé en France : cartes, Apple Pay et Google Pay pour la réservation et le click & collect, fonds versés sous 48 h.",
          },
          {
            icon: ICONS.store,
            title: "Tiquet Caisse",
            text: "Logiciel de caisse certifié NF525. Synchronisation des stocks et des ventes avec votre boutique en ligne, sans double saisie.",
          },
          {
            icon: ICONS.message,
            title: "Relais SMS",
            text: "Opérateur SMS français pour les rappels de rendez-vous et les avis de commande prête, avec gestion automatique des désinscriptions.",
          },
          {
            icon: ICONS.cloud,
            title: "Hébergement souverain",
            text: "Sites et données hébergés en France dans des centres de données certifiés, sauvegardés chaque nuit sur un second site.",
          },
          {
            icon: ICONS.pin,
            title: "Cyclo Express",
            text: "Coursiers à vélo à Paris, Lyon et Nantes pour la livraison locale des commandes click & collect, en moins de deux heures.",
          },
          {
            icon: ICONS.mail,
            title: "Postale Pro",
            text: "Adresses e-mail professionnelles à votre nom de domaine, avec filtre anti-spam et archivage, incluses dans l'offre Croissance.",
          },
        ],
      },
      local: {
        kicker: "Partenaires locaux",
        title: "Des professionnels près de chez vous",
        lead: "Photographes, imprimeurs, experts-comptables et associations de commerçants : ils connaissent votre quartier aussi bien que vous.",
        items: [
          {
            name: "Studio Lumen",
            place: "Photographe, Paris 11e",
            text: "Photos de produits, de plats et d'équipes, prises en boutique à la lumière naturelle. Partenaire de nos séances trimestrielles.",
          },
          {
            name: "Imprimerie des Batignolles",
            place: "Imprimeur, Paris 17e",
            text: "Affichettes, cartes de fidélité et flyers avec QR code de réservation, imprimés sur papier recyclé et livrés en 72 h.",
          },
          {
            name: "Berthier & Associés",
            place: "Expert-comptable, Lyon 2e",
            text: "Accompagne les indépendants sur la facturation en ligne, la caisse et le rapprochement des paiements.",
          },
          {
            name: "Collectif Commerces du 10e",
            place: "Association de commerçants, Paris",
            text: "Ateliers gratuits sur le numérique, animés avec nous chaque trimestre pour les commerçants du quartier.",
          },
          {
            name: "Atelier Vitrine",
            place: "Décoratrice de vitrines, Nantes",
            text: "Met en scène vos vitrines au rythme des saisons, en cohérence avec vos publications sur les réseaux sociaux.",
          },
          {
            name: "Les Halles Connectées",
            place: "Réseau de marchés couverts, Lyon",
            text: "Programme commun pour ouvrir le click & collect aux commerçants des halles et mutualiser les retraits.",
          },
        ],
      },
      join: {
        kicker: "Devenir partenaire",
        title: "Vous accompagnez aussi les indépendants ?",
        text: "Nous cherchons régulièrement des photographes, imprimeurs, coursiers et éditeurs de logiciels qui partagent notre exigence de simplicité.",
        points: [
          "Des clients recommandés, sans commission à reverser",
          "Des projets coordonnés par un chef de projet unique",
          "Des ateliers communs auprès des associations de commerçants",
        ],
        contact: "Présentez-vous en quelques lignes à",
      },
      closing: {
        title: "Un seul interlocuteur pour tout coordonner",
        text: "Quel que soit le partenaire mobilisé, votre conseiller Archimed reste votre point de contact. Chaque offre précise ce qui est compris, sans surprise.",
        cta: "Voir les offres",
      },
    }),
  },
  en: {
    slug: to("partners", "en"),
    title: "Our technology and local partners",
    description:
      "Payments, tills, text messaging, bike couriers, photographers and printers: meet the partners who help Archimed support independent local businesses.",
    image: "/media/seed/partenaires-reseau.jpg",
    doc: partnersDoc("en", {
      kicker: "Partners",
      title: "A network of partners working for your business",
      lead: "We choose dependable tools and local specialists near you. You still deal with one team: we coordinate everything else.",
      heroAlt: "Diagram of technology and local partners connected to Archimed",
      tech: {
        kicker: "Technology partners",
        title: "Solid building blocks, chosen to last",
        lead: "Every partner is tested with our own clients for at least six months before we recommend them.",
        items: [
          {
            icon: ICONS.card,
            title: "Versa Payments",
            text: "A regulated payment provider handling cards, Apple Pay and Google Pay for bookings and click & collect, with payouts within 48 hours.",
          },
          {
            icon: ICONS.store,
            title: "Tiquet POS",
            text: "Till software that keeps stock and sales in sync with your online shop, so nothing is typed twice.",
          },
          {
            icon: ICONS.message,
            title: "Relay SMS",
            text: "A European text messaging provider for appointment reminders and order-ready alerts, with opt-outs handled automatically.",
          },
          {
            icon: ICONS.cloud,
            title: "European hosting",
            text: "Websites and data hosted in certified data centres in France, backed up every night to a second site.",
          },
          {
            icon: ICONS.pin,
            title: "Pedal Post",
            text: "Bike couriers in London, Bristol and Manchester delivering click & collect orders locally in under two hours.",
          },
          {
            icon: ICONS.mail,
            title: "Postale Pro",
            text: "Professional email addresses on your own domain, with spam filtering and archiving, included in the Growth plan.",
          },
        ],
      },
      local: {
        kicker: "Local partners",
        title: "Specialists close to you",
        lead: "Photographers, printers, accountants and traders' associations who know your area as well as you do.",
        items: [
          {
            name: "Lumen Studio",
            place: "Photographer, Hackney",
            text: "Product, food and team photos shot in store in natural light. The partner behind our quarterly photo shoots.",
          },
          {
            name: "Brightline Print",
            place: "Printer, Clerkenwell",
            text: "Counter cards, loyalty cards and flyers with booking QR codes, printed on recycled stock and delivered within 72 hours.",
          },
          { name: "Holloway & Finch", place: "Accountants, Bristol", text: "Help independents with online invoicing, tills and reconciling card payments." },
          {
            name: "Old Street Traders",
            place: "Traders' association, London",
            text: "Free digital skills workshops for local shopkeepers, which we run together every quarter.",
          },
          { name: "Window Works", place: "Window dresser, Manchester", text: "Seasonal window displays that match what you're posting on social media." },
          {
            name: "Market Hall Collective",
            place: "Covered markets network, Paris and London",
            text: "A joint programme bringing click & collect to market traders, with shared pickup points.",
          },
        ],
      },
      join: {
        kicker: "Become a partner",
        title: "Do you work with independent businesses too?",
        text: "We're always keen to meet photographers, printers, couriers and software makers who care about simplicity as much as we do.",
        points: [
          "Client referrals, with no commission to pay back",
          "Projects coordinated by a single project manager",
          "Joint workshops with local traders' associations",
        ],
        contact: "Introduce yourself in a few lines at",
      },
      closing: {
        title: "One team to coordinate it all",
        text: "Whichever partner is involved, your Archimed account manager stays your point of contact. Every plan spells out exactly what's included.",
        cta: "See our plans",
      },
    }),
  },
};
