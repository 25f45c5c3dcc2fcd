import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The source files a decision record says the code is in. Only the sections that describe the code as
 * it is (Decision, Consequences, the checklists) are read: Context tells what was, and a section whose
 * title says "removed" names files that are gone. A path on the left of an arrow (`old.ts` → `new.ts`)
 * records a move. Placeholders (`<name>.route.tsx`, `renderers/*.tsx`) and bare file names are not paths.
 */
function citedPaths(record: string): string[] {
  const cited: string[] = [];
  for (const section of record.split(/^## /m).slice(1)) {
    const title = section.slice(0, section.indexOf("\n")).toLowerCase();
    if (title.startsWith("context") || title.includes("removed")) continue;
    for (const m of section.matchAll(/`([^`\s]*\/[^`\s]*\.(?:tsx?|mjs|cjs|css))(?::\d+)?`(\s*→)?/g)) {
      if (m[2] || /[<*]/.test(m[1])) continue;
      cited.push(m[1]);
    }
  }
  return cited;
}

/** Where a record's paths are read from: the repository, app/, and the folders records cite from. */
const CITED_FROM = ["", "app", "app/lib", "app/components", "app/components/admin", "app/components/admin/builder", "app/routes"];

const DIR = "docs/decisions";
const records = readdirSync(DIR).filter((f) => /^\d{3}-.*\.md$/.test(f));
const exists = (path: string) => CITED_FROM.some((root) => existsSync(join(root, path)));

describe("paths cited by the decision records", () => {
  it.each(records)("%s names files that exist", (file) => {
    const missing = citedPaths(readFileSync(join(DIR, file), "utf8")).filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });

  it("reads the sections about the code as it is, not Context, a removal or the old side of a move", () => {
    const record = [
      "## Context",
      "It lived in `app/lib/gone.ts`.",
      "## Decision",
      "Now `lib/here.ts` and `app/routes/admin/<name>.route.tsx`, moved from `lib/old.ts` → `lib/new.ts`.",
      "## Also removed",
      "`app/lib/i18n/navigation.ts`",
      "## Consequences",
      "See `components/kit/fields.tsx:12` and `Dialog.tsx`.",
    ].join("\n");
    expect(citedPaths(record)).toEqual(["lib/here.ts", "lib/new.ts", "components/kit/fields.tsx"]);
  });

  it("fails on a cited file that does not exist", () => {
    expect(citedPaths("## Decision\nIn `app/lib/no-such-file.ts`.").filter((p) => !exists(p))).toEqual(["app/lib/no-such-file.ts"]);
  });
});
