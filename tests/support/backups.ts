import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import yazl from "yazl";
import { ADMIN_EMAIL, call, sql } from "./auth";
import { MULTIPART_TYPE, multipart, png } from "./media";
import type { TestServer } from "./server";

/**
 * Backup test helpers: the site's whole state (every backed-up table's rows, every media file's bytes)
 * as comparable values, archives written by hand (to forge what an attacker or a newer version would
 * send), and the backup command line as a child process.
 */
const SKIP = (t: string) =>
  t.startsWith("kysely_") ||
  t.startsWith("backup_") ||
  t === "sessions" ||
  t === "throttle" ||
  t === "two_factor_challenges" ||
  // Append-only: a restore adds the archive's lines to today's instead of replacing them (decision 044),
  // so it is never "identical"; tests/integration/activity-log.test.ts proves what it keeps.
  t === "activity_log";

export async function tableNames(server: TestServer): Promise<string[]> {
  const rows =
    server.engine === "postgres"
      ? await sql<{ name: string }>(
          server,
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
        )
      : await sql<{ name: string }>(server, "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'");
  return rows
    .map((r) => r.name)
    .filter((n) => !SKIP(n))
    .sort();
}

/** Every row of every backed-up table, each as canonical JSON, sorted; values as both engines give them back. */
export async function siteRows(server: TestServer): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of await tableNames(server)) {
    // The content revision moves on at each restore (so every process drops its cached pages): not content.
    const rows = await sql<Record<string, unknown>>(
      server,
      t === "site_state" ? `select * from "${t}" where key <> 'content_revision'` : `select * from "${t}"`,
    );
    out[t] = rows
      .map((r) =>
        JSON.stringify(
          Object.keys(r)
            .sort()
            .map((k) => [k, typeof r[k] === "string" && /^-?\d+$/.test(r[k] as string) && (k === "value" || k === "views") ? Number(r[k]) : r[k]]),
        ),
      )
      .sort();
  }
  return out;
}

/** SHA-256 of each stored media file, by name. */
export function mediaHashes(server: TestServer): Record<string, string> {
  const dir = path.join(server.dataDir, "media");
  const out: Record<string, string> = {};
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names.sort())
    out[n] = createHash("sha256")
      .update(readFileSync(path.join(dir, n)))
      .digest("hex");
  return out;
}

export async function uploadImage(server: TestServer, cookie: string, w = 320, h = 200) {
  const res = await call(server, "POST", "/api/media", {
    cookie,
    raw: multipart([{ name: "file", filename: `image-${w}.png`, type: "image/png", data: await png(w, h) }]),
    headers: { "content-type": MULTIPART_TYPE },
  });
  if (res.status !== 201) throw new Error(`envoi refusé : ${res.status} ${res.text}`);
  return res.json.item;
}

/** Waits for the running backup operation to end; returns the last job. */
export async function waitForJob(server: TestServer, cookie: string, timeoutMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const res = await call(server, "GET", "/api/backups", { cookie });
    if (res.status !== 200) throw new Error(`liste : ${res.status} ${res.text}`);
    if (res.json.job && res.json.job.outcome !== "running") return res.json;
    if (Date.now() - t0 > timeoutMs) throw new Error(`opération trop longue : ${JSON.stringify(res.json.job)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function createAndWait(server: TestServer, cookie: string) {
  const started = await call(server, "POST", "/api/backups", { cookie, body: {} });
  if (started.status !== 202) throw new Error(`sauvegarde refusée : ${started.status} ${started.text}`);
  const status = await waitForJob(server, cookie);
  if (status.job.outcome !== "done") throw new Error(`sauvegarde échouée : ${status.job.message}`);
  return status.backups[0] as { id: string; sha256: string; size: number };
}

export async function download(server: TestServer, cookie: string, id: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/backups/${id}/download`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`téléchargement : ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export function uploadArchive(server: TestServer, cookie: string, data: Buffer) {
  return call(server, "POST", "/api/backups/upload", { cookie, raw: data, headers: { "content-type": "application/zip", origin: server.url } });
}

const SEAL = "archimed-backup-sha256:";
/** Seals an archive as the site does (SHA-256 of every byte before the hash, written in the zip comment). */
export function seal(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const hash = createHash("sha256")
    .update(out.subarray(0, out.length - 64))
    .digest("hex");
  out.write(hash, out.length - 64, "ascii");
  return out;
}

export interface ForgedEntry {
  name: string;
  data: Buffer;
  mode?: number;
  compress?: boolean;
}
/** A zip with a placeholder seal, made with yazl (seal() it after any byte surgery). */
export async function forgeZip(entries: ForgedEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { mode: e.mode ?? 0o100644, compress: e.compress ?? true });
  zip.end({ comment: SEAL + "0".repeat(64), forceZip64Format: false });
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Every file entry of a zip with its bytes, in order (to rewrite a real archive into a forged one). */
export function unzipAll(buf: Buffer): Promise<ForgedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("zip illisible"));
      const out: ForgedEntry[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error("entrée illisible"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Replaces every occurrence of a same-length string in the bytes (file names in local headers and the central directory). */
export function replaceAll(buf: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error("même longueur attendue");
  const out = Buffer.from(buf);
  let i = 0;
  while ((i = out.indexOf(from, i, "latin1")) >= 0) {
    out.write(to, i, "latin1");
    i += from.length;
  }
  return out;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}
/**
 * The backup command line on a server's database and data folder; `killAt` SIGKILLs it when it prints that
 * line. Resolves on "close" (not "exit"), so every byte it printed is captured, and gives up after
 * `timeoutMs` (killing it) with what it printed so far, so a failing assertion says where it stood.
 */
export function backupCli(server: TestServer, args: string[], killAt?: string, timeoutMs = 120_000): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATA_DIR: server.dataDir,
    LOG_LEVEL: "warn",
    ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
  };
  const started = Date.now();
  // One process (tsx as a loader, not its CLI, which runs the script in a child): SIGKILL reaches the restore itself.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let killedAt: number | null = null;
  let timedOut = false;
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
    if (killAt && killedAt === null && stderr.includes(killAt)) {
      killedAt = Date.now() - started;
      child.kill("SIGKILL");
    }
  });
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const took = Date.now() - started;
      const notes = [
        `[backupCli ${args.join(" ")}: ${code === null ? `signal ${signal}` : `code ${code}`} after ${took} ms`,
        killAt ? (killedAt === null ? `, "${killAt}" never printed` : `, killed at "${killAt}" after ${killedAt} ms`) : "",
        timedOut ? `, TIMED OUT after ${timeoutMs} ms` : "",
        "]",
      ].join("");
      resolve({ code, signal: timedOut ? null : signal, stdout, stderr: `${stderr}\n--- stdout ---\n${stdout}\n${notes}` });
    });
  });
}

export { ADMIN_EMAIL };

export interface ArchiveTable {
  columns: string[];
  rows: unknown[][];
}

/**
 * Rewrites a real archive as someone who can reseal one would: `edit` changes the tables' rows (values in
 * the order of `columns`); the manifest's row counts, sizes and hashes follow, and the result is sealed.
 * Only the application's own rules can refuse what comes out.
 */
export async function rewriteArchive(archive: Buffer, edit: (tables: Map<string, ArchiveTable>) => void): Promise<Buffer> {
  const entries = await unzipAll(archive);
  const manifestEntry = entries.find((e) => e.name === "manifest.json")!;
  const manifest = JSON.parse(manifestEntry.data.toString("utf8")) as {
    counts: { rows: number };
    tables: { name: string; file: string; columns: string[]; rows: number; bytes: number; sha256: string }[];
  };
  const tables = new Map<string, ArchiveTable>();
  for (const t of manifest.tables) {
    const text = entries.find((e) => e.name === t.file)!.data.toString("utf8");
    tables.set(t.name, {
      columns: t.columns,
      rows: text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown[]),
    });
  }
  edit(tables);
  for (const t of manifest.tables) {
    const data = Buffer.from(
      tables
        .get(t.name)!
        .rows.map((r) => JSON.stringify(r) + "\n")
        .join(""),
    );
    t.rows = tables.get(t.name)!.rows.length;
    t.bytes = data.length;
    t.sha256 = createHash("sha256").update(data).digest("hex");
    entries.find((e) => e.name === t.file)!.data = data;
  }
  manifest.counts.rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  manifestEntry.data = Buffer.from(JSON.stringify(manifest));
  return seal(await forgeZip(entries));
}

/** Sets one column of the rows of a table that `where` picks. */
export function setColumn(table: ArchiveTable, column: string, value: (row: unknown[]) => unknown, where: (row: unknown[]) => boolean = () => true) {
  const at = table.columns.indexOf(column);
  if (at < 0) throw new Error(`colonne inconnue : ${column}`);
  for (const row of table.rows) if (where(row)) row[at] = value(row);
}
