import type { Lang } from "~/lib/i18n/routes";

/**
 * The contact form's labels in both languages, kept with the form so the site's dictionaries stay small.
 * Error messages live in messages.ts: the server words them, and the browser loads them only on sending.
 */
const FR = {
  "form.name": "Nom",
  "form.email": "E-mail",
  "form.phone": "Téléphone (facultatif)",
  "form.business": "Votre commerce ou entreprise",
  "form.message": "Votre message",
  "form.offer": "Offre qui vous intéresse",
  "form.offer.none": "Je ne sais pas encore",
  "form.consent": "J'accepte qu'Archimed me recontacte au sujet de ma demande. Mes données ne servent qu'à cela.",
  "form.send": "Envoyer ma demande",
  "form.sending": "Envoi…",
  "form.required": "obligatoire",
  "form.honeypot": "Ne pas remplir ce champ",
  "sent.title": "Merci, votre demande est bien arrivée",
  "sent.text": "Un conseiller vous répond sous un jour ouvré, par e-mail ou par téléphone.",
  "sent.again": "Envoyer une autre demande",
} as const;

export type ContactWordKey = keyof typeof FR;

const EN: Record<ContactWordKey, string> = {
  "form.name": "Name",
  "form.email": "Email",
  "form.phone": "Phone (optional)",
  "form.business": "Your shop or business",
  "form.message": "Your message",
  "form.offer": "Plan you are interested in",
  "form.offer.none": "I don't know yet",
  "form.consent": "I agree that Archimed may contact me about my request. My details are used for nothing else.",
  "form.send": "Send my request",
  "form.sending": "Sending…",
  "form.required": "required",
  "form.honeypot": "Leave this field empty",
  "sent.title": "Thank you, your request has arrived",
  "sent.text": "An advisor will answer within one working day, by email or phone.",
  "sent.again": "Send another request",
};

export function contactWords(lang: Lang): Record<ContactWordKey, string> {
  return lang === "en" ? EN : FR;
}

export { OFFER_LABELS } from "./offers";
