import type { SeedPage } from "../../types";
import { articleDoc, to } from "../kit";

const SLUG = "salon-reservation-en-ligne-5-signes";
const COVER = "/media/seed/blog-reservation-salon.jpg";

export const salonBookingArticle: SeedPage = {
  kind: "article",
  publishAt: "2026-03-17T08:00:00.000Z",
  fr: {
    slug: SLUG,
    title: "5 signes qu'il est temps de réserver en ligne",
    description:
      "Téléphone qui sonne pendant les soins, rendez-vous oubliés, agenda papier saturé : cinq signes qu'il est temps d'ouvrir la réservation en ligne de votre salon.",
    excerpt:
      "Appels en pleine coloration, clients qui oublient leur rendez-vous, agenda illisible : si vous vous reconnaissez, la réservation en ligne est faite pour votre salon.",
    image: COVER,
    doc: articleDoc([
      "Dans un salon de coiffure, un institut de beauté ou un cabinet de massage, le téléphone reste souvent le premier outil de prise de rendez-vous. Il a longtemps très bien fonctionné. Mais les habitudes de vos clients ont changé : aujourd'hui, plus de la moitié des rendez-vous beauté sont pris en dehors des heures d'ouverture, le soir sur le canapé ou le dimanche matin.",
      "Faut-il pour autant tout changer ? Pas forcément. Voici cinq signes, observés dans les salons que nous accompagnons, qui montrent que la réservation en ligne vous ferait gagner du temps et du chiffre d'affaires.",
      "## 1. Le téléphone sonne pendant vos prestations",
      "C'est le signe le plus courant. Vous êtes en pleine coloration, les mains gantées, et le téléphone sonne. Soit vous décrochez et vous interrompez votre cliente, soit vous laissez sonner et la personne au bout du fil appelle le salon d'en face.",
      "Un salon de taille moyenne reçoit entre 15 et 30 appels par jour, dont les deux tiers pour prendre, déplacer ou annuler un rendez-vous. À deux minutes par appel, c'est près d'une heure de travail chaque jour, faite dans les pires conditions. Avec un agenda en ligne, ces demandes arrivent toutes seules, à toute heure, sans interrompre personne.",
      "## 2. Les rendez-vous oubliés se multiplient",
      "Un client qui ne vient pas, c'est un créneau perdu que vous ne pouvez plus revendre. Dans les salons sans rappel automatique, le taux d'absence tourne souvent autour de 8 à 12 %. Sur une semaine de 60 rendez-vous, cela représente cinq à sept fauteuils vides.",
      "Un simple SMS de rappel envoyé la veille, avec un lien pour annuler ou déplacer, suffit à diviser ces absences par deux. Et pour les prestations longues ou les nouveaux clients, un acompte demandé au moment de la réservation règle presque entièrement le problème.",
      "## 3. Votre agenda papier devient illisible",
      "Ratures, flèches, rendez-vous notés au crayon puis effacés, prénoms sans numéro de téléphone : au fil des semaines, l'agenda papier devient un document que vous êtes la seule personne à comprendre. Le jour où vous êtes malade, personne ne peut reprendre le planning.",
      "Un agenda en ligne partagé met tout le monde d'accord. Chaque collaborateur voit ses rendez-vous sur son téléphone, les durées de prestation sont respectées automatiquement et il devient impossible de réserver deux clients sur le même fauteuil.",
      "## 4. Vos clients vous demandent s'ils peuvent réserver en ligne",
      "Si cette question revient régulièrement, c'est que vos clients ont déjà pris l'habitude ailleurs : chez leur médecin, leur garagiste ou leur restaurant. Les plus jeunes, en particulier, préfèrent nettement réserver en trois clics plutôt que d'appeler.",
      "Ne pas le leur proposer, c'est prendre le risque qu'ils choisissent un salon qui le fait. À l'inverse, un bouton « Réserver » bien visible sur votre fiche Google, votre compte Instagram et votre site transforme une simple visite en rendez-vous confirmé.",
      "## 5. Vous ne savez pas vraiment comment se remplit votre semaine",
      "Quels jours sont les plus creux ? Quelles prestations rapportent le plus ? Combien de clients ne sont pas revenus depuis trois mois ? Avec un agenda papier, ces questions restent sans réponse, faute de temps pour compter.",
      "Un outil de réservation vous donne ces chiffres sans effort. Vous pouvez alors agir : proposer une offre sur les créneaux du mardi matin, relancer les clients qui ne sont pas revenus ou ajuster vos horaires à la demande réelle.",
      "## Comment bien démarrer",
      "Passer à la réservation en ligne ne signifie pas abandonner le téléphone. Vos habitués pourront toujours vous appeler ; vous ajouterez simplement leurs rendez-vous dans le même agenda. Pour réussir la transition, quelques règles simples :",
      [
        "Commencez avec vos prestations principales et des durées réalistes, temps de pose compris.",
        "Activez les rappels SMS dès le premier jour : c'est là que le gain est le plus rapide.",
        "Affichez le lien partout : fiche Google, Instagram, Facebook, site web, et même en vitrine avec un QR code.",
        "Prévenez vos habitués d'un petit mot au moment de l'encaissement.",
      ],
      "En général, la moitié des rendez-vous passent en ligne au bout de deux mois, sans effort particulier. Et le téléphone, lui, redevient ce qu'il devrait être : un moyen de joindre le salon pour les questions qui comptent.",
      {
        note: `<strong>Vous vous reconnaissez dans au moins deux de ces signes ?</strong> Notre solution de réservation se met en place en dix jours, avec la reprise de votre agenda existant. <a href="${to("booking", "fr")}">Découvrir la réservation en ligne&nbsp;→</a>`,
      },
    ]),
  },
  en: {
    slug: SLUG,
    title: "5 signs your salon needs online booking",
    description:
      "The phone ringing mid-appointment, clients forgetting to turn up, a paper diary bursting at the seams: five signs it's time to let customers book online.",
    excerpt:
      "Calls in the middle of a colour, clients who forget their appointment, a diary nobody else can read: if that sounds familiar, your salon is ready for online booking.",
    image: COVER,
    doc: articleDoc([
      "In hair salons, beauty salons and massage studios, the phone is still the main way to book an appointment. For years it worked perfectly well. But your customers' habits have changed: these days, more than half of beauty appointments are booked outside opening hours, from the sofa in the evening or over coffee on a Sunday morning.",
      "Does that mean you need to change everything? Not necessarily. Here are five signs, drawn from the salons we work with, that online booking would save you time and win you more business.",
      "## 1. The phone rings while you're with a client",
      "It's the most common sign of all. You're halfway through a colour, gloves on, and the phone goes. Either you answer and interrupt your client, or you let it ring and the caller tries the salon across the road.",
      "A typical salon takes between 15 and 30 calls a day, two thirds of them to book, move or cancel an appointment. At two minutes a call, that's close to an hour's work every day, done in the worst possible conditions. With online booking, those requests come in on their own, at any hour, without interrupting anyone.",
      "## 2. No-shows are creeping up",
      "A customer who doesn't turn up leaves a slot you can't resell. In salons without automatic reminders, no-show rates often sit at 8 to 12%. Across a week of 60 appointments, that's five to seven empty chairs.",
      "A simple text reminder the day before, with a link to cancel or rebook, is enough to halve those no-shows. And for long treatments or first-time clients, taking a deposit at the time of booking all but solves the problem.",
      "## 3. Your paper diary has become a puzzle",
      "Crossings-out, arrows, bookings pencilled in and rubbed out, first names with no phone number: week by week, the paper diary turns into a document only you can read. The day you're off sick, nobody can pick up the schedule.",
      "A shared online diary keeps everyone on the same page. Each stylist sees their appointments on their phone, service times are respected automatically, and double-booking a chair becomes impossible.",
      "## 4. Customers keep asking if they can book online",
      "If you hear this question regularly, your customers have already got used to it elsewhere: at the GP, the garage or their favourite restaurant. Younger clients in particular would much rather book in three taps than make a call.",
      "Not offering it means risking them choosing a salon that does. A clearly visible Book now button on your Google profile, your Instagram account and your website, on the other hand, turns a casual look into a confirmed appointment.",
      "## 5. You don't really know how your week fills up",
      "Which days are quietest? Which services earn the most? How many regulars haven't been back in three months? With a paper diary those questions go unanswered, simply because nobody has time to count.",
      "A booking system gives you these figures without any effort. Then you can act on them: run an offer on Tuesday mornings, get back in touch with lapsed clients, or adjust your opening hours to match real demand.",
      "## Getting started the right way",
      "Moving to online booking doesn't mean giving up the phone. Your regulars can still call; you simply add their appointments to the same diary. A few simple rules make the switch painless:",
      [
        "Start with your main services and realistic durations, processing time included.",
        "Turn on text reminders from day one: that's where the quickest gains are.",
        "Put the link everywhere: Google profile, Instagram, Facebook, your website, even your window with a QR code.",
        "Let your regulars know with a quick word when they pay.",
      ],
      "Typically, half of all appointments move online within two months, with no special effort. And the phone goes back to being what it should be: a way to reach the salon for the questions that really matter.",
      {
        note: `<strong>Recognise at least two of these signs?</strong> Our booking solution is up and running in ten days, and we move your existing diary across for you. <a href="${to("booking", "en")}">Explore online booking&nbsp;→</a>`,
      },
    ]),
  },
};
