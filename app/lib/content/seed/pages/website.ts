import { row } from "~/lib/document/build";
import type { SeedPage } from "../types";
import { BG, grid, ICONS, intro, section, to } from "./kit";
import { solutionDoc } from "./solution";

export const websitePage: SeedPage = {
  kind: "system",
  systemKey: "website",
  fr: {
    slug: to("website", "fr"),
    title: "Création de site web pour commerces de proximité",
    description:
      "Un site rapide, beau sur mobile et bien placé sur Google, que vous modifiez vous-même : Archimed conçoit le site vitrine de votre commerce en 3 semaines.",
    image: "/media/seed/site-web-maquette.jpg",
    doc: solutionDoc("fr", {
      kicker: "Solution site web",
      title: "Un site qui donne envie de pousser votre porte",
      lead: "Nous concevons un site vitrine rapide, clair sur mobile et pensé pour Google, avec vos photos, vos horaires et un bouton pour réserver ou commander. Et vous le modifiez vous-même, sans nous appeler.",
      cta: "Voir les offres site web",
      reassurance: "En ligne en 3 semaines, nom de domaine et hébergement compris.",
      hero: { url: "/media/seed/site-web-maquette.jpg", alt: "Maquette de site vitrine affichée sur un ordinateur portable et sur un smartphone" },
      problems: {
        kicker: "Ce que nous réglons",
        title: "Votre vitrine en ligne travaille-t-elle pour vous ?",
        items: [
          {
            title: "Un site daté qui ne rassure pas",
            text: "Un site lent, illisible sur téléphone ou aux horaires périmés fait fuir avant même la première visite en boutique.",
          },
          {
            title: "Introuvable sur Google",
            text: "Quand on cherche « fleuriste Paris 11 », ce sont vos concurrents qui apparaissent. Sans site bien construit, votre fiche Google manque d'appui.",
          },
          { title: "Impossible à mettre à jour", text: "Changer un prix ou une photo demande de rappeler le prestataire, et finalement on ne le fait plus." },
        ],
      },
      features: {
        kicker: "Ce que comprend votre site",
        title: "Un site complet, livré clé en main",
        lead: "Conception, rédaction, mise en ligne et suivi : vous validez chaque étape, nous nous occupons du reste.",
        items: [
          {
            icon: ICONS.phone,
            title: "Pensé d'abord pour le mobile",
            text: "Sept visiteurs sur dix arrivent depuis un téléphone. Chaque page est conçue pour un pouce, puis adaptée aux grands écrans.",
          },
          {
            icon: ICONS.zap,
            title: "Rapide, vraiment",
            text: "Pages légères, images optimisées, hébergement en France : votre site s'affiche en moins de deux secondes, même en 4G.",
          },
          {
            icon: ICONS.search,
            title: "Référencement local",
            text: "Balises, données structurées, fiche Google reliée et textes écrits pour les recherches de votre quartier.",
          },
          {
            icon: ICONS.edit,
            title: "Éditeur visuel simple",
            text: "Vous changez un texte, une photo ou un horaire directement sur la page, en français, depuis votre ordinateur ou votre téléphone.",
          },
          {
            icon: ICONS.link,
            title: "Réservation et commande intégrées",
            text: "Le site se branche sur nos modules de réservation et de click & collect : un seul outil, une seule facture.",
          },
          {
            icon: ICONS.shield,
            title: "Sécurité et sauvegardes",
            text: "Certificat HTTPS, mises à jour, sauvegardes quotidiennes et bandeau cookies conforme : nous veillons sur tout.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        intro("Réalisations", "Quelques sites récents", "<p>Chaque commerce a son caractère : nous partons de votre identité, pas d'un modèle générique.</p>"),
        row([
          12,
          [
            grid([
              { url: "/media/seed/site-boulangerie.jpg", alt: "Site d'une boulangerie artisanale aux tons chauds, avec ses pains et viennoiseries" },
              { url: "/media/seed/site-salon.jpg", alt: "Site d'un salon de coiffure avec bouton de prise de rendez-vous" },
              { url: "/media/seed/site-restaurant.jpg", alt: "Site d'un restaurant de quartier avec sa carte et la réservation de table" },
              { url: "/media/seed/site-fleuriste.jpg", alt: "Site d'un fleuriste présentant ses bouquets de saison" },
            ]),
          ],
        ]),
      ),
      how: {
        kicker: "Notre méthode",
        title: "Trois semaines, trois étapes",
        items: [
          {
            title: "Atelier de cadrage",
            text: "Une heure ensemble pour comprendre vos clients, vos atouts et ce que le site doit provoquer : un appel, une visite, une réservation.",
          },
          {
            title: "Maquette et textes",
            text: "Nous proposons une maquette et rédigeons les contenus. Deux allers-retours sont prévus pour que tout vous ressemble.",
          },
          {
            title: "Mise en ligne et formation",
            text: "Nous publions le site, relions Google et vos réseaux, puis vous montrons comment le faire vivre en 30 minutes.",
          },
        ],
      },
      pricing: {
        kicker: "Tarifs",
        title: "Site inclus dès l'offre Croissance",
        text: "Le site web fait partie des offres Croissance (129 € HT par mois) et 360. Conception, hébergement, nom de domaine, maintenance et petites évolutions sont compris.",
        points: [
          "Nom de domaine et adresses e-mail professionnelles inclus",
          "Jusqu'à 8 pages, en français et en anglais si besoin",
          "Une demi-journée d'évolutions par trimestre",
        ],
        cta: "Voir le détail des offres",
      },
      faq: {
        kicker: "Questions fréquentes",
        title: "Avant de vous lancer",
        items: [
          {
            q: "J'ai déjà un site : faut-il tout refaire ?",
            a: "Pas forcément. Nous commençons par un audit gratuit : parfois, une refonte de la page d'accueil et un meilleur référencement suffisent.",
          },
          {
            q: "Qui fournit les photos ?",
            a: "Vos photos si elles sont bonnes, sinon nous organisons une séance avec un photographe partenaire près de chez vous.",
          },
          {
            q: "Le site m'appartient-il ?",
            a: "Oui. Le nom de domaine est à votre nom et vous pouvez récupérer les contenus à tout moment, même si vous nous quittez.",
          },
          {
            q: "Et si je veux vendre en ligne ?",
            a: "Le module click & collect s'ajoute au site existant : catalogue, paiement en ligne et retrait en boutique, sans changer d'outil.",
          },
        ],
      },
      closing: {
        title: "Votre futur site commence par un café",
        text: "Racontez-nous votre commerce pendant 30 minutes : vous repartez avec trois recommandations concrètes, que vous travailliez avec nous ou non.",
        cta: "Découvrir les offres",
      },
    }),
  },
  en: {
    slug: to("website", "en"),
    title: "Websites for independent shops and local firms",
    description:
      "A fast site that looks great on phones, ranks on Google and that you can edit yourself: Archimed designs your shop's website and has it live in three weeks.",
    image: "/media/seed/site-web-maquette.jpg",
    doc: solutionDoc("en", {
      kicker: "Website design",
      title: "A website that makes people want to walk in",
      lead: "We build a fast, phone-friendly site designed for Google, with your photos, your opening hours and a button to book or order. And you can update it yourself without picking up the phone.",
      cta: "See website plans",
      reassurance: "Live in three weeks, with your domain name and hosting included.",
      hero: { url: "/media/seed/site-web-maquette.jpg", alt: "Website mock-up shown on a laptop and on a smartphone" },
      problems: {
        kicker: "What we fix",
        title: "Is your shop window online doing its job?",
        items: [
          {
            title: "An old site that puts people off",
            text: "A slow site, hard to read on a phone or with out-of-date hours, loses customers before they ever reach your door.",
          },
          {
            title: "Nowhere to be seen on Google",
            text: "Search for “florist Islington” and your competitors come up. Without a solid site behind it, your Google profile struggles.",
          },
          { title: "Impossible to keep up to date", text: "Changing a price or a photo means chasing your web developer, so in the end it never gets done." },
        ],
      },
      features: {
        kicker: "What's included",
        title: "A complete website, done for you",
        lead: "Design, copywriting, launch and upkeep: you sign off each step and we take care of the rest.",
        items: [
          {
            icon: ICONS.phone,
            title: "Designed for phones first",
            text: "Seven visitors in ten arrive on a phone. Every page is designed for a thumb first, then scaled up for bigger screens.",
          },
          {
            icon: ICONS.zap,
            title: "Genuinely fast",
            text: "Lean pages, optimised images and European hosting: your site loads in under two seconds, even on 4G.",
          },
          {
            icon: ICONS.search,
            title: "Local search built in",
            text: "Proper page titles, structured data, a linked Google profile and copy written for searches in your area.",
          },
          {
            icon: ICONS.edit,
            title: "A simple visual editor",
            text: "Change a line of text, a photo or your hours right on the page, from your laptop or your phone.",
          },
          {
            icon: ICONS.link,
            title: "Booking and ordering built in",
            text: "The site plugs straight into our booking and click & collect tools: one system, one invoice.",
          },
          {
            icon: ICONS.shield,
            title: "Security and backups",
            text: "HTTPS, updates, daily backups and a compliant cookie banner: we keep an eye on all of it.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        intro("Our work", "A few recent websites", "<p>Every shop has its own character, so we start from your identity, never from a generic template.</p>"),
        row([
          12,
          [
            grid([
              { url: "/media/seed/site-boulangerie.jpg", alt: "Website of an artisan bakery in warm colours, featuring bread and pastries" },
              { url: "/media/seed/site-salon.jpg", alt: "Website of a hair salon with a Book now button" },
              { url: "/media/seed/site-restaurant.jpg", alt: "Website of a neighbourhood restaurant with its menu and table booking" },
              { url: "/media/seed/site-fleuriste.jpg", alt: "Website of a florist showing seasonal bouquets" },
            ]),
          ],
        ]),
      ),
      how: {
        kicker: "How we work",
        title: "Three weeks, three steps",
        items: [
          {
            title: "Kick-off workshop",
            text: "An hour together to understand your customers, your strengths and what the site should lead to: a call, a visit or a booking.",
          },
          { title: "Design and copy", text: "We present a design and write the words. Two rounds of changes are built in so it feels like you." },
          {
            title: "Launch and handover",
            text: "We put the site live, connect Google and your social accounts, then show you how to keep it fresh in 30 minutes.",
          },
        ],
      },
      pricing: {
        kicker: "Pricing",
        title: "Included from the Growth plan",
        text: "Your website comes with the Growth plan (£115 a month, excluding VAT) and the 360 plan. Design, hosting, domain, maintenance and small changes are all covered.",
        points: [
          "Domain name and professional email addresses included",
          "Up to 8 pages, in English and French if you need both",
          "Half a day of improvements every quarter",
        ],
        cta: "See plan details",
      },
      faq: {
        kicker: "FAQ",
        title: "Before you get started",
        items: [
          {
            q: "I already have a website. Do we start from scratch?",
            a: "Not necessarily. We begin with a free audit: sometimes a new home page and better search optimisation are all you need.",
          },
          { q: "Who provides the photos?", a: "You do if they're good. If not, we book a session with one of our partner photographers near you." },
          {
            q: "Do I own the website?",
            a: "Yes. The domain is registered in your name and you can take your content with you at any time, even if you leave us.",
          },
          {
            q: "What if I want to sell online?",
            a: "Our click & collect module bolts onto your site: product catalogue, online payment and in-store pickup, without switching tools.",
          },
        ],
      },
      closing: {
        title: "Your new website starts over a coffee",
        text: "Tell us about your business for 30 minutes and walk away with three practical recommendations, whether or not you work with us.",
        cta: "Explore our plans",
      },
    }),
  },
};
