import { describe, expect, it } from "vitest";
import { findUnsafeText, safeText, unsafeTextReason } from "./safe-text";

describe("the safe-text rule", () => {
  it.each(["", "Bonjour", "ligne\nautre\tcolonne\r", "émoji 😀 et 漢字", "\u00a0espace insécable"])("accepts %j", (s) => {
    expect(unsafeTextReason(s)).toBeNull();
    expect(safeText().safeParse(s).success).toBe(true);
  });

  it.each(["a\u0000b", "\u0007", "\u001b[31m", "\u007f", "\u000b", "a\ud800", "\udc00b", "\ud83d"])("refuses %j", (s) => {
    expect(unsafeTextReason(s)).toMatch(/caractère/);
    expect(safeText().safeParse(s).success).toBe(false);
  });

  it.each([
    ["\uFFFE", "U+FFFE"],
    ["fin \uFFFF", "U+FFFF"],
    ["\uFDD0", "U+FDD0"],
    ["\uFDEF", "U+FDEF"],
    ["\u{1FFFE}", "U+1FFFE"],
    ["\u{10FFFF}", "U+10FFFF"],
  ])("refuses the non-character in %j, naming it", (s, codePoint) => {
    expect(unsafeTextReason(s)).toBe(`caractère Unicode interdit (non-caractère ${codePoint})`);
    expect(findUnsafeText({ title: s })?.path).toBe("title");
  });

  it.each(["\uFDCF", "\uFDF0", "\uFFFD", "\u{1FFFD}", "\u{10000}", "\uE000"])("accepts the neighbour %j of the non-characters", (s) => {
    expect(unsafeTextReason(s)).toBeNull();
  });

  it("finds the first unsafe string or key anywhere in a parsed body, with its path", () => {
    expect(findUnsafeText({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toEqual({ path: "a.1.c", reason: "caractère de contrôle interdit" });
    expect(findUnsafeText(JSON.parse('{"x":{"__proto__":{"admin":true}}}'))).toEqual({ path: "x.__proto__", reason: "clé interdite" });
    expect(findUnsafeText({ "k\u0001": 1 })?.reason).toMatch(/contrôle/);
    expect(findUnsafeText({ a: 1, b: [true, null, "ok"] })).toBeNull();
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUnsafeText(deep)?.reason).toMatch(/profonde/);
  });
});
