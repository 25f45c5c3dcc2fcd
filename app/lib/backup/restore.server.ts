import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { appendFile, mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { sql, type Kysely, type Transaction } from "kysely";
import { dataStepsAfter, MIGRATION_NAMES, latestMigration } from "~/lib/db/migrations.server";
import type { Database } from "~/lib/db/schema";
import { log } from "~/lib/log.server";
import { mimeOfKey } from "~/lib/media/names";
import { LocalStorage } from "~/lib/media/storage.server";
import {
  ArchiveError,
  checkSeal,
  FORMAT,
  FORMAT_VERSION,
  lines,
  manifestSchema,
  MANIFEST,
  mediaFile,
  OpenedArchive,
  tableFile,
  timeUp,
  type ArchiveLimits,
  type LineLimits,
  type Manifest,
} from "./archive.server";
import { APPEND_ONLY, dependencyOrder, fromNeutral, isBackedUp, isNeutralValue, readCatalogue, type TableInfo } from "./catalogue.server";
import { createBackup, type BackupContext } from "./create.server";
import { RowRules } from "./row-rules.server";
import type { Lease } from "./lease.server";
import { completeStaging, discardStaging, MARKER, writeJournal, type Journal } from "./staging.server";
import { pruneSafetyCopies, workDir } from "./store.server";

function archiveLimits(ctx: BackupContext): ArchiveLimits {
  return { maxEntries: ctx.env.BACKUP_MAX_ENTRIES, maxUncompressed: ctx.env.BACKUP_MAX_UNCOMPRESSED_MB * 1024 * 1024 };
}

function lineLimits(ctx: BackupContext, table: string): LineLimits {
  return { maxBytes: ctx.env.BACKUP_MAX_LINE_MB * 1024 * 1024, what: `la table ${table}` };
}

type Progress = (phase: string, done: number, total: number) => void;

/** The manifest's format, version and schema, checked before the strict shape (so a newer format is named as such). */
function checkManifest(raw: unknown): Manifest {
  const head = raw as { format?: unknown; formatVersion?: unknown; schemaVersion?: unknown } | null;
  if (!head || typeof head !== "object" || head.format !== FORMAT) throw new ArchiveError("Ce fichier n'est pas une sauvegarde Archimed (format inconnu).");
  if (typeof head.formatVersion !== "number" || head.formatVersion > FORMAT_VERSION)
    throw new ArchiveError(
      `Cette sauvegarde a été faite par une version plus récente du site (format ${String(head.formatVersion)}) : mettez le site à jour avant de la restaurer.`,
    );
  if (typeof head.schemaVersion === "string" && head.schemaVersion > latestMigration())
    throw new ArchiveError(
      `Cette sauvegarde vient d'une version plus récente du site (schéma ${head.schemaVersion}) : mettez le site à jour avant de la restaurer.`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new ArchiveError("Sauvegarde altérée : son manifeste est incomplet ou invalide.");
  if (!MIGRATION_NAMES.includes(parsed.data.schemaVersion))
    throw new ArchiveError(`Schéma de base inconnu (${parsed.data.schemaVersion}) : cette sauvegarde ne vient pas de ce site.`);
  const m = parsed.data;
  for (const t of m.tables) if (t.file !== tableFile(t.name)) throw new ArchiveError("Sauvegarde altérée : le manifeste nomme un fichier inattendu.");
  for (const f of m.media) if (f.file !== mediaFile(f.key)) throw new ArchiveError("Sauvegarde altérée : le manifeste nomme un fichier inattendu.");
  return m;
}

/** The archive's tables against this database's: each must exist, with its columns; columns it lacks must be optional here. */
function checkAgainstSchema(m: Manifest, catalogue: TableInfo[]) {
  const byName = new Map(catalogue.map((t) => [t.name, t]));
  const seen = new Set<string>();
  for (const t of m.tables) {
    if (seen.has(t.name)) throw new ArchiveError(`Sauvegarde altérée : la table ${t.name} y figure deux fois.`);
    seen.add(t.name);
    const here = byName.get(t.name);
    if (!here || !isBackedUp(t.name)) throw new ArchiveError(`Cette sauvegarde contient une table inconnue ici (${t.name}).`);
    const cols = new Set(here.columns.map((c) => c.name));
    for (const c of t.columns) if (!cols.has(c)) throw new ArchiveError(`Cette sauvegarde contient une colonne inconnue ici (${t.name}.${c}).`);
    if (new Set(t.columns).size !== t.columns.length) throw new ArchiveError("Sauvegarde altérée : colonnes en double.");
    for (const c of here.columns) {
      if (!t.columns.includes(c.name) && !c.nullable && !c.hasDefault)
        throw new ArchiveError(`Cette sauvegarde ne contient pas la colonne obligatoire ${t.name}.${c.name}.`);
    }
  }
}

/**
 * Reads the WHOLE archive before anything is touched: the seal, the entries (names, types, sizes,
 * zip bombs), the manifest (format, schema), every file's SHA-256, every row's shape and the
 * application's rules for its values (row-rules.server.ts), within BACKUP_VERIFY_MAX_MINUTES.
 */
export async function verifyArchive(ctx: BackupContext, file: string, progress: Progress = () => {}): Promise<{ manifest: Manifest; sha256: string }> {
  const size = (await stat(file)).size;
  // A time limit for the whole check, whatever makes it slow: a worker is never held for hours.
  const deadline = Date.now() + ctx.env.BACKUP_VERIFY_MAX_MINUTES * 60_000;
  const inTime = () => {
    if (Date.now() > deadline) throw timeUp();
  };
  let sealed = 0;
  const sha256 = await checkSeal(file, (n) => {
    sealed += n;
    inTime();
    progress("Vérification de l'empreinte", sealed, size);
  });
  const archive = await OpenedArchive.open(file, archiveLimits(ctx));
  try {
    const manifest = checkManifest(await archive.readManifest());
    checkAgainstSchema(manifest, await readCatalogue(ctx.db.kysely, ctx.db.engine));
    const expected = new Set([MANIFEST, ...manifest.tables.map((t) => t.file), ...manifest.media.map((f) => f.file)]);
    if (expected.size !== manifest.tables.length + manifest.media.length + 1)
      throw new ArchiveError("Sauvegarde altérée : le manifeste nomme deux fois le même fichier.");
    for (const name of archive.entries.keys()) if (!expected.has(name)) throw new ArchiveError(`Sauvegarde altérée : ${name} n'est pas dans le manifeste.`);
    for (const name of expected) if (!archive.entries.has(name)) throw new ArchiveError(`Sauvegarde incomplète : ${name} manque.`);
    const total = [...archive.entries.values()].reduce((a, e) => a + e.uncompressedSize, 0);
    let done = 0;
    const tick = (n: number) => {
      done += n;
      progress("Vérification des fichiers", done, total);
    };
    const rules = new RowRules();
    for (const t of manifest.tables) {
      const hash = createHash("sha256");
      let bytes = 0;
      let rows = 0;
      for await (const line of lines(await archive.stream(t.file), {
        ...lineLimits(ctx, t.name),
        deadline,
        onChunk: (c) => {
          hash.update(c);
          bytes += c.length;
          tick(c.length);
        },
      })) {
        let row: unknown;
        try {
          row = JSON.parse(line);
        } catch {
          throw new ArchiveError(`Sauvegarde altérée : une ligne de ${t.name} est illisible.`);
        }
        if (!Array.isArray(row) || row.length !== t.columns.length || !row.every(isNeutralValue))
          throw new ArchiveError(`Sauvegarde altérée : une ligne de ${t.name} est invalide.`);
        rows++;
        const problem = rules.check(t.name, t.columns, row, rows);
        if (problem) throw new ArchiveError(problem);
      }
      if (hash.digest("hex") !== t.sha256 || bytes !== t.bytes)
        throw new ArchiveError(`Sauvegarde altérée : l'empreinte de la table ${t.name} ne correspond pas.`);
      if (rows !== t.rows) throw new ArchiveError(`Sauvegarde altérée : la table ${t.name} n'a pas le nombre de lignes annoncé.`);
    }
    const across = rules.finish();
    if (across) throw new ArchiveError(across);
    for (const f of manifest.media) {
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const c of await archive.stream(f.file)) {
        inTime();
        hash.update(c as Buffer);
        bytes += (c as Buffer).length;
        tick((c as Buffer).length);
      }
      if (hash.digest("hex") !== f.sha256 || bytes !== f.bytes) throw new ArchiveError(`Sauvegarde altérée : l'empreinte du média ${f.key} ne correspond pas.`);
    }
    return { manifest, sha256 };
  } finally {
    archive.close();
  }
}

/** Copies one media entry to a file, checking its SHA-256 again on the way (the archive could have changed since it was verified). */
async function extractTo(archive: OpenedArchive, f: Manifest["media"][number], file: string, onBytes: (n: number) => void) {
  const hash = createHash("sha256");
  const check = new Transform({
    transform(chunk: Buffer, _e, cb) {
      hash.update(chunk);
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
  await pipeline(await archive.stream(f.file), check, createWriteStream(file));
  if (hash.digest("hex") !== f.sha256) throw new ArchiveError(`Sauvegarde modifiée pendant la restauration (${f.key}) : rien n'a été changé.`);
}

async function insertRows(
  trx: Transaction<Database>,
  archive: OpenedArchive,
  t: Manifest["tables"][number],
  target: TableInfo,
  engine: "sqlite" | "postgres",
  limits: LineLimits,
  onRows: (n: number) => void,
) {
  const kinds = t.columns.map((c) => target.columns.find((x) => x.name === c)!.kind);
  // SQLite binds at most 32,766 values per statement, PostgreSQL 65,535.
  const perBatch = Math.max(1, Math.min(500, Math.floor(30_000 / t.columns.length)));
  const cols = sql.join(t.columns.map((c) => sql.id(c)));
  let batch: unknown[][] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const values = sql.join(batch.map((r) => sql`(${sql.join(r)})`));
    const keepPresent = APPEND_ONLY.has(t.name) ? sql` on conflict do nothing` : sql``;
    await sql`insert into ${sql.id(t.name)} (${cols}) values ${values}${keepPresent}`.execute(trx);
    onRows(batch.length);
    batch = [];
    bytes = 0;
  };
  for await (const line of lines(await archive.stream(t.file), limits)) {
    const row = JSON.parse(line) as Parameters<typeof fromNeutral>[0][];
    batch.push(row.map((v, i) => fromNeutral(v, kinds[i], engine)));
    // Also bounded by weight: 500 page documents would be tens of megabytes in one statement.
    bytes += line.length;
    if (batch.length >= perBatch || bytes >= 2 * 1024 * 1024) await flush();
  }
  await flush();
}

interface RestoreOptions {
  file: string;
  lease?: Lease;
  /** The restorer's session (SHA-256 of the token): kept when the restored team still has them as an admin. */
  keepSessionHash?: string;
  by: string | null;
  /** Test hook (command line --pause-at): hang once this point is reached, for the test to kill the process. */
  pauseAt?: PausePoint;
}
export type PausePoint = "before-commit" | "mid-rows" | "after-commit";
async function pause(at: PausePoint, wanted?: PausePoint) {
  if (at !== wanted) return;
  process.stderr.write(`pause ${at}\n`);
  // A pending promise alone does not keep Node alive: with every other handle unref'd (the lease's timer),
  // the process would exit by itself, racing the test's SIGKILL. A referenced timer holds it until killed.
  await new Promise(() => setInterval(() => {}, 60_000));
}

/**
 * Restores an archive, all or nothing: verify everything; back up the current state; stage the media
 * beside the live ones; replace every table's rows in ONE transaction that also records a marker; then
 * swap the media in. A crash before the commit leaves the old site (the staging is discarded at the next
 * start), after it the new one (the swap is completed at the next start): never a mix.
 */
export async function restoreArchive(ctx: BackupContext, opts: RestoreOptions): Promise<{ manifest: Manifest; safety: string | null }> {
  const progress: Progress = (phase, done, total) => void opts.lease?.progress(phase, done, total).catch(() => {});
  const { manifest } = await verifyArchive(ctx, opts.file, progress);
  await opts.lease?.progress("Sauvegarde de l'état actuel", 0, 1, true);
  const safety = await createBackup(ctx, { kind: "before-restore", by: opts.by }, opts.lease);
  await pruneSafetyCopies(ctx.env.backupDir, ctx.env.BACKUP_SAFETY_COPIES, path.basename(opts.file, ".zip"));
  await opts.lease?.progress("Préparation des médias", 0, manifest.counts.mediaBytes, true);

  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const archive = await OpenedArchive.open(opts.file, archiveLimits(ctx));
  const storage = ctx.storage;
  let journal: Journal;
  try {
    let done = 0;
    const onBytes = (n: number) => {
      done += n;
      progress("Préparation des médias", done, manifest.counts.mediaBytes);
    };
    if (storage instanceof LocalStorage) {
      const target = storage.folder;
      journal = { id, kind: "local", staging: `${target}.restore-${id}`, target };
      await writeJournal(ctx, journal);
      const staged = new LocalStorage(journal.staging!);
      await mkdir(journal.staging!, { recursive: true });
      for (const f of manifest.media) {
        const tmp = path.join(journal.staging!, `.incoming-${f.key}`);
        await extractTo(archive, f, tmp, onBytes);
        await staged.putFile(f.key, tmp, mimeOfKey(f.key));
      }
    } else {
      const work = workDir(ctx.env.backupDir);
      await mkdir(work, { recursive: true });
      journal = { id, kind: "s3", addedFile: path.join(work, `restore-${id}.added`), keepFile: path.join(work, `restore-${id}.keep`) };
      await writeFile(journal.keepFile!, manifest.media.map((f) => f.key).join("\n"));
      await writeFile(journal.addedFile!, "");
      await writeJournal(ctx, journal);
      const existing = new Set<string>();
      for await (const o of storage.list()) existing.add(o.key);
      for (const f of manifest.media) {
        // Keys are random and never reused for other bytes (edits write new keys): one already there is this file.
        if (existing.has(f.key)) {
          onBytes(f.bytes);
          continue;
        }
        await appendFile(journal.addedFile!, `${f.key}\n`);
        const tmp = path.join(work, `restore-${id}-${f.key}`);
        await extractTo(archive, f, tmp, onBytes);
        await storage.putFile(f.key, tmp, mimeOfKey(f.key));
      }
    }
    await pause("before-commit", opts.pauseAt);

    await opts.lease?.progress("Remplacement des données", 0, manifest.counts.rows, true);
    await replaceRows(ctx, archive, manifest, id, opts, progress);
    await pause("after-commit", opts.pauseAt);
  } catch (e) {
    archive.close();
    // Not committed: the old site stands; the staged files go.
    await discardStaging(ctx).catch((err) => log.warn("nettoyage de la restauration interrompue impossible", err));
    throw e;
  }
  archive.close();
  await completeStaging(ctx, journal);
  return { manifest, safety: safety.id };
}

async function replaceRows(ctx: BackupContext, archive: OpenedArchive, manifest: Manifest, id: string, opts: RestoreOptions, progress: Progress) {
  const { kysely, engine } = ctx.db;
  const catalogue = await readCatalogue(kysely, engine);
  const current = dependencyOrder(catalogue.filter((t) => isBackedUp(t.name)));
  const byName = new Map(catalogue.map((t) => [t.name, t]));
  const fromArchive = new Map(manifest.tables.map((t) => [t.name, t]));
  let done = 0;
  await kysely.transaction().execute(async (trx) => {
    if (engine === "sqlite") await sql`pragma defer_foreign_keys = on`.execute(trx);
    const revision = byName.has("site_state")
      ? Number((await sql<{ v: number | null }>`select max(value) as v from site_state where key = 'content_revision'`.execute(trx)).rows[0]?.v ?? 0)
      : 0;
    const keep = opts.keepSessionHash
      ? (
          await sql<
            Record<string, unknown>
          >`select s.*, a.email as restorer_email from sessions s join accounts a on a.id = s.account_id where s.id_hash = ${opts.keepSessionHash}`.execute(trx)
        ).rows[0]
      : undefined;
    // Sessions are never restored (docs/decisions/018-backups.md): everyone signs in again, except the restorer below.
    if (byName.has("sessions")) await sql`delete from sessions`.execute(trx);
    for (const t of [...current].reverse()) if (!APPEND_ONLY.has(t.name)) await sql`delete from ${sql.id(t.name)}`.execute(trx);
    for (const t of current) {
      const entry = fromArchive.get(t.name);
      if (!entry) continue;
      await insertRows(trx, archive, entry, byName.get(t.name)!, engine, lineLimits(ctx, t.name), (n) => {
        done += n;
        progress("Remplacement des données", done, manifest.counts.rows);
      });
      if (done > 0) await pause("mid-rows", opts.pauseAt);
    }
    // An archive of an older schema: the data steps of the migrations since then run on its rows, in this
    // same transaction (all or nothing), so the site is as an upgraded one would be.
    for (const step of dataStepsAfter(manifest.schemaVersion)) await step.run(trx as unknown as Kysely<unknown>);
    if (byName.has("site_state")) {
      // Another value than any process has seen: every process's HTML cache empties within a second.
      const restored = Number(
        (await sql<{ v: number | null }>`select max(value) as v from site_state where key = 'content_revision'`.execute(trx)).rows[0]?.v ?? 0,
      );
      await sql`delete from site_state where key = 'content_revision'`.execute(trx);
      await sql`insert into site_state (key, value) values ('content_revision', ${Math.max(revision, restored) + 1})`.execute(trx);
    }
    if (keep) {
      // The restorer stays signed in when the restored team has them (same e-mail) as an admin; the
      // account may carry another id (an archive from another installation).
      const still = await sql<{
        id: string;
      }>`select a.id from accounts a join team_members m on m.email = a.email where a.email = ${String(keep.restorer_email)} and m.role = 'admin'`.execute(trx);
      if (still.rows.length) {
        const { restorer_email: _email, ...row } = keep;
        row.account_id = still.rows[0].id;
        const cols = Object.keys(row);
        await sql`insert into sessions (${sql.join(cols.map((c) => sql.id(c)))}) values (${sql.join(cols.map((c) => row[c]))})`.execute(trx);
      }
    }
    await setMarker(trx, id);
  });
}

async function setMarker(db: Kysely<Database> | Transaction<Database>, id: string) {
  await db.deleteFrom("backup_settings").where("key", "=", MARKER).execute();
  await db.insertInto("backup_settings").values({ key: MARKER, value: id }).execute();
}

export { recoverInterruptedRestore } from "./staging.server";
