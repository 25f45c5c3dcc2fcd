/**
 * The contact form's limits and field names, without zod: the page's markup needs them (maxlength, hidden
 * fields) on every render, while the schema is loaded by the browser only when the form is sent.
 */
export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  business: 160,
  message: 5000,
  messageMin: 10,
  /** Whole request body (form post or JSON): a 1 MB message is refused before it is read whole. */
  bodyBytes: 32 * 1024,
} as const;

/** The offers a "Souscrire" link can preselect (?offre=… on the contact page). */
export const CONTACT_OFFERS = ["essentiel", "croissance", "360"] as const;
export type ContactOffer = (typeof CONTACT_OFFERS)[number];

/** Fields sent with the form that are not part of the request: the honeypot and when the form was shown. */
export const HONEYPOT_FIELD = "website";
export const STARTED_FIELD = "startedAt";
