// Processes, ports, temp dirs and system tools for the benchmark. Everything started or created here
// is registered so that it is removed at the end of the run, also when the run fails or is interrupted.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Thrown when a measurement cannot run at all (exit code 1 with this message). */
export class BenchError extends Error {}

const children = new Set();
const tempDirs = new Set();
const asyncCleanups = new Set();

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `archimed-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/** Removes `p` (a file or folder made for the run) at the end, also on failure or interruption. */
export function removeAtEnd(p) {
  tempDirs.add(p);
}

const foreignPids = new Set();

/** A process group started by a library (Chrome via chrome-launcher): killed by the last-resort clean-up. */
export function trackPid(pid) {
  foreignPids.add(pid);
  return () => foreignPids.delete(pid);
}

/** Registers an async clean-up (e.g. closing a browser); it runs before processes are killed. */
export function onCleanup(fn) {
  asyncCleanups.add(fn);
  return () => asyncCleanups.delete(fn);
}

/**
 * Starts a long-running child in its own process group (so nginx's workers go with their master) and
 * remembers it. `output` keeps the last lines of stdout and stderr for error messages.
 */
export function startProcess(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  const keep = (chunk) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    if (output.length > 60) output.splice(0, output.length - 60);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  child.output = output;
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** A signal to the child's whole process group (it was started detached), else to the child alone. */
export function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Stops one child: SIGTERM to its group, SIGKILL after `graceMs`. */
export async function stopProcess(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Orderly clean-up at the end of a run. */
export async function cleanupAll() {
  await Promise.all([...children].map((c) => stopProcess(c)));
  for (const fn of [...asyncCleanups].reverse()) {
    try {
      await fn();
    } catch {
      /* best effort */
    }
  }
  asyncCleanups.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Last-resort synchronous clean-up (process 'exit', signals): kill what is left, remove temp dirs. */
export function cleanupSync() {
  for (const child of children) killGroup(child, "SIGKILL");
  for (const pid of foreignPids) killGroup({ pid, kill: () => process.kill(pid, "SIGKILL") }, "SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/**
 * The environment of a production `node server.js` for a benchmark: the build in `buildDir`, the loopback
 * `port`, the data folder `dataDir`, warnings only; `extra` adds to it (PUBLIC_URL, DATABASE_URL, admin…).
 */
export function serverEnv({ buildDir, port, dataDir }, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...extra,
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 200, or the child exits, or the time is up. */
export async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child?.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return true;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  return false;
}

// ---------- system tools ----------

export function which(bin) {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/sbin", "/usr/bin"]) {
    if (!dir) continue;
    const p = path.join(dir, bin);
    if (existsSync(p)) return p;
  }
  return null;
}

/**
 * Finds Chromium, wrk and nginx; as root, installs the missing Debian packages. Returns their paths
 * or throws a BenchError whose message is the one command to run.
 */
export function ensureTools() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const found = () => ({ chromium: existsSync(chromium) ? chromium : null, wrk: which("wrk"), nginx: which("nginx") });
  let tools = found();
  const missing = () => [!tools.chromium && "chromium", !tools.wrk && "wrk", !tools.nginx && "nginx"].filter(Boolean);
  if (missing().length === 0) return tools;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log(`Installing Debian packages: ${missing().join(" ")} …`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update"], { stdio: ["ignore", "ignore", "inherit"], env });
    if (update.status === 0) spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing()], { stdio: ["ignore", "ignore", "inherit"], env });
    tools = found();
    if (missing().length === 0) return tools;
  }
  throw new BenchError(`missing ${missing().join(", ")}: run \`sudo apt-get update && sudo apt-get install -y ${missing().join(" ")}\``);
}

// ---------- how busy the machine is ----------

export function cpuTimes() {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    return { idle, total: v.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Share of the machine's CPU in use over `ms` (0..1), or null where /proc/stat is not readable. */
export async function cpuBusy(ms = 1000) {
  const a = cpuTimes();
  await sleep(ms);
  const b = cpuTimes();
  if (!a || !b || b.total === a.total) return null;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}

/**
 * Called while the benchmark itself is idle: if other programs keep the CPU busy, waits up to
 * `maxWaitMs` for them to calm down and returns the last share seen, for the report to mention.
 */
export async function waitForQuietCpu(threshold = 0.25, maxWaitMs = 20_000) {
  const deadline = Date.now() + maxWaitMs;
  let busy = await cpuBusy();
  if (busy !== null && busy > threshold)
    process.stdout.write(`  the machine is busy (${Math.round(busy * 100)} % CPU used by other programs); waiting up to ${maxWaitMs / 1000} s… `);
  else return busy;
  while (busy > threshold && Date.now() < deadline) busy = await cpuBusy(2000);
  console.log(busy > threshold ? `still ${Math.round(busy * 100)} %, going on` : `now ${Math.round(busy * 100)} %`);
  return busy;
}

/**
 * CPU seconds (user + system) used so far by one process: its main thread alone (where a server answers
 * requests) and all its threads. What a piece of work costs a process does not depend on what else runs on the
 * machine, where latencies do. Null when the process is gone or off Linux.
 */
export function processCpuSeconds(pid) {
  const ticks = (file) => {
    const f = readFileSync(file, "utf8");
    const fields = f.slice(f.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    const all = readdirSync(`/proc/${pid}/task`).reduce((a, t) => a + ticks(`/proc/${pid}/task/${t}/stat`), 0);
    return { main: ticks(`/proc/${pid}/task/${pid}/stat`) / 100, all: all / 100 };
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, seconds) used so far by every process of the group `pgid` (a process this
 * script started detached, with its children, e.g. nginx's workers), from /proc. Null off Linux.
 */
export function groupCpuSeconds(pgid) {
  let ticks = 0;
  let found = false;
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name, which is in parentheses and may hold spaces.
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(f[2]) !== pgid) continue;
    found = true;
    ticks += Number(f[11]) + Number(f[12]);
  }
  return found ? ticks / 100 : null; // USER_HZ is 100 on Linux
}
