// Shared settings of the builder benchmark (scripts/bench/builder.mjs): page size, targets, paths, formatting.
import path from "node:path";
import { fileURLToPath } from "node:url";

export { BenchError } from "../lib/proc.mjs";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const OUT = path.join(REPO, "bench-results");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
export const VIEWPORT = { width: 1440, height: 900 };
// --large (issue 12): the page doubled, 200 blocks and 1,000 elements, opening target 1.5 s.
export const LARGE = process.argv.includes("--large");
export const BLOCKS = LARGE ? 200 : 100;
export const ELEMENTS = LARGE ? 1000 : 500;
export const TARGET_OPEN_MS = LARGE ? 1500 : 1000;
export const RESULT_NAME = LARGE ? "builder-large" : "builder";
export const TARGET_INTERACTION_MS = 50;
/** Event Timing reports only inputs whose duration reaches this (16 ms is the smallest Chromium allows). */
export const ET_THRESHOLD = 16;

export const fmt = (ms) => (ms === null || ms === undefined ? "—" : `${Math.round(ms)} ms`);

export function quantile(values, q) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
