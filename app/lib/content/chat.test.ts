import { afterEach, describe, expect, it, vi } from "vitest";
import { chatLink, whatsappDigits } from "./chat";
import { DEFAULT_SETTINGS } from "./settings";
import { en } from "../i18n/en";
import { fr } from "../i18n/fr";

afterEach(() => vi.restoreAllMocks());

describe("whatsappDigits", () => {
  it.each([
    ["+33 6 99 00 42 17", "33699004217"],
    ["+33 (0)6-99.00.42.17", "330699004217"],
    ["+44 7700 900421", "447700900421"],
    ["00 44 7700 900421", "00447700900421"],
  ])("%j → %j", (raw, digits) => {
    expect(whatsappDigits(raw, () => {})).toBe(digits);
  });

  it.each([["+33 6 99 00 42 17"], ["33 12345678"], ["+44 1234567"], ["+44 7700 900421"]])("accepts %j without a warning", (raw) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    whatsappDigits(raw);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["+33 1234567"], // 33 + 7 digits: one short
    ["+44 123456"], // 44 + 6 digits: one short
    ["+1 555 010 0000"],
    ["06 99 00 42 17"],
    ["00 33 6 99 00 42 17"],
    ["pas un numéro"],
    [""],
  ])("warns on the console for %j", (raw) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    whatsappDigits(raw);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(raw.replace(/\D/g, ""));
  });
});

describe("chatLink", () => {
  it("is a wa.me link with the digits and the URL-encoded message", () => {
    const link = chatLink("+33 6 99 00 42 17", "Bonjour, j'aimerais un rendez-vous & un devis ?", () => {});
    expect(link).toBe("https://wa.me/33699004217?text=Bonjour%2C%20j'aimerais%20un%20rendez-vous%20%26%20un%20devis%E2%80%AF%3F");
    const url = new URL(link);
    expect(url.searchParams.get("text")).toBe("Bonjour, j'aimerais un rendez-vous & un devis ?");
  });

  it("encodes accents, line breaks and hostile characters", () => {
    const msg = 'Réservation — été\n<script>"x"</script>#?&=';
    const url = new URL(chatLink("+44 7700 900421", msg, () => {}));
    expect(url.origin + url.pathname).toBe("https://wa.me/447700900421");
    expect(url.searchParams.get("text")).toBe(msg);
    expect(url.hash).toBe("");
  });

  it("the shipped numbers and messages of both languages give valid links without warnings", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(chatLink(DEFAULT_SETTINGS.contact.fr.whatsapp, fr["chat.message"])).toMatch(/^https:\/\/wa\.me\/33\d{8,}\?text=.+/);
    expect(chatLink(DEFAULT_SETTINGS.contact.en.whatsapp, en["chat.message"])).toMatch(/^https:\/\/wa\.me\/44\d{7,}\?text=.+/);
    expect(warn).not.toHaveBeenCalled();
  });
});
