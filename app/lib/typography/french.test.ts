import { describe, expect, it } from "vitest";
import { frenchTypography as fr, NBSP, NNBSP, typesetHtml } from "./french";

/** Visible markers make the expectations readable: ⍽ is U+202F, ␣ is U+00A0. */
const show = (s: string) => s.replaceAll(NNBSP, "⍽").replaceAll(NBSP, "␣");
const t = (s: string) => show(fr(s));
const h = (s: string, lang = "fr") => show(typesetHtml(s, lang));

describe("punctuation", () => {
  it("puts a narrow no-break space before ; ! ? : and %", () => {
    expect(t("Vraiment? Oui! Attention; voici: 50%")).toBe("Vraiment⍽? Oui⍽! Attention⍽; voici⍽: 50⍽%");
  });
  it("replaces a plain or no-break space typed before the sign", () => {
    expect(t("Note : ceci ; cela ! Quoi ? 20 %")).toBe("Note⍽: ceci⍽; cela⍽! Quoi⍽? 20⍽%");
    expect(t(`Note${NBSP}: ici`)).toBe("Note⍽: ici");
    expect(t(`Note${NNBSP}: ici`)).toBe("Note⍽: ici");
  });
  it("puts one space before a run of marks", () => {
    expect(t("Quoi?! Non!!!")).toBe("Quoi⍽?! Non⍽!!!");
  });
  it("is idempotent", () => {
    const once = fr(`Le 1er client a dit "Super!" : 20 000 euros, 50 %.`);
    expect(fr(once)).toBe(once);
    expect(typesetHtml(typesetHtml(`<p>Il a dit "oui" : 10 %</p>`, "fr"), "fr")).toBe(typesetHtml(`<p>Il a dit "oui" : 10 %</p>`, "fr"));
  });
  it("leaves a sign at the very start alone", () => {
    expect(t("? au début")).toBe("? au début");
    expect(t(": liste")).toBe(": liste");
  });
});

describe("what is never touched", () => {
  it("times and ratios", () => {
    expect(t("Ouvert de 10:30 à 18:00, format 16:9.")).toBe("Ouvert de 10:30 à 18:00, format 16:9.");
    expect(t("Rendez-vous à 9:05:30 précises")).toBe("Rendez-vous à 9:05:30 précises");
  });
  it("URLs, e-mail addresses and their query strings", () => {
    expect(t("Voir https://exemple.fr/a?b=1;c=2!x ou www.exemple.fr?q=1")).toBe("Voir https://exemple.fr/a?b=1;c=2!x ou www.exemple.fr?q=1");
    expect(t("Écrivez à contact@archimed.fr: réponse en 24 h")).toBe("Écrivez à contact@archimed.fr⍽: réponse en 24 h");
    expect(t("mailto:bonjour@exemple.fr et tel:+33123456789")).toBe("mailto:bonjour@exemple.fr et tel:+33123456789");
  });
  it("HTML entities in text", () => {
    expect(h("<p>A &amp; B&#39;s &lt;b&gt; &eacute;t&eacute;</p>")).toBe("<p>A &amp; B&#39;s &lt;b&gt; &eacute;t&eacute;</p>");
  });
  it("tags and attributes", () => {
    const html = `<p><a href="https://x.fr/?a=1;b=2" title="Quoi ? &quot;x&quot;">Lien</a> : suite</p>`;
    expect(h(html)).toBe(`<p><a href="https://x.fr/?a=1;b=2" title="Quoi ? &quot;x&quot;">Lien</a>⍽: suite</p>`);
  });
  it("code, pre, kbd and friends", () => {
    const html = `<p>Tapez <code>a ? b : c; "x"</code> puis <kbd>Ctrl : C</kbd> !</p><pre>if (a) { b: "c" }</pre>`;
    expect(h(html)).toBe(`<p>Tapez <code>a ? b : c; "x"</code> puis <kbd>Ctrl : C</kbd>⍽!</p><pre>if (a) { b: "c" }</pre>`);
  });
  it("English content", () => {
    const html = `<p>Note: "quoted" 20 000 1st 50% Really?</p>`;
    expect(typesetHtml(html, "en")).toBe(html);
  });
  it("private-use characters (icon fonts) are left alone", () => {
    expect(fr("\uE001 Note: x")).toBe("\uE001 Note: x");
  });
  it("phone numbers and postal codes are not grouped", () => {
    expect(t("Appelez le 06 12 34 56 78, 75011 Paris")).toBe("Appelez le 06 12 34 56 78, 75011 Paris");
  });
});

describe("quotes", () => {
  it("turns straight and curly double quotes into « » with narrow spaces", () => {
    expect(t(`Il a dit "bonjour" puis “merci”.`)).toBe("Il a dit «⍽bonjour⍽» puis «⍽merci⍽».");
  });
  it("fixes spacing inside typed « »", () => {
    expect(t("«bonjour»")).toBe("«⍽bonjour⍽»");
    expect(t("« bonjour »")).toBe("«⍽bonjour⍽»");
  });
  it("pairs quotes across inline tags, as the sanitizer escapes them", () => {
    expect(h("<p>Un &quot;<strong>vrai</strong>&quot; site</p>")).toBe("<p>Un «⍽<strong>vrai</strong>⍽» site</p>");
  });
  it("keeps the sign's space after a closing quote", () => {
    expect(t(`C'est "génial"!`)).toBe("C'est «⍽génial⍽»⍽!");
  });
});

describe("numbers", () => {
  it("groups thousands with narrow no-break spaces", () => {
    expect(t("20 000 euros et 1 250 000 visiteurs")).toBe("20⍽000␣euros et 1⍽250⍽000 visiteurs");
    expect(t(`20${NBSP}000 €`)).toBe("20⍽000␣€");
  });
  it("keeps a number with its unit", () => {
    expect(t("49 € HT, 3 mois, 12 km")).toBe("49␣€ HT, 3␣mois, 12␣km");
  });
  it("leaves decimals and years alone", () => {
    expect(t("En 2026, 3,5 000 ou 1.000")).toBe("En 2026, 3,5 000 ou 1.000");
  });
});

describe("ordinals", () => {
  it("writes ordinal abbreviations in superscript", () => {
    expect(t("le 1er, la 1re, la 1ère, le 2e, le 3ème, le 4eme, le 2nd, la 2nde")).toBe("le 1ᵉʳ, la 1ʳᵉ, la 1ʳᵉ, le 2ᵉ, le 3ᵉ, le 4ᵉ, le 2ᵈ, la 2ᵈᵉ");
  });
  it("leaves look-alikes alone", () => {
    expect(t("1e5, 2er, mp3e, A4e, 10eur")).toBe("1e5, 2er, mp3e, A4e, 10eur");
  });
});

describe("HTML", () => {
  it("carries the previous character across inline tags but not across blocks", () => {
    expect(h("<p><strong>Important</strong>: lire</p><p>: seul</p>")).toBe("<p><strong>Important</strong>⍽: lire</p><p>: seul</p>");
  });
  it("handles attributes containing > and quotes", () => {
    expect(h(`<p><span data-x="a>b" title='c "d"'>x</span> ?</p>`)).toBe(`<p><span data-x="a>b" title='c "d"'>x</span>⍽?</p>`);
  });
  it("keeps comments and an empty string", () => {
    expect(h("<!-- a : b --><p>a</p>")).toBe("<!-- a : b --><p>a</p>");
    expect(typesetHtml("", "fr")).toBe("");
  });
  it("leaves an inch mark after a number as typed, escaped as it came", () => {
    expect(h("<p>5&quot; d'écran</p>")).toBe("<p>5&quot; d'écran</p>");
  });
});
