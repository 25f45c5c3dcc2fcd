// PostgreSQL for the benchmarks: a fresh database per run, dropped afterwards; null when no server answers.
import pg from "pg";

export const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A new empty database named `${prefix}_…` on PG_URL's server, or null when it cannot be reached. */
export async function freshPgDatabase(prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The value at quantile `p` (0..1) of a list of numbers; NaN for an empty list. */
export function quantile(values, p) {
  if (!values.length) return NaN;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

/** The middle value of a list of numbers (the upper one of the two middles for an even count, as `quantile`). */
export const median = (values) => quantile(values, 0.5);

/** Runs `measure("sqlite")`, then `measure("postgresql", url)` on a fresh database (dropped after), or says why not. */
export async function onBothEngines(prefix, measure) {
  await measure("sqlite");
  const db = await freshPgDatabase(prefix);
  if (!db) {
    console.log(`  postgresql not reachable at ${PG_URL}: not measured`);
    return;
  }
  try {
    await measure("postgresql", db.url);
  } finally {
    await db.drop();
  }
}
