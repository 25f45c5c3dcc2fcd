import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 21 (decisions 042, 052): the brand colour is a design token everywhere. The seed's yellow may be
 * written in one place only, the design's defaults (tokens.ts); anywhere else in app/components or app/lib a
 * literal copy would stay yellow once the admin changes the brand colour. Test files are left out: they
 * write the old literal on purpose (the migrations they prove).
 */
const LITERAL = /#ffc104|rgba?\(\s*255\s*,\s*193\s*,\s*4\s*[,)]/i;
const DEFAULTS = join("app", "lib", "design", "tokens.ts");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(tsx?|css|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("no literal brand colour in components and libraries", () => {
  it("finds #ffc104 / rgb(255, 193, 4) only in the design's defaults", () => {
    const files = [...sources(join("app", "components")), ...sources(join("app", "lib"))];
    expect(files).toContain(DEFAULTS);
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((f) => f !== DEFAULTS && LITERAL.test(readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("the pattern catches the ways a colour is written", () => {
    for (const s of ["#FFC104", "color:#ffc104d9", "rgb(255, 193, 4)", "rgba(255,193,4,0.5)"]) expect(LITERAL.test(s), s).toBe(true);
    for (const s of ["rgb(255, 193, 40)", "var(--color-brand-yellow)"]) expect(LITERAL.test(s), s).toBe(false);
  });
});
