import { row } from "~/lib/document/build";
import type { SeedPage } from "../types";
import { BG, checks, eyebrow, h2, ICONS, lead, picture, section, to } from "./kit";
import { solutionDoc } from "./solution";

export const bookingPage: SeedPage = {
  kind: "system",
  systemKey: "booking",
  fr: {
    slug: to("booking", "fr"),
    title: "Réservation en ligne pour commerces et salons",
    description:
      "Agenda en ligne 24 h/24, rappels SMS, acompte à la réservation : la solution de réservation Archimed réduit les oublis et libère votre téléphone.",
    image: "/media/seed/reservation-calendrier.jpg",
    doc: solutionDoc("fr", {
      kicker: "Solution réservation",
      title: "Votre agenda se remplit, même quand vous êtes occupé",
      lead: "Vos clients réservent en ligne à toute heure, reçoivent un rappel la veille et peuvent déplacer leur rendez-vous sans vous appeler. Vous, vous gardez les mains libres pour ceux qui sont déjà là.",
      cta: "Voir les offres réservation",
      reassurance: "Mise en service en 10 jours, reprise de votre agenda existant incluse.",
      hero: {
        url: "/media/seed/reservation-calendrier.jpg",
        alt: "Agenda de réservation en ligne avec des rendez-vous et les créneaux disponibles sur mobile",
      },
      problems: {
        kicker: "Ce que nous réglons",
        title: "Le téléphone ne devrait pas dicter votre journée",
        items: [
          {
            title: "Le téléphone sonne pendant les prestations",
            text: "Chaque appel interrompt un soin, une coupe ou un service. Les clients qui tombent sur la messagerie réservent ailleurs.",
          },
          {
            title: "Les rendez-vous oubliés coûtent cher",
            text: "Un créneau non honoré, c'est du chiffre d'affaires perdu et un autre client qui n'a pas pu venir. Sans rappel, le taux d'absence dépasse souvent 10 %.",
          },
          {
            title: "L'agenda papier ne suit plus",
            text: "Ratures, doubles réservations, plannings impossibles à partager avec l'équipe : l'organisation repose sur votre mémoire.",
          },
        ],
      },
      features: {
        kicker: "Fonctionnalités",
        title: "Tout ce qu'il faut pour prendre rendez-vous, rien de superflu",
        lead: "Un module de réservation relié à votre site, à votre fiche Google et à vos réseaux sociaux, que vous pilotez depuis votre téléphone.",
        items: [
          {
            icon: ICONS.calendar,
            title: "Réservation 24 h/24",
            text: "Vos prestations, leurs durées et vos horaires réels : le client choisit un créneau libre en moins d'une minute.",
          },
          {
            icon: ICONS.message,
            title: "Rappels SMS et e-mail",
            text: "Un rappel automatique la veille, avec un lien pour annuler ou déplacer. Les absences baissent en moyenne de moitié.",
          },
          {
            icon: ICONS.card,
            title: "Acompte en ligne",
            text: "Demandez un acompte pour les prestations longues ou les nouveaux clients. Le paiement est sécurisé et reversé sous 48 h.",
          },
          {
            icon: ICONS.users,
            title: "Agenda d'équipe",
            text: "Chaque collaborateur a son planning, ses compétences et ses congés. Le client peut choisir sa personne préférée.",
          },
          {
            icon: ICONS.globe,
            title: "Partout où l'on vous cherche",
            text: "Bouton « Réserver » sur votre site, votre fiche Google, Instagram et Facebook, tous reliés au même agenda.",
          },
          {
            icon: ICONS.chart,
            title: "Suivi de l'activité",
            text: "Taux de remplissage, prestations les plus demandées, clients à relancer : un tableau clair chaque lundi matin.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        row(
          [6, [picture("/media/seed/reservation-mobile.jpg", "Téléphone affichant le choix d'un créneau de rendez-vous et un rappel envoyé par SMS")]],
          [
            6,
            [
              eyebrow("Côté client"),
              h2("Trois gestes pour réserver, zéro compte à créer"),
              lead("<p>Le parcours de réservation est pensé pour le téléphone, là où 8 réservations sur 10 se font.</p>"),
              checks([
                "Choix de la prestation et de la personne, prix affiché",
                "Créneaux réellement disponibles, mis à jour en direct",
                "Confirmation immédiate par e-mail et SMS",
                "Ajout au calendrier du téléphone en un geste",
                "Annulation ou report en autonomie, selon vos règles",
              ]),
            ],
          ],
        ),
      ),
      how: {
        kicker: "Comment ça marche",
        title: "En ligne en dix jours, sans rien installer",
        items: [
          {
            title: "On cartographie votre activité",
            text: "Prestations, durées, temps de pause, règles d'annulation : un entretien d'une heure suffit pour tout paramétrer.",
          },
          {
            title: "On reprend votre agenda",
            text: "Nous importons vos rendez-vous à venir et votre fichier clients, puis nous formons l'équipe en 45 minutes.",
          },
          {
            title: "On diffuse le lien partout",
            text: "Site, fiche Google, réseaux sociaux, signature e-mail : vos clients trouvent le bouton « Réserver » dès le premier jour.",
          },
        ],
      },
      pricing: {
        kicker: "Tarifs",
        title: "À partir de 49 € HT par mois",
        text: "La réservation en ligne est incluse dans nos trois offres. Pas de commission sur vos rendez-vous, SMS de rappel compris dans la limite de 300 par mois.",
        points: [
          "Sans frais de mise en service dans l'offre Essentiel",
          "Engagement de 6 mois, puis résiliable à tout moment",
          "Vos données clients restent les vôtres, exportables à tout moment",
        ],
        cta: "Comparer les offres",
      },
      faq: {
        kicker: "Questions fréquentes",
        title: "Ce que l'on nous demande le plus souvent",
        items: [
          {
            q: "Mes clients habitués vont-ils s'y faire ?",
            a: "Oui : ils peuvent toujours vous appeler, et vous saisissez leurs rendez-vous dans le même agenda. En pratique, la moitié des réservations passent en ligne dès le deuxième mois.",
          },
          {
            q: "Puis-je bloquer des créneaux pour moi ?",
            a: "Bien sûr. Pauses, formations, congés ou créneaux réservés aux habitués : vous gardez la main sur ce qui est proposé en ligne.",
          },
          {
            q: "Que se passe-t-il si un client ne vient pas ?",
            a: "Si vous avez activé l'acompte, il est conservé selon vos conditions. Sinon, l'historique vous permet de demander un acompte à ce client la prochaine fois.",
          },
          {
            q: "Est-ce conforme au RGPD ?",
            a: "Les données sont hébergées en France, chiffrées, et ne servent qu'à la gestion de vos rendez-vous. Un registre et des mentions prêtes à l'emploi vous sont fournis.",
          },
        ],
      },
      closing: {
        title: "Essayez sur votre propre agenda",
        text: "Nous paramétrons une démonstration avec vos vraies prestations : vous voyez exactement ce que vos clients verront, avant de vous engager.",
        cta: "Choisir mon offre",
      },
    }),
  },
  en: {
    slug: to("booking", "en"),
    title: "Online booking for salons and local businesses",
    description: "A 24/7 booking page, text reminders and deposits at checkout: Archimed's booking solution cuts no-shows and takes the phone off your hands.",
    image: "/media/seed/reservation-calendrier.jpg",
    doc: solutionDoc("en", {
      kicker: "Online booking",
      title: "A full diary, even when your hands are busy",
      lead: "Customers book online at any hour, get a reminder the day before and can move their appointment without ringing you. You stay focused on the people already in your chair.",
      cta: "See booking plans",
      reassurance: "Live within 10 days, and we move your existing diary across for you.",
      hero: { url: "/media/seed/reservation-calendrier.jpg", alt: "Online booking calendar with appointments and available time slots on a phone" },
      problems: {
        kicker: "What we fix",
        title: "Your phone shouldn't run your day",
        items: [
          {
            title: "Calls in the middle of appointments",
            text: "Every call interrupts a treatment, a cut or a service. People who hit voicemail simply book somewhere else.",
          },
          {
            title: "No-shows eat into your takings",
            text: "An empty slot is lost revenue and a customer who couldn't get in. Without reminders, no-show rates often top 10%.",
          },
          { title: "The paper diary can't keep up", text: "Crossings-out, double bookings, rotas nobody else can read: the whole system lives in your head." },
        ],
      },
      features: {
        kicker: "Features",
        title: "Everything you need to take bookings, nothing you don't",
        lead: "A booking page linked to your website, your Google profile and your social accounts, run from your phone.",
        items: [
          {
            icon: ICONS.calendar,
            title: "Bookings around the clock",
            text: "Your services, their real durations and your opening hours: customers pick a free slot in under a minute.",
          },
          {
            icon: ICONS.message,
            title: "Text and email reminders",
            text: "An automatic reminder the day before, with a link to cancel or rebook. No-shows typically halve.",
          },
          {
            icon: ICONS.card,
            title: "Deposits at checkout",
            text: "Ask for a deposit on long treatments or first visits. Payments are secure and paid out within 48 hours.",
          },
          {
            icon: ICONS.users,
            title: "Team rotas",
            text: "Each team member has their own hours, skills and holidays, and customers can ask for their favourite stylist.",
          },
          {
            icon: ICONS.globe,
            title: "Wherever people find you",
            text: "A Book now button on your website, Google profile, Instagram and Facebook, all feeding the same diary.",
          },
          {
            icon: ICONS.chart,
            title: "Clear weekly figures",
            text: "How full you were, which services sell, which regulars are due back: one simple report every Monday.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        row(
          [6, [picture("/media/seed/reservation-mobile.jpg", "Phone showing a time slot being chosen and a text message reminder")]],
          [
            6,
            [
              eyebrow("For your customers"),
              h2("Three taps to book, no account needed"),
              lead("<p>The booking flow is built for phones, where eight bookings out of ten happen.</p>"),
              checks([
                "Pick a service and a team member, with the price shown",
                "Only genuinely free slots, updated live",
                "Instant confirmation by email and text",
                "Add to the phone's calendar in one tap",
                "Cancel or rebook on their own, within your rules",
              ]),
            ],
          ],
        ),
      ),
      how: {
        kicker: "How it works",
        title: "Up and running in ten days, nothing to install",
        items: [
          { title: "We map how you work", text: "Services, durations, breaks, cancellation rules: a one-hour call is all it takes to set everything up." },
          { title: "We move your diary across", text: "We import upcoming appointments and your customer list, then train your team in a 45-minute session." },
          {
            title: "We put the link everywhere",
            text: "Website, Google profile, social accounts, email signature: customers see a Book now button from day one.",
          },
        ],
      },
      pricing: {
        kicker: "Pricing",
        title: "From £45 a month, excluding VAT",
        text: "Online booking comes with all three of our plans. No commission on your appointments, and up to 300 reminder texts a month included.",
        points: [
          "No set-up fee on the Essentials plan",
          "Six-month minimum term, then cancel any time",
          "Your customer data stays yours and can be exported whenever you like",
        ],
        cta: "Compare plans",
      },
      faq: {
        kicker: "FAQ",
        title: "The questions we hear most",
        items: [
          {
            q: "Will my regulars get on with it?",
            a: "They can still ring you, and you add their appointments to the same diary. In practice, half of all bookings move online by the second month.",
          },
          {
            q: "Can I block out time for myself?",
            a: "Of course. Breaks, training days, holidays or slots kept for regulars: you decide exactly what is offered online.",
          },
          {
            q: "What happens when someone doesn't turn up?",
            a: "If deposits are switched on, the deposit is kept according to your terms. If not, their history lets you ask that customer for one next time.",
          },
          {
            q: "Is it GDPR-compliant?",
            a: "Data is hosted in France, encrypted and used only to manage your appointments. We give you a ready-made privacy notice for your customers.",
          },
        ],
      },
      closing: {
        title: "Try it on your own diary",
        text: "We'll set up a demo with your real services, so you see exactly what your customers will see before you commit to anything.",
        cta: "Choose a plan",
      },
    }),
  },
};
