import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The browser's own dialogs block the page, ignore the back-office's look and speak the browser's language. */
const NATIVE = /\b(?:window\.)?(?:alert|confirm)\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("confirmations go through the kit", () => {
  it("no window.confirm or alert in app/ (ConfirmDialog and ListMessages instead)", () => {
    const found = sources("app").filter((f) => NATIVE.test(readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("the pattern catches the calls it is meant to", () => {
    expect(NATIVE.test('if (window.confirm("Fermer ?")) close();')).toBe(true);
    expect(NATIVE.test('alert("Erreur")')).toBe(true);
    expect(NATIVE.test("setAlert(null); onConfirm();")).toBe(false);
  });
});
