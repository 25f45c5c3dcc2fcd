import type { Lang } from "~/lib/i18n/routes";

/** The contact form's error messages in both languages, by code (the schema's messages are codes). */
const FR = {
  "errors.summary": "Votre demande n'est pas partie : corrigez les champs signalés.",
  "name.required": "Indiquez votre nom.",
  "name.tooLong": "Votre nom est trop long (120 caractères au plus).",
  "name.invalid": "Votre nom contient des caractères non acceptés.",
  "email.required": "Indiquez votre adresse e-mail.",
  "email.invalid": "Cette adresse e-mail n'est pas valide.",
  "phone.invalid": "Ce numéro de téléphone n'est pas valide.",
  "business.required": "Indiquez le nom de votre commerce ou entreprise.",
  "business.tooLong": "Ce nom est trop long (160 caractères au plus).",
  "business.invalid": "Ce nom contient des caractères non acceptés.",
  "message.required": "Écrivez votre message.",
  "message.tooShort": "Votre message est trop court (10 caractères au moins).",
  "message.tooLong": "Votre message est trop long (5 000 caractères au plus).",
  "message.invalid": "Votre message contient des caractères non acceptés.",
  "consent.required": "Cochez la case pour que nous puissions vous recontacter.",
  "offer.invalid": "Choisissez une offre de la liste.",
  "lang.invalid": "Langue inconnue.",
  "error.tooLarge": "Votre message est bien trop long : 5 000 caractères au plus.",
  "error.tooFast": "Votre demande est partie trop vite pour avoir été écrite. Patientez quelques secondes et renvoyez-la.",
  "error.spam": "Votre demande n'a pas pu être envoyée.",
  "error.throttled": "Trop de demandes envoyées depuis votre connexion. Réessayez dans une heure ou écrivez-nous directement.",
  "error.badRequest": "Votre demande n'a pas pu être lue. Rechargez la page et réessayez.",
  "error.network": "Connexion impossible. Vérifiez votre réseau et réessayez.",
  "error.server": "Une erreur est survenue de notre côté. Réessayez dans un instant.",
} as const;

type ContactMessageKey = keyof typeof FR;

const EN: Record<ContactMessageKey, string> = {
  "errors.summary": "Your request was not sent: please correct the fields marked.",
  "name.required": "Please enter your name.",
  "name.tooLong": "Your name is too long (120 characters at most).",
  "name.invalid": "Your name contains characters that are not accepted.",
  "email.required": "Please enter your email address.",
  "email.invalid": "This email address is not valid.",
  "phone.invalid": "This phone number is not valid.",
  "business.required": "Please enter the name of your shop or business.",
  "business.tooLong": "This name is too long (160 characters at most).",
  "business.invalid": "This name contains characters that are not accepted.",
  "message.required": "Please write your message.",
  "message.tooShort": "Your message is too short (10 characters at least).",
  "message.tooLong": "Your message is too long (5,000 characters at most).",
  "message.invalid": "Your message contains characters that are not accepted.",
  "consent.required": "Please tick the box so that we can contact you.",
  "offer.invalid": "Please choose a plan from the list.",
  "lang.invalid": "Unknown language.",
  "error.tooLarge": "Your message is far too long: 5,000 characters at most.",
  "error.tooFast": "Your request was sent too fast to have been written. Wait a few seconds and send it again.",
  "error.spam": "Your request could not be sent.",
  "error.throttled": "Too many requests from your connection. Try again in an hour or email us directly.",
  "error.badRequest": "Your request could not be read. Reload the page and try again.",
  "error.network": "No connection. Check your network and try again.",
  "error.server": "Something went wrong on our side. Try again in a moment.",
};

export function contactMessage(lang: Lang, key: string): string {
  const dict: Record<string, string> = lang === "en" ? EN : FR;
  return dict[key] ?? dict["error.badRequest"];
}
