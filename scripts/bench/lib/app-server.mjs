// Builds the production bundle and starts the real server (server.js) on a free loopback port with a
// fresh SQLite data folder. The bundle goes to a private BUILD_DIR (.build-bench-<pid>, gitignored and
// removed at the end), so the run neither clobbers the build/ others use nor sees it change mid-run.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { BenchError, freePort, removeAtEnd, serverEnv, sleep, startProcess, stopProcess, tempDir, waitForHttp } from "./proc.mjs";

export function build(repo, buildDir) {
  const started = Date.now();
  rmSync(path.join(repo, buildDir), { recursive: true, force: true });
  const res = spawnSync("npx", ["react-router", "build"], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (res.status !== 0) {
    const out = `${res.stdout ?? ""}\n${res.stderr ?? ""}`.split("\n").filter((l) => !/^\s+'\/|Future Flag|v8_|upgrading\/future/.test(l));
    const first = out.findIndex((l) => /error|failed|✗/i.test(l));
    throw new BenchError(
      `\`npx react-router build\` failed (exit ${res.status}):\n${out
        .slice(Math.max(0, first), first + 15)
        .join("\n")
        .trim()}`,
    );
  }
  for (const p of ["server/index.js", "client"]) {
    if (!existsSync(path.join(repo, buildDir, p))) throw new BenchError(`${buildDir}/${p} is missing after the build`);
  }
  return Date.now() - started;
}

/**
 * Builds (unless `skipBuild`: then build/ is used as it is), starts the server and waits for /healthz.
 * The tree may be mid-change by someone else: when the build or the start fails, waits and tries
 * again, up to `attempts` times.
 */
export async function startAppServer(repo, { skipBuild = false, attempts = 3 } = {}) {
  const buildDir = skipBuild ? "build" : `.build-bench-${process.pid}`;
  if (!skipBuild) removeAtEnd(path.join(repo, buildDir));
  let lastError = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) {
      console.log(`  attempt ${attempt - 1}/${attempts} failed: ${lastError.split("\n")[0]}; retrying in 15 s…`);
      await sleep(15_000);
    }
    if (!skipBuild) {
      try {
        const ms = build(repo, buildDir);
        console.log(`  build (BUILD_DIR=${buildDir}): ${(ms / 1000).toFixed(1)} s`);
      } catch (error) {
        lastError = error.message;
        continue;
      }
    }
    const dataDir = tempDir("data");
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // Canonical and hreflang URLs then name the origin being audited, as they would in production.
    const env = serverEnv({ buildDir, port, dataDir }, { PUBLIC_URL: origin, DATABASE_URL: "" });
    const child = startProcess(process.execPath, [path.join(repo, "server.js")], { cwd: repo, env });
    if (await waitForHttp(`${origin}/healthz`, child, 45_000)) {
      return { origin, port, child, dataDir, buildDir };
    }
    lastError = `the server did not start. Its last output:\n${child.output.slice(-20).join("\n")}`;
    await stopProcess(child);
  }
  throw new BenchError(`${attempts} attempts failed; the last one: ${lastError}`);
}

/** Throws a clear error if the server is gone (another program may have stopped it). */
export function assertAlive(server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new BenchError(
      `the server under test exited during the run (${child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`}); its last output:\n${child.output.slice(-10).join("\n")}`,
    );
  }
}
