import { z } from "zod";

/** Contact details, messaging numbers and social links: one settings record in the database. */
const contactSchema = z.object({
  phone: z.string().max(40),
  /** Messaging-service (WhatsApp) number; stripped to digits when the chat link is built. */
  whatsapp: z.string().max(40),
  address: z.string().max(300),
  city: z.string().max(80),
});

export const siteSettingsSchema = z.object({
  siteName: z.string().max(80),
  email: z.string().email().max(200),
  contact: z.object({ fr: contactSchema, en: contactSchema }),
  social: z.object({ facebook: z.string().url(), instagram: z.string().url() }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: "Archimed",
  email: "contact@archimed-digital.fr",
  contact: {
    fr: { phone: "+33 1 99 00 42 17", whatsapp: "+33 6 99 00 42 17", address: "18 rue du Faubourg Poissonnière, 75010 Paris", city: "Paris" },
    en: { phone: "+44 20 7946 0321", whatsapp: "+44 7700 900421", address: "27 Old Street, London EC1V 9HL", city: "London" },
  },
  social: { facebook: "https://www.facebook.com/archimed.digital", instagram: "https://www.instagram.com/archimed.digital" },
};
