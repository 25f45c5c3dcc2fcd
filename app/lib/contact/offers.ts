import type { Lang } from "~/lib/i18n/routes";
import type { ContactOffer } from "./limits";

/** The offers' names as the offers page gives them in each language (seeded in content/seed/pages/offers.ts). */
export const OFFER_NAMES: Record<Lang, Record<ContactOffer, string>> = {
  fr: { essentiel: "Essentiel", croissance: "Croissance", "360": "360" },
  en: { essentiel: "Essentials", croissance: "Growth", "360": "360" },
};

/** The French names, for the back-office's list and the team's e-mail (both speak French). */
export const OFFER_LABELS: Record<string, string> = OFFER_NAMES.fr;
