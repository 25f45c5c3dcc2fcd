import { doc, row, text } from "~/lib/document/build";
import type { PageDocument, PageElement } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import type { SeedPage } from "../types";
import {
  band,
  BG,
  bandLink,
  body,
  cardText,
  ctaBand,
  EMAIL,
  eyebrow,
  featureRows,
  film,
  gap,
  h1,
  h2,
  h3,
  heroBlock,
  ICONS,
  intro,
  lead,
  more,
  heroPicture,
  picture,
  primary,
  section,
  small,
  steps,
  to,
  type SeedImageUrl,
} from "./kit";

interface HomeCopy {
  kicker: string;
  title: string;
  lead: string;
  cta: string;
  reassurance: string;
  heroAlt: string;
  figures: { value: string; label: string }[];
  solutions: {
    kicker: string;
    title: string;
    lead: string;
    items: { key: "booking" | "website" | "social" | "clickCollect"; image: SeedImageUrl; alt: string; title: string; text: string; link: string }[];
  };
  method: { kicker: string; title: string; lead: string; text: string; video: string; steps: { title: string; text: string }[] };
  why: { kicker: string; title: string; lead: string; items: { icon: string; title: string; text: string }[] };
  voices: { kicker: string; title: string; items: { quote: string; name: string; business: string }[] };
  closing: { title: string; text: string; cta: string };
}

const stat = (value: string, label: string): PageElement[] => [
  text(`<p>${value}</p>`, { styles: { fontSize: "clamp(2rem, 1.5rem + 1.6cqi, 2.75rem)", fontWeight: "800", lineHeight: "1.1", letterSpacing: "-0.02em" } }),
  small(`<p>${label}</p>`, { marginTop: "-8px" }),
];

function homeDoc(lang: Lang, c: HomeCopy): PageDocument {
  const cards = c.solutions.items.map((s): [number, PageElement[]] => [
    6,
    [picture(s.image, s.alt, { borderRadius: "16px" }), h3(s.title), body(`<p>${s.text}</p>`), more(s.link, to(s.key, lang))],
  ]);
  return doc(
    heroBlock(
      BG.accent,
      row(
        [6, [eyebrow(c.kicker), h1(c.title), lead(`<p>${c.lead}</p>`), gap("4px"), primary(c.cta, to("offers", lang)), small(`<p>${c.reassurance}</p>`)]],
        [6, heroPicture("/media/seed/accueil-hero.jpg", c.heroAlt)],
      ),
    ),
    band(BG.plain, "56px", "56px", row(...c.figures.map((f): [number, PageElement[]] => [3, stat(f.value, f.label)]))),
    section(
      BG.alt,
      intro(c.solutions.kicker, c.solutions.title, `<p>${c.solutions.lead}</p>`),
      row(...cards.slice(0, 2)),
      row([12, [gap("32px")]]),
      row(...cards.slice(2)),
    ),
    section(
      BG.plain,
      row([5, [eyebrow(c.method.kicker), h2(c.method.title), lead(`<p>${c.method.lead}</p>`), body(`<p>${c.method.text}</p>`)]], [7, [film(c.method.video)]]),
      row([12, [gap("40px")]]),
      steps(c.method.steps),
    ),
    section(BG.teal, intro(c.why.kicker, c.why.title, `<p>${c.why.lead}</p>`), ...featureRows(c.why.items)),
    section(
      BG.alt,
      intro(c.voices.kicker, c.voices.title),
      row(...c.voices.items.map((v): [number, PageElement[]] => [4, [cardText(`<p>“${v.quote}”</p><p><strong>${v.name}</strong><br>${v.business}</p>`)]])),
    ),
    ctaBand(c.closing.title, `<p>${c.closing.text}</p><p>${bandLink(`mailto:${EMAIL}`, EMAIL)}</p>`, c.closing.cta, to("offers", lang)),
  );
}

export const homePage: SeedPage = {
  kind: "system",
  systemKey: "home",
  fr: {
    slug: to("home", "fr"),
    title: "Archimed, agence digitale des commerces de proximité",
    description:
      "Réservation en ligne, site web, réseaux sociaux et click & collect : Archimed aide les commerces de proximité à attirer et fidéliser leurs clients.",
    image: "/media/seed/accueil-hero.jpg",
    doc: homeDoc("fr", {
      kicker: "Agence digitale · Paris et Londres",
      title: "Le digital qui fait venir les clients dans votre commerce",
      lead: "Réservation en ligne, site web, réseaux sociaux et click & collect : nous installons et faisons tourner les outils qui remplissent votre agenda et votre caisse, pendant que vous restez derrière votre comptoir.",
      cta: "Découvrir nos offres",
      reassurance: "Diagnostic gratuit de 30 minutes, sans engagement.",
      heroAlt: "Illustration d'une boutique de quartier reliée à son site web et à son agenda de réservation sur mobile",
      figures: [
        { value: "140+", label: "commerces accompagnés depuis 2021" },
        { value: "4,8/5", label: "note moyenne donnée par nos clients" },
        { value: "−52 %", label: "de rendez-vous oubliés grâce aux rappels" },
        { value: "3 sem.", label: "en moyenne pour être en ligne" },
      ],
      solutions: {
        kicker: "Nos solutions",
        title: "Quatre solutions, un seul interlocuteur",
        lead: "Choisissez celle dont vous avez besoin aujourd'hui ; elles fonctionnent ensemble le jour où vous voulez aller plus loin.",
        items: [
          {
            key: "booking",
            image: "/media/seed/reservation-calendrier.jpg",
            alt: "Agenda de réservation en ligne et créneaux disponibles sur mobile",
            title: "Réservation en ligne",
            text: "Un agenda ouvert 24 h/24, des rappels SMS qui divisent les absences par deux et un téléphone enfin silencieux pendant vos prestations.",
            link: "Découvrir la réservation",
          },
          {
            key: "website",
            image: "/media/seed/site-web-maquette.jpg",
            alt: "Site vitrine affiché sur ordinateur portable et sur smartphone",
            title: "Site web",
            text: "Un site rapide, beau sur mobile et bien référencé dans votre quartier, que vous mettez à jour vous-même en quelques clics.",
            link: "Découvrir le site web",
          },
          {
            key: "social",
            image: "/media/seed/reseaux-sociaux.jpg",
            alt: "Grille de publications Instagram avec réactions et statistiques",
            title: "Marketing 360",
            text: "Publications, avis Google et publicité locale gérés par un community manager dédié, avec un rapport clair chaque mois.",
            link: "Découvrir le Marketing 360",
          },
          {
            key: "clickCollect",
            image: "/media/seed/boutique-click-collect.jpg",
            alt: "Sacs de commandes prêts au comptoir d'une boutique",
            title: "Click & collect",
            text: "Vos clients commandent et paient en ligne, vous préparez au calme et ils récupèrent leur sac au comptoir, sans attendre.",
            link: "Découvrir le click & collect",
          },
        ],
      },
      method: {
        kicker: "Notre méthode",
        title: "Simple pour vous, sérieux de notre côté",
        lead: "Nous parlons commerce avant de parler technique.",
        text: "Chaque projet démarre par une visite de votre boutique ou un appel, pour comprendre comment vos clients vous trouvent et ce qui vous fait perdre du temps. Ensuite, nous mettons en place, nous formons votre équipe et nous restons à vos côtés.",
        video: "Présentation d'Archimed : notre méthode en deux minutes",
        steps: [
          { title: "Diagnostic offert", text: "30 minutes pour faire le point sur votre présence en ligne et repérer les trois actions les plus rentables." },
          {
            title: "Mise en place clé en main",
            text: "Nous paramétrons, rédigeons et publions. Vous validez chaque étape, sans jargon, en deux à quatre semaines.",
          },
          { title: "Suivi et résultats", text: "Un point mensuel, des chiffres lisibles et un conseiller joignable par téléphone, e-mail ou WhatsApp." },
        ],
      },
      why: {
        kicker: "Pourquoi Archimed",
        title: "Une agence à taille humaine, pensée pour les indépendants",
        lead: "Vous n'avez ni le temps ni l'envie de devenir expert du numérique. C'est notre métier.",
        items: [
          {
            icon: ICONS.handshake,
            title: "Un interlocuteur unique",
            text: "Le même conseiller du premier appel au suivi mensuel. Il connaît votre boutique, vos horaires et vos habitués.",
          },
          {
            icon: ICONS.link,
            title: "Des outils qui se parlent",
            text: "Site, réservation, commandes et réseaux partagent les mêmes informations : vous ne saisissez rien deux fois.",
          },
          {
            icon: ICONS.shield,
            title: "Des prix clairs",
            text: "Un abonnement mensuel fixe, sans commission sur vos ventes ni frais cachés, et des données qui restent les vôtres.",
          },
        ],
      },
      voices: {
        kicker: "Témoignages",
        title: "Ils ont franchi le pas",
        items: [
          {
            quote:
              "Depuis que nos clientes réservent en ligne, le téléphone ne sonne plus pendant les couleurs. On a gagné une demi-journée par semaine, et presque plus personne n'oublie son rendez-vous.",
            name: "Sonia Marchetti",
            business: "Atelier Sonia, salon de coiffure, Lyon 6e",
          },
          {
            quote:
              "À Noël, un tiers de nos bûches ont été commandées et payées en ligne. Plus de carnet de commandes illisible : chaque sac est prêt à l'heure dite.",
            name: "Julien Roux",
            business: "Boulangerie Roux & Fils, Lyon 3e",
          },
          {
            quote: "Ils publient pour nous trois fois par semaine et répondent aux avis. Nos réservations du week-end ont progressé de 30 % en un trimestre.",
            name: "Claire Dubois",
            business: "Le Comptoir de Claire, bistrot, Nantes",
          },
        ],
      },
      closing: {
        title: "Parlons de votre commerce",
        text: "Comparez nos trois offres, ou écrivez-nous pour réserver votre diagnostic gratuit :",
        cta: "Voir les offres",
      },
    }),
  },
  en: {
    slug: to("home", "en"),
    title: "Archimed, the digital agency for local businesses",
    description:
      "Online booking, websites, social media and click & collect: Archimed helps independent shops and salons win new customers and keep them coming back.",
    image: "/media/seed/accueil-hero.jpg",
    doc: homeDoc("en", {
      kicker: "Digital agency · London and Paris",
      title: "Digital tools that bring customers through your door",
      lead: "Online booking, websites, social media and click & collect: we set up and run the tools that fill your diary and your till, so you can stay behind the counter.",
      cta: "Explore our plans",
      reassurance: "Free 30-minute review, no strings attached.",
      heroAlt: "Illustration of a neighbourhood shop connected to its website and to a booking diary on a phone",
      figures: [
        { value: "140+", label: "local businesses supported since 2021" },
        { value: "4.8/5", label: "average rating from our clients" },
        { value: "52%", label: "fewer no-shows thanks to reminders" },
        { value: "3 wks", label: "on average to go live" },
      ],
      solutions: {
        kicker: "What we do",
        title: "Four solutions, one team to call",
        lead: "Start with the one you need today; they all work together when you're ready to do more.",
        items: [
          {
            key: "booking",
            image: "/media/seed/reservation-calendrier.jpg",
            alt: "Online booking calendar and available slots on a phone",
            title: "Online booking",
            text: "A diary that's open 24/7, text reminders that halve no-shows, and a phone that finally stays quiet while you work.",
            link: "Explore online booking",
          },
          {
            key: "website",
            image: "/media/seed/site-web-maquette.jpg",
            alt: "Business website shown on a laptop and a smartphone",
            title: "Website",
            text: "A fast website that looks great on phones, ranks in local searches and that you can update yourself in a few clicks.",
            link: "Explore websites",
          },
          {
            key: "social",
            image: "/media/seed/reseaux-sociaux.jpg",
            alt: "Grid of Instagram posts with reactions and statistics",
            title: "360 Marketing",
            text: "Posts, Google reviews and local ads handled by a dedicated social media manager, with a clear report every month.",
            link: "Explore 360 Marketing",
          },
          {
            key: "clickCollect",
            image: "/media/seed/boutique-click-collect.jpg",
            alt: "Order bags ready at a shop counter",
            title: "Click & collect",
            text: "Customers order and pay online, you prepare in peace, and they pick up their bag at the counter without queuing.",
            link: "Explore click & collect",
          },
        ],
      },
      method: {
        kicker: "How we work",
        title: "Simple for you, thorough on our side",
        lead: "We talk about your business before we talk about technology.",
        text: "Every project starts with a visit to your shop or a call, so we understand how customers find you and what's eating your time. Then we set everything up, train your team and stay on hand.",
        video: "Meet Archimed: how we work, in two minutes",
        steps: [
          { title: "Free review", text: "30 minutes to take stock of your online presence and spot the three changes that will pay off fastest." },
          { title: "Done-for-you set-up", text: "We configure, write and publish. You sign off each step, jargon-free, within two to four weeks." },
          { title: "Ongoing support", text: "A monthly check-in, figures that make sense and an account manager you can reach by phone, email or WhatsApp." },
        ],
      },
      why: {
        kicker: "Why Archimed",
        title: "A small agency built for independent businesses",
        lead: "You haven't got the time, or the wish, to become a digital expert. That's our job.",
        items: [
          {
            icon: ICONS.handshake,
            title: "One point of contact",
            text: "The same account manager from the first call to the monthly review, who knows your shop, your hours and your regulars.",
          },
          {
            icon: ICONS.link,
            title: "Tools that talk to each other",
            text: "Website, bookings, orders and social accounts share the same information, so you never type anything twice.",
          },
          {
            icon: ICONS.shield,
            title: "Straightforward pricing",
            text: "One fixed monthly fee, no commission on your sales, no hidden extras, and your data always stays yours.",
          },
        ],
      },
      voices: {
        kicker: "Client stories",
        title: "They made the leap",
        items: [
          {
            quote:
              "Since clients started booking online, the phone doesn't ring mid-colour any more. We've won back half a day a week, and hardly anyone forgets their appointment now.",
            name: "Priya Shah",
            business: "Studio Nine hair salon, Manchester",
          },
          {
            quote:
              "Over Christmas, a third of our celebration cakes were ordered and paid for online. No more scribbled order book: every bag is ready on time.",
            name: "Tom Hartley",
            business: "Kettle & Crumb bakery, Brixton",
          },
          {
            quote: "They post for us three times a week and reply to every review. Our weekend bookings went up 30% in a single quarter.",
            name: "Ellie Rose",
            business: "The Corner Table café, Bristol",
          },
        ],
      },
      closing: {
        title: "Let's talk about your business",
        text: "Compare our three plans, or email us to book your free review:",
        cta: "See our plans",
      },
    }),
  },
};
