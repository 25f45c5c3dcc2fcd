// Pairs of app/lib folders that import each other (decision 037 counts them). Usage: node scripts/lib-folder-pairs.mjs [--detail]
// A top-level file of app/lib counts as a folder of its own; tests are left out; `import … from`, `export … from` and import().
import fs from "node:fs";
import path from "node:path";

const lib = path.resolve("app/lib");
const detail = process.argv.includes("--detail");
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)) files.push(p);
  }
})(lib);

const folderOf = (abs) => {
  const parts = path.relative(lib, abs).split(path.sep);
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.(server\.)?tsx?$/, "");
};
const edges = new Map();
for (const f of files) {
  for (const m of fs.readFileSync(f, "utf8").matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
    const spec = m[1] ?? m[2];
    const target = spec.startsWith("~/lib/") ? path.join(lib, spec.slice(6)) : spec.startsWith(".") ? path.resolve(path.dirname(f), spec) : null;
    if (!target?.startsWith(lib + path.sep)) continue;
    const [a, b] = [folderOf(f), folderOf(target)];
    if (a === b) continue;
    const key = `${a} -> ${b}`;
    edges.set(key, [...(edges.get(key) ?? []), `${path.relative(".", f)} -> ${spec}`]);
  }
}
const pairs = [...edges.keys()].map((k) => k.split(" -> ")).filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`));
console.log(`${pairs.length} pairs of app/lib folders import each other`);
for (const [a, b] of pairs) {
  console.log(`${a} <-> ${b}`);
  if (detail) for (const line of [...edges.get(`${a} -> ${b}`), ...edges.get(`${b} -> ${a}`)]) console.log(`    ${line}`);
}
