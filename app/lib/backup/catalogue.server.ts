import { sql, type Kysely } from "kysely";
import type { Engine } from "~/lib/db/connection.server";

/**
 * The tables a backup holds, read from the database's own catalogue (never a list written here), so a
 * table added by a later migration is backed up and restored without touching this code. Left out:
 * Kysely's migration bookkeeping (the schema version is recorded apart), the backup feature's own state
 * (backup_*: the lease, the schedule) and what only makes sense on the running installation (sessions,
 * sign-in throttles, second-step tokens and passkey challenges, who has a page open in an editor): see
 * docs/decisions/018-backups.md, 047 and 049.
 */
const NOT_BACKED_UP = new Set(["sessions", "throttle", "two_factor_challenges", "two_factor_passkey_challenges", "editing_sessions"]);
const OWN_PREFIX = "backup_";

type ColumnKind = "integer" | "real" | "text" | "blob" | "boolean";
interface ColumnInfo {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
  hasDefault: boolean;
}
export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Tables this one references (foreign keys), for the order of deletes and inserts. */
  references: string[];
}

/** A portable identifier: what both engines accept unquoted and what an archive may name. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Tables a restore adds to instead of replacing: the activity log must not lose the lines written since
 * the archive was made (among them who restored it), or a restore would be a way to erase it
 * (decision 044). Their rows carry a unique id; an archive's line already present is skipped.
 */
export const APPEND_ONLY = new Set(["activity_log"]);

export function isBackedUp(name: string): boolean {
  return TABLE_NAME.test(name) && !name.startsWith("kysely_") && !name.startsWith(OWN_PREFIX) && !NOT_BACKED_UP.has(name);
}

function kindOf(declared: string): ColumnKind {
  const t = declared.toLowerCase();
  if (/bool/.test(t)) return "boolean";
  if (/int|serial/.test(t)) return "integer";
  if (/real|floa|doub|numeric|decimal/.test(t)) return "real";
  if (/blob|bytea/.test(t)) return "blob";
  return "text";
}

/** Every table of the current schema (backed up or not), with its columns and references. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue is read before knowing which tables exist
export async function readCatalogue(db: Kysely<any>, engine: Engine): Promise<TableInfo[]> {
  if (engine === "sqlite") {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
    const out: TableInfo[] = [];
    for (const { name } of tables.rows) {
      const cols = await sql<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: unknown;
        pk: number;
      }>`select * from pragma_table_info(${name})`.execute(db);
      const fks = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
      out.push({
        name,
        columns: cols.rows.map((c) => ({ name: c.name, kind: kindOf(c.type), nullable: !c.notnull && !c.pk, hasDefault: c.dflt_value !== null })),
        references: [...new Set(fks.rows.map((f) => f.table))].filter((t) => t !== name),
      });
    }
    return out;
  }
  const cols = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const fks = await sql<{ child: string; parent: string }>`
    select cl.relname as child, pcl.relname as parent
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_class pcl on pcl.oid = con.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where con.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const byName = new Map<string, TableInfo>();
  for (const c of cols.rows) {
    let t = byName.get(c.table_name);
    if (!t) byName.set(c.table_name, (t = { name: c.table_name, columns: [], references: [] }));
    t.columns.push({ name: c.column_name, kind: kindOf(c.data_type), nullable: c.is_nullable === "YES", hasDefault: c.column_default !== null });
  }
  for (const f of fks.rows) {
    const t = byName.get(f.child);
    if (t && f.parent !== f.child && !t.references.includes(f.parent)) t.references.push(f.parent);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Parents before children (a cycle, which our schema has not, falls back to name order for its members). */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo) => {
    if (done.has(t.name) || visiting.has(t.name)) return;
    visiting.add(t.name);
    for (const r of t.references) {
      const parent = byName.get(r);
      if (parent) visit(parent);
    }
    visiting.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return out;
}

/** A stored value in the archive's engine-neutral form: JSON scalars, and bytes as { $b64 }. */
type NeutralValue = null | number | string | boolean | { $b64: string };

export function toNeutral(v: unknown, kind: ColumnKind): NeutralValue {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $b64: Buffer.from(v).toString("base64") };
  if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return v.toISOString();
  if (kind === "integer" || kind === "real") {
    // PostgreSQL hands bigint and numeric over as text.
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) && (kind === "real" || Number.isSafeInteger(Number(v)))) return Number(v);
  }
  if (kind === "boolean" && typeof v === "number") return v !== 0;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

/** The value to bind for a column of the target engine. */
export function fromNeutral(v: NeutralValue, kind: ColumnKind, engine: Engine): unknown {
  if (v === null) return null;
  if (typeof v === "object") return Buffer.from(v.$b64, "base64");
  switch (kind) {
    case "boolean":
      if (engine === "sqlite") return v === true || v === 1 || v === "true" || v === "1" ? 1 : 0;
      return v === true || v === 1 || v === "true" || v === "1";
    case "integer":
    case "real":
      if (typeof v === "boolean") return v ? 1 : 0;
      return v;
    case "text":
      return typeof v === "string" ? v : String(v);
    default:
      return v;
  }
}

export function isNeutralValue(v: unknown): v is NeutralValue {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v);
  if (typeof v === "object" && !Array.isArray(v)) {
    const keys = Object.keys(v as object);
    return keys.length === 1 && keys[0] === "$b64" && typeof (v as { $b64: unknown }).$b64 === "string";
  }
  return false;
}
