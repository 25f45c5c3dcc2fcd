import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { BackupJobView } from "~/lib/api/backups";
import type { Database } from "~/lib/db/schema";

/**
 * One backup operation at a time across every server process and the command line: a lease row in the
 * database (never an in-memory flag). Taking it is one conditional UPDATE, so two processes can never
 * both win; the holder renews it while it works, and a holder that died lets go when it expires.
 */
const NAME = "operation";
const LEASE_TTL_MS = 60_000;
const RENEW_EVERY_MS = 10_000;

/** The running (or last) operation, as GET /api/backups shows it. */
export type Job = BackupJobView;
type Operation = Job["operation"];

export class BusyError extends Error {
  constructor(public job: Job | null) {
    super(
      job?.operation === "restore"
        ? "Une restauration est déjà en cours : attendez qu'elle se termine."
        : "Une sauvegarde est déjà en cours : attendez qu'elle se termine.",
    );
  }
}

export class Lease {
  private timer: NodeJS.Timeout | undefined;
  private lastProgress = 0;
  constructor(
    private db: Kysely<Database>,
    readonly holder: string,
    readonly operation: Operation,
  ) {}

  /** Takes the lease or throws BusyError (in French) naming what is running. */
  static async take(db: Kysely<Database>, operation: Operation, by: string | null, now = new Date()): Promise<Lease> {
    const iso = now.toISOString();
    await db
      .insertInto("backup_leases")
      .values({ name: NAME, holder: "", operation, started_at: iso, expires_at: new Date(0).toISOString(), phase: "", outcome: "done" })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
    const dead = await deadHolder(db, now);
    const res = await db
      .updateTable("backup_leases")
      .set({
        holder,
        operation,
        started_by: by,
        started_at: iso,
        expires_at: new Date(now.getTime() + LEASE_TTL_MS).toISOString(),
        phase: "Préparation",
        done: 0,
        total: 0,
        outcome: "running",
        message: null,
        finished_at: null,
      })
      .where("name", "=", NAME)
      .where((eb) => eb.or([eb("expires_at", "<", iso), eb("outcome", "!=", "running"), ...(dead ? [eb("holder", "=", dead)] : [])]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new BusyError(await currentJob(db));
    const lease = new Lease(db, holder, operation);
    lease.timer = setInterval(() => void lease.renew().catch(() => {}), RENEW_EVERY_MS);
    lease.timer.unref();
    return lease;
  }

  private async renew() {
    await this.db
      .updateTable("backup_leases")
      .set({ expires_at: new Date(Date.now() + LEASE_TTL_MS).toISOString() })
      .where("name", "=", NAME)
      .where("holder", "=", this.holder)
      .execute();
  }

  /** Progress for every process's progress bar; written at most every 300 ms unless `force`. */
  async progress(phase: string, done: number, total: number, force = false) {
    const now = Date.now();
    if (!force && now - this.lastProgress < 300) return;
    this.lastProgress = now;
    await this.db
      .updateTable("backup_leases")
      .set({ phase, done: Math.round(done), total: Math.round(total), expires_at: new Date(now + LEASE_TTL_MS).toISOString() })
      .where("name", "=", NAME)
      .where("holder", "=", this.holder)
      .execute();
  }

  async release(outcome: "done" | "failed", message: string | null) {
    clearInterval(this.timer);
    const iso = new Date().toISOString();
    await this.db
      .updateTable("backup_leases")
      .set({ outcome, message, finished_at: iso, expires_at: iso })
      .where("name", "=", NAME)
      .where("holder", "=", this.holder)
      .execute();
  }
}

/**
 * The holder, if it is a process of this machine that no longer exists (killed, crashed): its lease is
 * over at once rather than after LEASE_TTL_MS, so a restart can recover and retry without waiting.
 */
async function deadHolder(db: Kysely<Database>, now: Date): Promise<string | null> {
  const row = await db.selectFrom("backup_leases").select(["holder", "outcome", "expires_at"]).where("name", "=", NAME).executeTakeFirst();
  if (!row || row.outcome !== "running" || row.expires_at < now.toISOString()) return null;
  const [host, pid] = row.holder.split(":");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "") || Number(pid) === process.pid) return null;
  try {
    process.kill(Number(pid), 0);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH" ? row.holder : null;
  }
}

/** What runs now, or ran last (null before the first operation). A holder past its lease is reported as failed. */
export async function currentJob(db: Kysely<Database>, now = new Date()): Promise<Job | null> {
  const row = await db.selectFrom("backup_leases").selectAll().where("name", "=", NAME).executeTakeFirst();
  if (!row || !row.holder) return null;
  const dead = row.outcome === "running" && (row.expires_at < now.toISOString() || (await deadHolder(db, now)) !== null);
  return {
    operation: row.operation,
    phase: row.phase,
    done: Number(row.done),
    total: Number(row.total),
    outcome: dead ? "failed" : row.outcome,
    message: dead ? "L'opération s'est interrompue (processus arrêté)." : row.message,
    startedBy: row.started_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** True while a live holder has the lease (recovery after a crash waits for it). */
export async function leaseHeld(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const job = await currentJob(db, now);
  return job?.outcome === "running";
}
