import { doc, row } from "~/lib/document/build";
import type { PageDocument, PageElement } from "~/lib/document/schema";
import type { SeedPage } from "../types";
import { BG, body, cardText, checks, eyebrow, featureRows, gap, h1, h2, heroBlock, ICONS, intro, lead, heroPicture, section, steps, to } from "./kit";

const JOBS_EMAIL = "recrutement@archimed-digital.fr";

interface RecruitmentCopy {
  kicker: string;
  title: string;
  lead: string;
  heroAlt: string;
  culture: { kicker: string; title: string; lead: string; items: { icon: string; title: string; text: string }[] };
  perks: { kicker: string; title: string; lead: string; items: string[] };
  jobs: { kicker: string; title: string; lead: string; apply: string; items: { title: string; meta: string; text: string }[] };
  process: { kicker: string; title: string; items: { title: string; text: string }[]; note: string };
  open: { title: string; text: string };
}

function recruitmentDoc(c: RecruitmentCopy): PageDocument {
  const jobs = c.jobs.items.map((j): [number, PageElement[]] => [
    6,
    [
      cardText(
        `<h3>${j.title}</h3><p><strong>${j.meta}</strong></p><p>${j.text}</p><p><a href="mailto:${JOBS_EMAIL}?subject=${encodeURIComponent(j.title)}">${c.jobs.apply}&nbsp;→</a></p>`,
      ),
    ],
  ]);
  return doc(
    heroBlock(BG.accent, row([6, [eyebrow(c.kicker), h1(c.title), lead(`<p>${c.lead}</p>`)]], [6, heroPicture("/media/seed/atelier-equipe.jpg", c.heroAlt)])),
    section(BG.plain, intro(c.culture.kicker, c.culture.title, `<p>${c.culture.lead}</p>`), ...featureRows(c.culture.items)),
    section(BG.teal, row([6, [eyebrow(c.perks.kicker), h2(c.perks.title), lead(`<p>${c.perks.lead}</p>`)]], [6, [gap("8px"), checks(c.perks.items)]])),
    section(BG.alt, intro(c.jobs.kicker, c.jobs.title, `<p>${c.jobs.lead}</p>`), row(...jobs.slice(0, 2)), row([12, [gap("8px")]]), row(...jobs.slice(2))),
    section(BG.plain, intro(c.process.kicker, c.process.title), steps(c.process.items), row([12, [gap("16px"), body(`<p>${c.process.note}</p>`)]])),
    section(BG.accent, row([8, [h2(c.open.title), lead(`<p>${c.open.text}</p><p><a href="mailto:${JOBS_EMAIL}">${JOBS_EMAIL}</a></p>`)]])),
  );
}

export const recruitmentPage: SeedPage = {
  kind: "system",
  systemKey: "recruitment",
  fr: {
    slug: to("recruitment", "fr"),
    title: "Recrutement : rejoignez l'équipe Archimed",
    description:
      "Chef de projet, community manager, développeur front-end, account manager à Londres : découvrez nos postes ouverts, notre culture et comment postuler.",
    image: "/media/seed/atelier-equipe.jpg",
    doc: recruitmentDoc({
      kicker: "Recrutement",
      title: "Rejoignez une équipe qui aime les commerces de quartier",
      lead: "Nous sommes 22, entre Paris et Londres, à aider boulangers, coiffeurs, fleuristes et restaurateurs à réussir en ligne. Si le concret vous motive plus que le jargon, parlons-en.",
      heroAlt: "L'équipe Archimed en atelier autour d'une table, devant un tableau de notes",
      culture: {
        kicker: "Notre culture",
        title: "Ce qui nous tient à cœur",
        lead: "Trois principes guident nos recrutements comme notre travail au quotidien.",
        items: [
          {
            icon: ICONS.store,
            title: "Le terrain d'abord",
            text: "Chaque nouvelle recrue passe sa première semaine chez des clients : derrière un comptoir, on comprend vite ce qui compte vraiment.",
          },
          {
            icon: ICONS.sparkle,
            title: "La clarté avant tout",
            text: "Pas de jargon avec nos clients, pas de réunion sans ordre du jour entre nous. Nous écrivons, nous décidons, nous avançons.",
          },
          {
            icon: ICONS.users,
            title: "Autonomie et entraide",
            text: "Chacun est responsable de ses clients, et personne ne reste seul face à un problème : l'équipe répond en quelques minutes.",
          },
        ],
      },
      perks: {
        kicker: "Avantages",
        title: "Bien travailler, et bien vivre à côté",
        lead: "Des conditions pensées pour durer, que vous soyez à Paris ou à Londres.",
        items: [
          "Télétravail jusqu'à deux jours par semaine",
          "Mutuelle prise en charge à 100 % pour vous et vos enfants",
          "Budget formation de 1 500 € par an et par personne",
          "Titres-restaurant de 11 € et forfait mobilités durables",
          "Bureaux lumineux près de la gare de l'Est, à Paris",
          "Séminaire annuel entre les équipes de Paris et de Londres",
        ],
      },
      jobs: {
        kicker: "Postes ouverts",
        title: "Nous recrutons",
        lead: "Tous nos postes sont ouverts aux candidatures sans diplôme spécifique : ce sont vos expériences qui comptent.",
        apply: "Postuler à ce poste",
        items: [
          {
            title: "Chef·fe de projet digital",
            meta: "Paris 10e · CDI · 42 à 50 k€ brut par an",
            text: "Vous orchestrez la mise en place de 6 à 8 nouveaux clients par mois : cadrage, paramétrage, formation et suivi, avec nos équipes créa et technique.",
          },
          {
            title: "Community manager",
            meta: "Paris 10e · CDI · 36 à 42 k€ brut par an",
            text: "Vous animez les réseaux d'une quinzaine de commerces, de la séance photo à la réponse aux avis, avec un vrai sens du ton juste.",
          },
          {
            title: "Développeur·se front-end React",
            meta: "Paris ou télétravail · CDI · 48 à 60 k€ brut par an",
            text: "Vous faites évoluer nos sites et notre éditeur visuel (React, TypeScript), avec une obsession : des pages rapides et accessibles à tous.",
          },
          {
            title: "Account manager",
            meta: "Londres · CDI · 38 000 à 44 000 £ par an",
            text: "Vous développez notre clientèle britannique et accompagnez une trentaine de commerces londoniens. Anglais courant, français apprécié.",
          },
        ],
      },
      process: {
        kicker: "Comment postuler",
        title: "Un processus court et transparent",
        items: [
          {
            title: "Envoyez votre candidature",
            text: "Un CV et quelques lignes sur ce qui vous attire chez nous, par e-mail. Pas besoin de lettre de motivation.",
          },
          {
            title: "Échangeons 30 minutes",
            text: "Un appel avec la personne qui sera votre responsable, pour parler du poste, de vos envies et de vos questions.",
          },
          {
            title: "Cas pratique et rencontre",
            text: "Un exercice de deux heures sur un cas réel, puis un moment avec l'équipe. Réponse définitive sous une semaine.",
          },
        ],
        note: "Nous répondons à toutes les candidatures sous 7 jours. Le processus complet dure trois semaines en moyenne.",
      },
      open: {
        title: "Pas de poste pour vous aujourd'hui ?",
        text: "Les candidatures spontanées sont les bienvenues, surtout si vous avez travaillé dans le commerce. Écrivez-nous :",
      },
    }),
  },
  en: {
    slug: to("recruitment", "en"),
    title: "Careers: join the Archimed team",
    description:
      "Project manager, social media manager, front-end developer, London account manager: explore our open roles, how we work and how to apply to Archimed.",
    image: "/media/seed/atelier-equipe.jpg",
    doc: recruitmentDoc({
      kicker: "Careers",
      title: "Join a team that loves local businesses",
      lead: "There are 22 of us across London and Paris, helping bakers, hairdressers, florists and restaurateurs succeed online. If practical results excite you more than buzzwords, let's talk.",
      heroAlt: "The Archimed team in a workshop around a table, in front of a board of sticky notes",
      culture: {
        kicker: "Our culture",
        title: "What matters to us",
        lead: "Three principles shape how we hire and how we work every day.",
        items: [
          {
            icon: ICONS.store,
            title: "Shop floor first",
            text: "Every new starter spends their first week with clients: behind a counter, you quickly learn what really matters.",
          },
          {
            icon: ICONS.sparkle,
            title: "Clarity above all",
            text: "No jargon with clients, no meetings without an agenda. We write things down, decide and move on.",
          },
          {
            icon: ICONS.users,
            title: "Ownership and support",
            text: "Everyone owns their clients, and nobody is left alone with a problem: the team is there within minutes.",
          },
        ],
      },
      perks: {
        kicker: "Benefits",
        title: "Good work, and a good life outside it",
        lead: "Conditions designed for the long run, whether you're in London or Paris.",
        items: [
          "Work from home up to two days a week",
          "Private medical insurance from day one",
          "£1,300 personal training budget every year",
          "Cycle to Work scheme and season ticket loan",
          "Bright office a short walk from Old Street",
          "Annual get-together with the Paris team",
        ],
      },
      jobs: {
        kicker: "Open roles",
        title: "We're hiring",
        lead: "None of our roles require a specific degree: it's your experience that counts.",
        apply: "Apply for this role",
        items: [
          {
            title: "Digital project manager",
            meta: "Paris · Permanent · €42k to €50k a year",
            text: "You'll run the onboarding of six to eight new clients a month: scoping, set-up, training and follow-up, with our design and tech teams.",
          },
          {
            title: "Social media manager",
            meta: "Paris · Permanent · €36k to €42k a year",
            text: "You'll look after the social accounts of around fifteen shops, from photo shoots to review replies, always in the right tone.",
          },
          {
            title: "Front-end developer (React)",
            meta: "Paris or remote · Permanent · €48k to €60k a year",
            text: "You'll evolve our websites and visual editor (React, TypeScript), obsessed with pages that are fast and accessible to everyone.",
          },
          {
            title: "Account manager",
            meta: "London · Permanent · £38,000 to £44,000 a year",
            text: "You'll grow our UK client base and look after around thirty London businesses. Fluent English; French a plus.",
          },
        ],
      },
      process: {
        kicker: "How to apply",
        title: "A short, transparent process",
        items: [
          { title: "Send your application", text: "Your CV and a few lines on what draws you to us, by email. No cover letter needed." },
          { title: "A 30-minute chat", text: "A call with your future manager to talk about the role, what you're looking for and any questions you have." },
          { title: "Case study and meet the team", text: "A two-hour exercise on a real case, then time with the team. Final answer within a week." },
        ],
        note: "We reply to every application within 7 days. The whole process takes about three weeks.",
      },
      open: {
        title: "Nothing for you right now?",
        text: "Speculative applications are always welcome, especially if you've worked in retail or hospitality. Write to us:",
      },
    }),
  },
};
