import * as z from "zod/mini";

/**
 * The contact form's one schema, used by the browser before sending and by the server before storing.
 * zod/mini keeps it small enough for the public page's JavaScript budget. Messages are codes, worded in the
 * visitor's language by `contactMessage` (messages.ts).
 */
export { CONTACT_LIMITS, CONTACT_OFFERS, HONEYPOT_FIELD, STARTED_FIELD, type ContactOffer } from "./limits";
import { CONTACT_LIMITS, CONTACT_OFFERS } from "./limits";

/** No control characters at all in one-line fields: a CR or LF in an e-mail field is a header injection. */
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
/** Multi-line text: line breaks and tabs only. */
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

const line = (field: string, max: number) =>
  z.string(`${field}.required`).check(z.minLength(1, `${field}.required`), z.maxLength(max, `${field}.tooLong`), z.regex(ONE_LINE, `${field}.invalid`));

export const contactSchema = z.object({
  name: line("name", CONTACT_LIMITS.name),
  email: z
    .string("email.required")
    .check(
      z.minLength(1, "email.required"),
      z.maxLength(CONTACT_LIMITS.email, "email.invalid"),
      z.regex(ONE_LINE, "email.invalid"),
      z.regex(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/, "email.invalid"),
    ),
  phone: z.optional(z.string("phone.invalid").check(z.maxLength(CONTACT_LIMITS.phone, "phone.invalid"), z.regex(/^[+\d][\d .()-]{5,}$/, "phone.invalid"))),
  business: line("business", CONTACT_LIMITS.business),
  message: z
    .string("message.required")
    .check(
      z.minLength(CONTACT_LIMITS.messageMin, "message.tooShort"),
      z.maxLength(CONTACT_LIMITS.message, "message.tooLong"),
      z.regex(MULTI_LINE, "message.invalid"),
    ),
  consent: z.literal(true, "consent.required"),
  offer: z.optional(z.enum(CONTACT_OFFERS, "offer.invalid")),
  lang: z.enum(["fr", "en"], "lang.invalid"),
});
export type ContactInput = z.infer<typeof contactSchema>;
type ContactField = "name" | "email" | "phone" | "business" | "message" | "consent" | "offer" | "lang";

/**
 * Form values as sent (strings from a form post, or JSON) → the schema's input: strings trimmed, CR LF as LF
 * in the message, an empty phone or offer as absent, the consent box as a boolean. Anything else passes
 * unchanged for the schema to refuse.
 */
function normalizeContact(raw: Record<string, unknown>): Record<string, unknown> {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : v);
  const optional = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : str(v));
  const consent = raw.consent;
  return {
    name: str(raw.name),
    email: str(raw.email),
    phone: optional(str(raw.phone)),
    business: str(raw.business),
    message: typeof raw.message === "string" ? raw.message.replace(/\r\n?/g, "\n").trim() : raw.message,
    consent: consent === true || consent === "on" || consent === "true" || consent === "1",
    offer: optional(str(raw.offer)),
    lang: raw.lang,
  };
}

export type ContactErrors = Partial<Record<ContactField, string>>;

/** Field → first error code, in form order. */
export function validateContact(raw: Record<string, unknown>): { ok: true; data: ContactInput } | { ok: false; errors: ContactErrors } {
  const parsed = contactSchema.safeParse(normalizeContact(raw));
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "message") as ContactField;
    errors[field] ??= issue.message.includes(".") ? issue.message : `${field}.invalid`;
  }
  return { ok: false, errors };
}
