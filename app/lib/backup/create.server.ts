import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setImmediate as tick } from "node:timers/promises";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Db } from "~/lib/db/connection.server";
import { latestMigration } from "~/lib/db/migrations.server";
import type { Env } from "~/lib/env.server";
import type { MediaStorage } from "~/lib/media/storage.server";
import { ArchiveWriter, FORMAT, FORMAT_VERSION, MANIFEST, mediaFile, tableFile, type Manifest } from "./archive.server";
import type { BackupMeta } from "./backup-schemas";
import { isBackedUp, readCatalogue, toNeutral, type TableInfo } from "./catalogue.server";
import type { Lease } from "./lease.server";
import { archivePath, newBackupId, writeMeta } from "./store.server";

/** Rows per batch at most, and about this many bytes: a page document can weigh 100 KB, a page view 100 bytes. */
const BATCH = 2000;
const BATCH_BYTES = 2 * 1024 * 1024;

function approxBytes(row: unknown[]): number {
  let n = 8;
  for (const v of row) n += typeof v === "string" ? v.length : v instanceof Uint8Array ? v.byteLength : 8;
  return n;
}

export interface BackupContext {
  env: Env;
  db: Db;
  storage: MediaStorage;
}
export type Trigger = Manifest["trigger"];

/** Reads every table inside one snapshot (a read transaction on its own connection), so the backup is consistent while the site keeps writing. */
interface Snapshot {
  count(table: string): Promise<number>;
  rows(table: string, columns: string[]): AsyncGenerator<unknown[][]>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name}"`;

async function openSnapshot(ctx: BackupContext): Promise<Snapshot> {
  if (ctx.db.engine === "sqlite") {
    const conn = new SQLite(path.join(ctx.env.dataDir, "site.db"));
    conn.pragma("busy_timeout = 5000");
    // A deferred read transaction: its first read fixes the snapshot; writers in other connections go on (WAL).
    conn.exec("begin");
    conn.prepare("select count(*) from sqlite_master").get();
    return {
      count: async (t) => Number((conn.prepare(`select count(*) as n from ${quote(t)}`).get() as { n: number }).n),
      async *rows(t, columns) {
        const it = conn
          .prepare(`select ${columns.map(quote).join(", ")} from ${quote(t)}`)
          .raw(true)
          .iterate() as IterableIterator<unknown[]>;
        for (;;) {
          const batch: unknown[][] = [];
          let bytes = 0;
          while (batch.length < BATCH && bytes < BATCH_BYTES) {
            const n = it.next();
            if (n.done) {
              if (batch.length) yield batch;
              return;
            }
            batch.push(n.value);
            bytes += approxBytes(n.value);
          }
          yield batch;
          // Let the server answer requests between batches: the reads here are synchronous.
          await tick();
        }
      },
      close: async () => {
        conn.exec("commit");
        conn.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: ctx.env.DATABASE_URL });
  await client.connect();
  await client.query("begin isolation level repeatable read read only");
  return {
    count: async (t) => Number((await client.query(`select count(*)::bigint as n from ${quote(t)}`)).rows[0].n),
    async *rows(t, columns) {
      await client.query(`declare backup_cursor no scroll cursor for select ${columns.map(quote).join(", ")} from ${quote(t)}`);
      try {
        // The fetch size follows the rows' weight: large documents come a few at a time.
        let size = 100;
        for (;;) {
          const res = await client.query({ text: `fetch ${size} from backup_cursor`, rowMode: "array" });
          const rows = res.rows as unknown[][];
          if (rows.length) yield rows;
          if (rows.length < size) return;
          const bytes = rows.reduce((a, r) => a + approxBytes(r), 0);
          size = Math.max(1, Math.min(BATCH, Math.floor((size * BATCH_BYTES) / Math.max(1, bytes))));
        }
      } finally {
        await client.query("close backup_cursor");
      }
    },
    close: async () => {
      await client.query("commit").catch(() => {});
      await client.end();
    },
  };
}

async function* ndjson(source: AsyncGenerator<unknown[][]>, table: TableInfo, onRows: (n: number) => void): AsyncGenerator<Buffer> {
  const kinds = table.columns.map((c) => c.kind);
  for await (const batch of source) {
    let out = "";
    for (const row of batch) out += JSON.stringify(row.map((v, i) => toNeutral(v, kinds[i]))) + "\n";
    onRows(batch.length);
    yield Buffer.from(out, "utf8");
  }
}

/**
 * Writes a whole-site backup: every backed-up table's rows, every media file, the manifest, the seal;
 * then its summary beside it. Streams all the way: memory stays bounded whatever the site's size.
 */
export async function createBackup(ctx: BackupContext, trigger: Trigger, lease?: Lease): Promise<BackupMeta> {
  const dir = ctx.env.backupDir;
  await mkdir(dir, { recursive: true });
  const id = newBackupId();
  const createdAt = new Date().toISOString();
  const tables = (await readCatalogue(ctx.db.kysely, ctx.db.engine)).filter((t) => isBackedUp(t.name));
  const writer = new ArchiveWriter(archivePath(dir, id));
  const snapshot = await openSnapshot(ctx);
  try {
    const counts = new Map<string, number>();
    for (const t of tables) counts.set(t.name, await snapshot.count(t.name));
    const totalRows = [...counts.values()].reduce((a, b) => a + b, 0);
    let doneRows = 0;
    const manifestTables: Manifest["tables"] = [];
    for (const t of tables) {
      const columns = t.columns.map((c) => c.name);
      let rows = 0;
      const written = await writer.add(
        tableFile(t.name),
        ndjson(snapshot.rows(t.name, columns), t, (n) => {
          rows += n;
          doneRows += n;
          void lease?.progress("Tables", doneRows, totalRows).catch(() => {});
        }),
        true,
      );
      manifestTables.push({ name: t.name, file: tableFile(t.name), columns, rows, ...written });
    }
    await snapshot.close();

    const files: { key: string; size: number }[] = [];
    for await (const f of ctx.storage.list()) files.push(f);
    const totalBytes = files.reduce((a, f) => a + f.size, 0);
    let doneBytes = 0;
    const manifestMedia: Manifest["media"] = [];
    for (const f of files) {
      const obj = await ctx.storage.get(f.key);
      // Deleted since it was listed: the backup holds what exists.
      if (!obj) continue;
      const written = await writer.add(mediaFile(f.key), obj.body, false, (n) => {
        doneBytes += n;
        void lease?.progress("Médias", doneBytes, totalBytes).catch(() => {});
      });
      manifestMedia.push({ key: f.key, file: mediaFile(f.key), ...written });
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      schemaVersion: latestMigration(),
      engine: ctx.db.engine,
      createdAt,
      trigger,
      counts: {
        tables: manifestTables.length,
        rows: manifestTables.reduce((a, t) => a + t.rows, 0),
        media: manifestMedia.length,
        mediaBytes: manifestMedia.reduce((a, m) => a + m.bytes, 0),
      },
      tables: manifestTables,
      media: manifestMedia,
    };
    writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest)));
    await lease?.progress("Finalisation", 1, 1, true);
    const { size, sha256 } = await writer.finish();
    const meta: BackupMeta = {
      id,
      createdAt,
      size,
      sha256,
      trigger,
      engine: manifest.engine,
      schemaVersion: manifest.schemaVersion,
      counts: manifest.counts,
      rows: Object.fromEntries(manifestTables.map((t) => [t.name, t.rows])),
    };
    await writeMeta(dir, meta);
    return meta;
  } catch (e) {
    await snapshot.close().catch(() => {});
    await writer.abort();
    throw e;
  }
}
