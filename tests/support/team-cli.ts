import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestServer } from "./server";

/** `npm run team -- …` (scripts/team.ts) run against the same database as a live test server. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const SCRIPT = "scripts/team.ts";

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * scripts/team.ts bundled into one JavaScript file, made once per test process: `tsx` compiled and loaded
 * the script's whole import graph through its loader on every call (decision 053). The bundle lives under
 * node_modules/.cache so that its imports of packages resolve as the script's do; its name is its content's
 * hash, so processes sharing it never write different files under one name. Without esbuild, tsx runs it.
 */
let bundled: Promise<string[]> | undefined;
function command(): Promise<string[]> {
  bundled ??= (async () => {
    try {
      const { build } = await import("esbuild");
      const result = await build({
        entryPoints: [path.join(ROOT, SCRIPT)],
        bundle: true,
        write: false,
        platform: "node",
        format: "esm",
        target: "node20",
        logLevel: "silent",
        alias: { "~": path.join(ROOT, "app") },
        // Packages stay imports, loaded from node_modules as under tsx (native modules cannot be bundled).
        plugins: [{ name: "packages-outside", setup: (b) => b.onResolve({ filter: /^[^./~]/ }, (a) => ({ path: a.path, external: true })) }],
      });
      const code = result.outputFiles[0].text;
      const dir = path.join(ROOT, "node_modules/.cache/archimed-tests");
      const file = path.join(dir, `team-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
      if (!existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, code);
        renameSync(tmp, file);
      }
      return [process.execPath, file];
    } catch (e) {
      console.warn(`⚠ ${SCRIPT} non regroupé (${String(e)}) : chaque appel passe par tsx`);
      return [TSX, SCRIPT];
    }
  })();
  return bundled;
}

export async function team(server: TestServer, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: "warn",
    ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : { DATA_DIR: server.dataDir }),
  };
  const [program, ...first] = await command();
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...first, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
