// Gzipped size of the public island's static import closure (what every visitor downloads). Usage: node scripts/bench/public-js-size.mjs [checkout dir] after npx react-router build.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
const dir = path.join(process.argv[2] ?? ".", "build/client/assets");
const entry = readdirSync(dir).find((f) => /^hydrate-public-.*\.js$/.test(f));
const seen = new Set();
const walk = (f) => {
  if (seen.has(f)) return;
  seen.add(f);
  const src = readFileSync(path.join(dir, f), "utf8");
  for (const m of src.matchAll(/(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) walk(m[1]);
};
walk(entry);
let gz = 0;
for (const f of seen) gz += gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length;
console.log(JSON.stringify({ entry, files: seen.size, gzipBytes: gz }));
