import { describe, expect, it } from "vitest";
import { readableText, textDiff } from "./text-diff";

describe("textDiff", () => {
  it("marks the words that changed, keeps the rest, and joins back into both texts", () => {
    const before = "Nos offres sont simples et claires.";
    const after = "Nos offres sont désormais complètes et claires.";
    const parts = textDiff(before, after);
    expect(parts.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual(["simples"]);
    expect(parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["désormais complètes"]);
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(after);
  });

  it("the same text is one unchanged part, nothing is nothing", () => {
    expect(textDiff("Pareil", "Pareil")).toEqual([{ kind: "same", text: "Pareil" }]);
    expect(textDiff("", "")).toEqual([]);
  });
});

describe("readableText", () => {
  it("reads the words of a text element, an image's alternative text, a button's label", () => {
    expect(readableText({ type: "text", content: "<p>Un <strong>texte</strong> &amp; plus</p>" })).toBe("Un texte & plus");
    expect(readableText({ type: "image", content: "/media/a.jpg", alt: "Une boutique" })).toBe("Une boutique");
    expect(readableText({ type: "image", content: "/media/a.jpg" })).toBe("/media/a.jpg");
    expect(readableText({ type: "button", content: "Réserver" })).toBe("Réserver");
  });
});
