#!/usr/bin/env node
// `node scripts/bench/server-start.mjs [--rounds=8] [--baseline=../other-worktree]`: what one start of the
// production server costs, from `node server.js` until /readyz answers 200 on an already seeded SQLite
// database (a restart, and what every test server does: decision 055). Reports the server process's own CPU
// time (user + system, from /proc/<pid>/stat, the steadier figure on a shared machine) and the wall time to
// ready, min/median/max, for this tree's build/ and, with --baseline, another checkout's build/ in alternate
// rounds. Both trees must be built first (`npx react-router build`).
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const rounds = Number(arg("rounds", "8"));
const baseline = arg("baseline", null);
const trees = [{ name: "this tree", repo: here }, ...(baseline ? [{ name: `baseline (${baseline})`, repo: path.resolve(baseline) }] : [])];
const TICK_MS = 10; // USER_HZ is 100 on Linux

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of the line; after "pid (comm) " they are 12th and 13th.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function startOnce(repo, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repo, "server.js")], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "bench-password-1234",
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server stopped at start (code ${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error("no /readyz after 60 s");
      await new Promise((r) => setTimeout(r, 20));
    }
    return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
  } finally {
    child.kill("SIGKILL");
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
  }
}

// One seeded database per tree, made by a first start (migrations, seed, first admin), copied before each round.
const seeded = new Map();
for (const t of trees) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-start-"));
  await startOnce(t.repo, dir);
  seeded.set(t, dir);
}
const results = new Map(trees.map((t) => [t, []]));
for (let i = 0; i < rounds; i++)
  for (const t of trees) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-start-"));
    copyFileSync(path.join(seeded.get(t), "site.db"), path.join(dir, "site.db"));
    copyFileSync(path.join(seeded.get(t), "app-secret.key"), path.join(dir, "app-secret.key"));
    results.get(t).push(await startOnce(t.repo, dir));
    rmSync(dir, { recursive: true, force: true });
  }
for (const dir of seeded.values()) rmSync(dir, { recursive: true, force: true });

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0].toFixed(0)}, median ${s[Math.floor(s.length / 2)].toFixed(0)}, max ${s[s.length - 1].toFixed(0)} ms`;
};
console.log(`Server start to /readyz on a seeded SQLite database, ${rounds} rounds (load average ${os.loadavg()[0].toFixed(1)})`);
for (const t of trees) {
  const r = results.get(t);
  console.log(`${t.name}: CPU ${stats(r.map((x) => x.cpu))}; wall ${stats(r.map((x) => x.wall))}`);
}
