import { doc, row } from "~/lib/document/build";
import type { PageDocument } from "~/lib/document/schema";
import type { SeedPage } from "../types";
import { BG, checks, eyebrow, h1, heroBlock, lead, to } from "./kit";

/** The contact page's words; the form itself is drawn by the site under this document (ContactSection). */
function contactDoc(c: { kicker: string; title: string; lead: string; points: string[] }): PageDocument {
  return doc(heroBlock(BG.accent, row([7, [eyebrow(c.kicker), h1(c.title), lead(`<p>${c.lead}</p>`)]], [5, [checks(c.points, { fontSize: "16px" })]])));
}

export const contactPage: SeedPage = {
  kind: "system",
  systemKey: "contact",
  fr: {
    slug: to("contact", "fr"),
    title: "Contact : parlons de votre commerce",
    description: "Une question, un projet, une offre qui vous intéresse ? Écrivez à Archimed : un conseiller vous répond sous un jour ouvré.",
    doc: contactDoc({
      kicker: "Contact",
      title: "Parlons de votre commerce",
      lead: "Dites-nous en quelques lignes ce que vous vendez et ce qui vous prend du temps. Un conseiller vous répond sous un jour ouvré, sans engagement.",
      points: ["Réponse sous un jour ouvré", "Un diagnostic gratuit de 30 minutes", "Aucun démarchage, aucune revente de vos données"],
    }),
  },
  en: {
    slug: to("contact", "en"),
    title: "Contact: let's talk about your business",
    description: "A question, a project, a plan you like? Write to Archimed: an advisor answers within one working day.",
    doc: contactDoc({
      kicker: "Contact",
      title: "Let's talk about your business",
      lead: "Tell us in a few lines what you sell and what takes up your time. An advisor answers within one working day, with no commitment.",
      points: ["An answer within one working day", "A free 30-minute review", "No cold calls, your details are never sold"],
    }),
  },
};
