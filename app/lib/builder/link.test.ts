import { describe, expect, it } from "vitest";
import { applyLink, checkLinkUrl, LINK_ERRORS, readLink } from "./link";

describe("link editor rule", () => {
  it("turns the first occurrence of the text into the anchor", () => {
    expect(applyLink("<p>Voir nos offres et nos offres</p>", { text: "nos offres", url: "/offres", newTab: false })).toBe(
      '<p>Voir <a href="/offres">nos offres</a> et nos offres</p>',
    );
  });

  it("adds target=_blank with rel=noopener noreferrer for a new tab", () => {
    expect(applyLink("<p>Contactez-nous</p>", { text: "Contactez-nous", url: "https://exemple.fr/contact", newTab: true })).toBe(
      '<p><a href="https://exemple.fr/contact" target="_blank" rel="noopener noreferrer">Contactez-nous</a></p>',
    );
  });

  it("appends the anchor inside the last paragraph when the text is absent", () => {
    expect(applyLink("<p>Bonjour</p><p>Fin</p>", { text: "Écrire", url: "mailto:a@b.fr", newTab: false })).toBe(
      '<p>Bonjour</p><p>Fin <a href="mailto:a@b.fr">Écrire</a></p>',
    );
    expect(applyLink("<ul><li>Un</li></ul>", { text: "Appeler", url: "tel:+33123456789", newTab: false })).toBe(
      '<ul><li>Un <a href="tel:+33123456789">Appeler</a></li></ul>',
    );
    expect(applyLink("Titre", { text: "lien", url: "/a", newTab: false })).toBe('Titre <a href="/a">lien</a>');
    expect(applyLink("", { text: "lien", url: "/a", newTab: false })).toBe('<a href="/a">lien</a>');
  });

  it("never matches inside a tag or an existing anchor", () => {
    expect(applyLink('<p class="offres"><a href="/x">offres</a> offres</p>', { text: "offres", url: "/offres", newTab: false })).toBe(
      '<p class="offres"><a href="/x">offres</a> <a href="/offres">offres</a></p>',
    );
  });

  it("matches text with entities and escapes what it writes", () => {
    expect(applyLink("<p>R&amp;D</p>", { text: "R&D", url: "/rd", newTab: false })).toBe('<p><a href="/rd">R&amp;D</a></p>');
    expect(applyLink("<p>x</p>", { text: "<img src=x onerror=alert(1)>", url: "/a", newTab: false })).toBe(
      '<p>x <a href="/a">&lt;img src=x onerror=alert(1)&gt;</a></p>',
    );
  });

  it("uses the address as text when none is given", () => {
    expect(applyLink("<p>a</p>", { text: " ", url: "https://exemple.fr", newTab: false })).toBe(
      '<p>a <a href="https://exemple.fr/">https://exemple.fr/</a></p>',
    );
  });

  it("accepts relative paths, anchors, mailto: and tel:, refuses javascript: and data:", () => {
    expect(checkLinkUrl("/offres")).toEqual({ ok: true, href: "/offres" });
    expect(checkLinkUrl("#contact")).toEqual({ ok: true, href: "#contact" });
    expect(checkLinkUrl("mailto:contact@exemple.fr")).toEqual({ ok: true, href: "mailto:contact@exemple.fr" });
    expect(checkLinkUrl("tel:+33123456789")).toEqual({ ok: true, href: "tel:+33123456789" });
    expect(checkLinkUrl("www.exemple.fr")).toEqual({ ok: true, href: "https://www.exemple.fr/" });
    for (const bad of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>", "vbscript:x", "//evil.example", "/\\evil.example", "", "#"]) {
      expect(checkLinkUrl(bad)).toEqual({ ok: false, error: LINK_ERRORS.url });
    }
    expect(() => applyLink("<p>a</p>", { text: "a", url: "javascript:alert(1)", newTab: false })).toThrow(LINK_ERRORS.url);
  });

  it("reads an existing link back", () => {
    expect(readLink({ href: "/a", target: "_blank", text: "A" })).toEqual({ text: "A", url: "/a", newTab: true });
    expect(readLink({ href: "/a", target: null, text: "A" })).toEqual({ text: "A", url: "/a", newTab: false });
  });
});
