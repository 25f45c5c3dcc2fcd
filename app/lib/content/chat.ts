/** WhatsApp chat link (seed 000 §5). Kept apart from the settings schema so pages ship no validation code. */
const FR = /^33\d{8,}$/;
const UK = /^44\d{7,}$/;

/** Seed 000 §5: digits only; a console warning when neither the French nor the UK format matches. */
export function whatsappDigits(raw: string, warn: (msg: string) => void = console.warn): string {
  const digits = raw.replace(/\D/g, "");
  if (!FR.test(digits) && !UK.test(digits)) warn(`Numéro WhatsApp au format inattendu : ${digits}`);
  return digits;
}

export function chatLink(raw: string, message: string, warn?: (msg: string) => void): string {
  return `https://wa.me/${whatsappDigits(raw, warn)}?text=${encodeURIComponent(message)}`;
}
