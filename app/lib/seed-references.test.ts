import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Every "seed 00N §X" cited in the code resolves inside the repository: docs/seeds.md quotes that section
 * under the anchor seed-00N-X. Lists ("§2, §4 and §5") and ranges ("§2–§5") count each section they name.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const quoted = fs.readFileSync(path.join(root, "docs/seeds.md"), "utf8");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** "seed 001 §2, §4–§5 and §9" → ["001-2", "001-4", "001-5", "001-9"]. */
function citedSections(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/seed (00\d) (§\d+(?:\s*(?:,|and|et|–|-)\s*§\d+)*)/gi)) {
    const [, seed, list] = m;
    for (const part of list.matchAll(/§(\d+)(?:\s*[–-]\s*§(\d+))?/g)) {
      const from = Number(part[1]);
      const to = part[2] ? Number(part[2]) : from;
      for (let n = from; n <= to; n++) out.push(`${seed}-${n}`);
    }
  }
  return out;
}

describe("seed references", () => {
  it("reads lists and ranges of sections", () => {
    expect(citedSections("as in seed 001 §3 and §9; Seed 000 §2, §4; seed 001 §2–§4")).toEqual(["001-3", "001-9", "000-2", "000-4", "001-2", "001-3", "001-4"]);
  });

  it("every section cited in app/ and server/ is quoted in docs/seeds.md", () => {
    const missing: string[] = [];
    let cited = 0;
    for (const file of [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))]) {
      for (const section of citedSections(fs.readFileSync(file, "utf8"))) {
        cited++;
        if (!quoted.includes(`<a id="seed-${section}"></a>`)) missing.push(`${path.relative(root, file)}: seed ${section.replace("-", " §")}`);
      }
    }
    expect(cited).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
