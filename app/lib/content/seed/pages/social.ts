import { row } from "~/lib/document/build";
import type { SeedPage } from "../types";
import { BG, body, h3, ICONS, instagram, intro, picture, section, to } from "./kit";
import { solutionDoc } from "./solution";

const POSTS_FR = [
  { url: "/media/seed/publication-cafe.jpg", alt: "Publication d'un café : latte vu du dessus et biscuits maison" },
  { url: "/media/seed/publication-fleurs.jpg", alt: "Publication d'un fleuriste : bouquet de saison dans du papier kraft" },
  { url: "/media/seed/publication-coiffure.jpg", alt: "Publication d'un salon de coiffure : ciseaux et peigne" },
  { url: "/media/seed/publication-vitrine.jpg", alt: "Publication d'une boutique : la devanture au store rayé" },
  { url: "/media/seed/publication-plat.jpg", alt: "Publication d'un restaurant : le plat du jour vu du dessus" },
  { url: "/media/seed/publication-promo.jpg", alt: "Publication d'une offre spéciale : étiquette de réduction" },
] as const;
const POSTS_EN = [
  { url: "/media/seed/publication-cafe.jpg", alt: "Café post: a latte from above with homemade cookies" },
  { url: "/media/seed/publication-fleurs.jpg", alt: "Florist post: a seasonal bouquet wrapped in brown paper" },
  { url: "/media/seed/publication-coiffure.jpg", alt: "Hair salon post: scissors and a comb" },
  { url: "/media/seed/publication-vitrine.jpg", alt: "Shop post: the shopfront with its striped awning" },
  { url: "/media/seed/publication-plat.jpg", alt: "Restaurant post: today's special seen from above" },
  { url: "/media/seed/publication-promo.jpg", alt: "Special offer post: a discount tag" },
] as const;

export const socialPage: SeedPage = {
  kind: "system",
  systemKey: "social",
  fr: {
    slug: to("social", "fr"),
    title: "Marketing 360 : réseaux sociaux et avis Google",
    description:
      "Publications, stories, avis Google et publicité locale gérés pour vous : le Marketing 360 d'Archimed fait connaître votre commerce dans votre quartier.",
    image: "/media/seed/reseaux-sociaux.jpg",
    doc: solutionDoc("fr", {
      kicker: "Marketing 360",
      title: "Vos réseaux sociaux animés, votre quartier conquis",
      lead: "Un community manager dédié publie pour vous, répond aux messages, soigne vos avis Google et lance des campagnes ciblées autour de votre boutique. Vous validez en deux clics, nous faisons le reste.",
      cta: "Voir les offres Marketing 360",
      reassurance: "Premier calendrier de publications livré sous 10 jours.",
      hero: {
        url: "/media/seed/reseaux-sociaux.jpg",
        alt: "Smartphone affichant une grille de publications Instagram, avec des réactions et des statistiques",
      },
      problems: {
        kicker: "Ce que nous réglons",
        title: "Être visible demande du temps que vous n'avez pas",
        items: [
          {
            title: "Un compte Instagram à l'abandon",
            text: "Dernière publication il y a quatre mois : pour un client qui vous découvre, c'est le signe d'une boutique qui ne bouge plus.",
          },
          {
            title: "Des avis sans réponse",
            text: "Les avis Google pèsent dans le choix de huit clients sur dix. Une critique laissée sans réponse reste en vitrine pendant des années.",
          },
          {
            title: "De la publicité au hasard",
            text: "Booster une publication sans ciblage, c'est payer pour toucher des gens qui n'habitent pas à moins de 10 kilomètres.",
          },
        ],
      },
      features: {
        kicker: "Ce que nous prenons en charge",
        title: "Une présence en ligne complète, à 360°",
        lead: "Stratégie, création, publication, modération, publicité et reporting : un seul interlocuteur qui connaît votre commerce.",
        items: [
          {
            icon: ICONS.camera,
            title: "Création de contenus",
            text: "Photos retouchées, visuels, vidéos courtes et textes à votre ton. Une séance photo en boutique chaque trimestre.",
          },
          {
            icon: ICONS.calendar,
            title: "Calendrier éditorial",
            text: "Trois publications par semaine, calées sur vos temps forts : nouveautés, saisons, événements du quartier.",
          },
          {
            icon: ICONS.message,
            title: "Messages et commentaires",
            text: "Réponses sous 24 h en semaine, avec vos règles : prix, disponibilités, renvoi vers la réservation.",
          },
          {
            icon: ICONS.star,
            title: "Avis Google",
            text: "Relance des clients satisfaits, réponse à chaque avis, fiche Google tenue à jour : horaires, photos, actualités.",
          },
          {
            icon: ICONS.target,
            title: "Publicité locale",
            text: "Campagnes Instagram, Facebook et Google ciblées dans un rayon que vous choisissez, avec un budget plafonné.",
          },
          {
            icon: ICONS.chart,
            title: "Rapport mensuel",
            text: "Portée, abonnés, clics vers la réservation, coût par client : ce qui a marché et ce que l'on ajuste le mois suivant.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        intro(
          "Exemples",
          "Des publications qui ressemblent à votre boutique",
          "<p>Des visuels cohérents, reconnaissables au premier coup d'œil dans un fil d'actualité.</p>",
        ),
        row(
          [7, [instagram([...POSTS_FR])]],
          [
            5,
            [
              picture("/media/seed/tableau-de-bord.jpg", "Tableau de bord mensuel : indicateurs clés, courbe d'audience et répartition des canaux"),
              h3("Un rapport que l'on lit en cinq minutes"),
              body(
                "<p>Chaque début de mois, vous recevez l'essentiel sur une page : combien de personnes vous ont vu, combien ont cliqué pour réserver ou commander, et ce que nous prévoyons ensuite.</p>",
              ),
            ],
          ],
        ),
      ),
      how: {
        kicker: "Comment ça marche",
        title: "Un mois type avec Archimed",
        items: [
          {
            title: "On planifie ensemble",
            text: "Un appel de 20 minutes en fin de mois pour caler le calendrier : nouveautés, promotions, événements, fermetures.",
          },
          {
            title: "On crée et vous validez",
            text: "Les publications arrivent dans une application de validation. Un clic pour approuver, un commentaire pour ajuster.",
          },
          {
            title: "On publie, on répond, on mesure",
            text: "Nous publions aux meilleurs horaires, répondons aux messages et vous envoyons le bilan chiffré du mois.",
          },
        ],
      },
      pricing: {
        kicker: "Tarifs",
        title: "Inclus dans l'offre 360",
        text: "Le Marketing 360 est compris dans l'offre 360 à 290 € HT par mois, avec votre site, la réservation et le click & collect. Le budget publicitaire reste le vôtre et vous le fixez vous-même.",
        points: [
          "12 publications par mois sur deux réseaux",
          "Gestion des avis Google et de votre fiche",
          "Campagnes publicitaires pilotées sans commission sur le budget",
        ],
        cta: "Découvrir l'offre 360",
      },
      faq: {
        kicker: "Questions fréquentes",
        title: "Vos questions sur le Marketing 360",
        items: [
          {
            q: "Quels réseaux gérez-vous ?",
            a: "Instagram, Facebook et votre fiche Google dans tous les cas ; TikTok ou LinkedIn si votre clientèle s'y trouve. Nous choisissons ensemble les deux réseaux prioritaires.",
          },
          {
            q: "Dois-je fournir des photos ?",
            a: "Vos photos du quotidien sont les bienvenues, mais pas indispensables : une séance photo en boutique par trimestre alimente vos publications.",
          },
          {
            q: "Quel budget publicitaire prévoir ?",
            a: "Nous conseillons de commencer avec 150 à 300 € par mois pour un commerce de quartier. Vous le réglez directement aux plateformes, sans commission.",
          },
          {
            q: "Garderai-je l'accès à mes comptes ?",
            a: "Toujours. Les comptes restent à votre nom, nous y accédons comme gestionnaires et nos accès sont retirés si vous arrêtez.",
          },
        ],
      },
      closing: {
        title: "Faites parler de vous dans votre quartier",
        text: "Nous auditons gratuitement vos comptes et votre fiche Google, puis nous vous proposons un premier mois de publications sur mesure.",
        cta: "Voir les offres",
      },
    }),
  },
  en: {
    slug: to("social", "en"),
    title: "360 Marketing: social media and local ads",
    description:
      "Posts, stories, Google reviews and local ads, all handled for you: Archimed's 360 Marketing gets your business noticed by the people who live nearby.",
    image: "/media/seed/reseaux-sociaux.jpg",
    doc: solutionDoc("en", {
      kicker: "360 Marketing",
      title: "Social media that brings your neighbourhood in",
      lead: "A dedicated social media manager posts for you, answers messages, looks after your Google reviews and runs targeted ads around your shop. You approve in two taps; we do the rest.",
      cta: "See 360 Marketing plans",
      reassurance: "Your first content calendar delivered within 10 days.",
      hero: { url: "/media/seed/reseaux-sociaux.jpg", alt: "Smartphone showing a grid of Instagram posts, with reactions and statistics around it" },
      problems: {
        kicker: "What we fix",
        title: "Staying visible takes time you haven't got",
        items: [
          {
            title: "An Instagram account gathering dust",
            text: "Last post four months ago: to someone discovering you, that looks like a shop that has stopped trying.",
          },
          {
            title: "Reviews left unanswered",
            text: "Google reviews sway eight customers out of ten. A bad review without a reply sits in your shop window for years.",
          },
          { title: "Advertising by guesswork", text: "Boosting a post without targeting means paying to reach people who live nowhere near your shop." },
        ],
      },
      features: {
        kicker: "What we take on",
        title: "Your whole online presence, covered",
        lead: "Strategy, content, posting, community management, ads and reporting: one point of contact who knows your business.",
        items: [
          {
            icon: ICONS.camera,
            title: "Content creation",
            text: "Edited photos, graphics, short videos and captions in your voice, plus an in-store photo shoot every quarter.",
          },
          { icon: ICONS.calendar, title: "Content calendar", text: "Three posts a week, built around your key moments: new stock, seasons and local events." },
          {
            icon: ICONS.message,
            title: "Messages and comments",
            text: "Replies within 24 hours on weekdays, following your rules on prices, availability and bookings.",
          },
          {
            icon: ICONS.star,
            title: "Google reviews",
            text: "We nudge happy customers, reply to every review and keep your Google profile current: hours, photos, updates.",
          },
          {
            icon: ICONS.target,
            title: "Local advertising",
            text: "Instagram, Facebook and Google campaigns targeted to a radius you choose, with a capped budget.",
          },
          {
            icon: ICONS.chart,
            title: "Monthly report",
            text: "Reach, followers, clicks to book, cost per customer: what worked, and what we'll tweak next month.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        intro("Examples", "Posts that look like your shop", "<p>Consistent visuals that people recognise at a glance as they scroll.</p>"),
        row(
          [7, [instagram([...POSTS_EN])]],
          [
            5,
            [
              picture("/media/seed/tableau-de-bord.jpg", "Monthly dashboard: key figures, audience trend line and channel breakdown"),
              h3("A report you can read in five minutes"),
              body(
                "<p>At the start of each month you get the essentials on one page: how many people saw you, how many clicked to book or order, and what we're planning next.</p>",
              ),
            ],
          ],
        ),
      ),
      how: {
        kicker: "How it works",
        title: "A typical month with Archimed",
        items: [
          { title: "We plan together", text: "A 20-minute call at the end of each month to set the calendar: new products, offers, events and closures." },
          { title: "We create, you approve", text: "Posts land in an approval app. One tap to approve, a quick comment to change something." },
          { title: "We post, reply and measure", text: "We publish at the best times, answer messages and send you the month's results in plain figures." },
        ],
      },
      pricing: {
        kicker: "Pricing",
        title: "Included in the 360 plan",
        text: "360 Marketing comes with the 360 plan at £259 a month excluding VAT, alongside your website, booking and click & collect. Your ad spend stays yours, and you set it.",
        points: ["12 posts a month across two platforms", "Google reviews and profile management", "Ad campaigns run with no commission on your budget"],
        cta: "Explore the 360 plan",
      },
      faq: {
        kicker: "FAQ",
        title: "Your questions about 360 Marketing",
        items: [
          {
            q: "Which platforms do you cover?",
            a: "Instagram, Facebook and your Google profile as standard, plus TikTok or LinkedIn if that's where your customers are. We pick your two priority platforms together.",
          },
          { q: "Do I need to supply photos?", a: "Everyday snaps are always welcome but not essential: a quarterly in-store shoot keeps your feed stocked." },
          {
            q: "How much should I spend on ads?",
            a: "For a neighbourhood business we suggest starting at £120 to £250 a month. You pay the platforms directly, with no commission to us.",
          },
          {
            q: "Will I keep access to my accounts?",
            a: "Always. Accounts stay in your name, we're added as managers, and our access is removed if you ever leave.",
          },
        ],
      },
      closing: {
        title: "Get your neighbourhood talking",
        text: "We'll audit your accounts and Google profile for free, then put together a first month of posts tailored to your business.",
        cta: "See plans",
      },
    }),
  },
};
