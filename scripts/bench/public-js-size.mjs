// Gzipped size of what every visitor downloads: the client entry and its static import closure, which holds the
// public island (the "public" chunk, vite.config.ts's manualChunks; a page's own components load on demand and
// the back-office's router is a dynamic import). Usage: node scripts/bench/public-js-size.mjs [checkout dir]
// after npx react-router build.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
const dir = path.join(process.argv[2] ?? ".", "build/client/assets");
const entry = readdirSync(dir).find((f) => /^entry\.client-.*\.js$/.test(f));
if (!entry) throw new Error(`no entry.client-*.js in ${dir}: build first (npx react-router build)`);
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
const island = [...seen].find((f) => /^public-.*\.js$/.test(f));
if (!island) throw new Error(`the entry ${entry} does not load the public island's chunk (public-*.js): see vite.config.ts`);
console.log(JSON.stringify({ entry, island, files: seen.size, gzipBytes: gz }));
