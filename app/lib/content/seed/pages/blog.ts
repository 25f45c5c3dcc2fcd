import { block, doc, row } from "~/lib/document/build";
import type { SeedPage } from "../types";
import { BG, eyebrow, h1, lead, to } from "./kit";

/** The blog list page: an introduction only; the app appends the published articles below it. */
const hero = (kicker: string, title: string, text: string) =>
  doc(
    block(
      { backgroundColor: BG.accent, paddingTop: "72px", paddingBottom: "64px", marginBottom: "48px" },
      row([9, [eyebrow(kicker), h1(title), lead(`<p>${text}</p>`)]]),
    ),
  );

export const blogPage: SeedPage = {
  kind: "system",
  systemKey: "blog",
  fr: {
    slug: to("blog", "fr"),
    title: "Blog : conseils digitaux pour commerçants",
    description:
      "Réservation en ligne, click & collect, Instagram, référencement local : des conseils concrets, testés sur le terrain, pour développer votre commerce.",
    image: "/media/seed/atelier-equipe.jpg",
    doc: hero(
      "Le blog",
      "Des conseils concrets pour les commerces de proximité",
      "Réservation, site web, réseaux sociaux, click & collect : ce que nous apprenons chaque semaine aux côtés de nos clients, sans jargon et directement applicable dans votre boutique.",
    ),
  },
  en: {
    slug: to("blog", "en"),
    title: "Blog: digital advice for local businesses",
    description:
      "Online booking, click & collect, Instagram and local search: practical, field-tested advice to help your independent shop, salon or café grow, week after week.",
    image: "/media/seed/atelier-equipe.jpg",
    doc: hero(
      "The blog",
      "Practical advice for local businesses",
      "Booking, websites, social media and click & collect: what we learn every week working alongside our clients, jargon-free and ready to use in your own shop.",
    ),
  },
};
