#!/usr/bin/env node
// `npm test`: finds Debian's Chromium headless shell, nginx and ffmpeg (installs them when running as root, as on CI), checks types,
// builds the production bundle once, then runs every Vitest project: unit, integration (SQLite and PostgreSQL),
// and browser tests. Extra arguments go to Vitest (e.g. `npm test -- --project unit`).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// Debian's chromium-headless-shell: the same Blink and V8 as the chromium package without the full browser
// around them, what Playwright itself runs headless; the browser tests take about a third less CPU with it
// (decision 055). CHROMIUM_PATH picks another build (the benchmarks keep the full browser).
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
// What the tests need that npm does not bring: Chromium's headless shell (browser tests), nginx (the two-server
// test's load balancer and the throughput benchmark's baseline), ffmpeg (metadata stripped from videos).
const DEBIAN_TOOLS = [
  { pkg: process.env.CHROMIUM_PATH ? "chromium" : "chromium-headless-shell", path: CHROMIUM },
  { pkg: "nginx", path: "/usr/sbin/nginx" },
  { pkg: "ffmpeg", path: "/usr/bin/ffmpeg" },
];

function ensureDebianTools(tools) {
  const missing = tools.filter((t) => !existsSync(t.path));
  if (missing.length === 0) return true;
  const names = missing.map((t) => t.pkg);
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (root && existsSync("/usr/bin/apt-get")) {
    console.log(`Absents : ${names.join(", ")} — installation des paquets Debian…`);
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit" });
    const install =
      update.status === 0 &&
      spawnSync("apt-get", ["install", "-y", ...names], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (install && install.status === 0 && missing.every((t) => existsSync(t.path))) return true;
  }
  console.error(
    `Introuvables : ${names.join(", ")} — lancez \`sudo apt-get update && sudo apt-get install -y ${names.join(" ")}\` (ou définissez CHROMIUM_PATH).`,
  );
  return false;
}

const args = process.argv.slice(2);
const onlyUnit = args.includes("unit") && args.includes("--project");
if (!ensureDebianTools(onlyUnit ? [] : DEBIAN_TOOLS)) process.exit(1);

// Types, style and the production bundle at once: each is mostly one core's work, and the machine has two.
console.log("Vérification des types (tsc), du style (ESLint, Prettier) et construction de l'application (react-router build)…");
execFileSync("npx", ["react-router", "typegen"], { stdio: ["ignore", "ignore", "inherit"] });
const run = (cmd, args, stdio) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
const tsc = run("npx", ["tsc"], "inherit");
const lint = run("npm", ["run", "--silent", "lint"], "inherit");
const buildCode = onlyUnit ? 0 : await run("npx", ["react-router", "build"], ["ignore", "ignore", "inherit"]);
if (buildCode !== 0) {
  // The type check and the lint finish first: their findings are part of the answer, and npm test never
  // returns while they still write to the terminal.
  await Promise.all([tsc, lint]);
  console.error("La construction de l'application a échoué (react-router build).");
  process.exit(buildCode);
}

// Vitest starts as soon as the bundle exists, while the type check and the lint finish: the bundle is all the
// tests need, and the core those two leave idle at the end goes to the first test files instead (the run is
// CPU-bound on two cores; decision 055). Vitest runs in a process group of its own, so that a type or lint
// error stops it and every server and browser it started; Ctrl+C reaches it too.
const vitest = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...args], {
  stdio: "inherit",
  detached: true,
  env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
});
const vitestCode = new Promise((resolve) => {
  vitest.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  vitest.on("error", () => resolve(1));
});
const stopVitest = (signal) => {
  try {
    process.kill(-vitest.pid, signal);
  } catch {
    /* already gone */
  }
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stopVitest(signal), process.exit(130)));

const [tscCode, lintCode] = await Promise.all([tsc, lint]);
if (lintCode !== 0 || tscCode !== 0) {
  stopVitest("SIGTERM");
  if (lintCode !== 0)
    console.error("ESLint ou Prettier signalent des problèmes : `npm run format` corrige la mise en forme, le reste est à corriger à la main.");
  if (tscCode !== 0) console.error("Erreurs de types : corrigez-les avant de lancer les tests.");
  process.exit(lintCode || tscCode);
}
process.exit(await vitestCode);
