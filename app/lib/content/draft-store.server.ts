import type { Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "~/lib/db/schema";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { isUniqueViolation } from "./translations.server";
import { runtime } from "~/lib/runtime.server";

/**
 * One document kept as a draft and a published copy (the site's design, its structure): two rows
 * `draft` and `published` of one table, each with a version that moves on every write. A save or a
 * publication names the version the editor opened; another one since is refused (409 stale_version)
 * rather than silently overwritten. Decision record 029.
 */

/** The tables that hold such a document: same columns (id, data, version, updated_at, updated_by). */
export type DraftTable = "site_design" | "site_structure";

export type DraftRowId = "draft" | "published";

type Db = ReturnType<typeof db> | Transaction<Database>;

const db = () => runtime().db.kysely;

export interface StoredDocument<T> {
  /** The checked document; null when the stored JSON is unreadable or fails the schema (logged). */
  doc: T | null;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface DraftStoreOptions<T> {
  table: DraftTable;
  schema: z.ZodType<T>;
  /** What the document is called in the server log, e.g. `réglages de design (draft)`. */
  logName: (id: DraftRowId) => string;
  /** Logged when the stored copy fails the schema, and when it is not even JSON (French). */
  invalid: string;
  unreadable: string;
  /** The 409 message when the version is stale (French, tells the editor to reload). */
  staleMessage: string;
}

export interface DraftStore<T> {
  /** A stored copy, checked; null when there is no such row. `q`: the caller's transaction if any (SQLite has one connection). */
  read(id: DraftRowId, q?: Db): Promise<StoredDocument<T> | null>;
  staleError(version: number): ApiError;
  /**
   * Writes the draft when `version` is still the draft's: `build` runs in the transaction (checks
   * against the database, then the document to store); the draft's version moves by one.
   */
  saveDraft(version: number, by: string, build: (trx: Transaction<Database>) => Promise<T>): Promise<void>;
  /**
   * Makes both copies the document `build` returns from the draft (null when missing or unreadable),
   * when `version` is still the draft's; both copies take the next version. `after` runs in the same
   * transaction; `onUniqueViolation` names the conflict a unique index reports (default: stale version).
   */
  publish(
    version: number,
    by: string,
    build: (trx: Transaction<Database>, draft: T | null, now: string) => Promise<T>,
    options?: { after?: (trx: Transaction<Database>, published: T, now: string) => Promise<void>; onUniqueViolation?: () => ApiError },
  ): Promise<void>;
}

export function draftStore<T>(options: DraftStoreOptions<T>): DraftStore<T> {
  // Both tables have the same columns: Kysely is given one of the names so that it types them.
  const table = options.table as "site_design";

  const parse = (id: DraftRowId, data: string): T | null => {
    try {
      const parsed = options.schema.safeParse(JSON.parse(data));
      if (parsed.success) return parsed.data;
      log.warn(`${options.logName(id)} ${options.invalid}`, parsed.error.message);
    } catch (e) {
      log.warn(`${options.logName(id)} ${options.unreadable}`, e);
    }
    return null;
  };

  const staleError = (version: number): ApiError => {
    const e = new ApiError(409, "stale_version", options.staleMessage);
    e.details = { currentVersion: version };
    return e;
  };

  /** Runs `work` in a transaction; a unique index refusing a row (two first saves at once) is a conflict. */
  const inTransaction = (work: (trx: Transaction<Database>) => Promise<void>, conflict: () => ApiError) =>
    db()
      .transaction()
      .execute(work)
      .catch((e: unknown) => {
        if (isUniqueViolation(e)) throw conflict();
        throw e;
      });

  /** The draft's version, checked against the one the editor opened. */
  const checkedVersion = async (trx: Transaction<Database>, version: number) => {
    const row = await trx.selectFrom(table).select(["version", "data"]).where("id", "=", "draft").executeTakeFirst();
    const current = row ? Number(row.version) : 0;
    if (current !== version) throw staleError(current);
    return { row, current };
  };

  return {
    staleError,

    async read(id, q = db()) {
      const row = await q.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      return { doc: parse(id, row.data), version: Number(row.version), updatedAt: row.updated_at, updatedBy: row.updated_by };
    },

    async saveDraft(version, by, build) {
      const now = new Date().toISOString();
      await inTransaction(
        async (trx) => {
          const { row, current } = await checkedVersion(trx, version);
          const data = JSON.stringify(await build(trx));
          if (row) {
            const res = await trx
              .updateTable(table)
              .set({ data, version: current + 1, updated_at: now, updated_by: by })
              .where("id", "=", "draft")
              .where("version", "=", current)
              .executeTakeFirst();
            if (Number(res.numUpdatedRows) !== 1) throw staleError(current);
          } else {
            await trx.insertInto(table).values({ id: "draft", data, version: 1, updated_at: now, updated_by: by }).execute();
          }
        },
        () => staleError(version),
      );
    },

    async publish(version, by, build, { after, onUniqueViolation } = {}) {
      const now = new Date().toISOString();
      await inTransaction(
        async (trx) => {
          const { row, current } = await checkedVersion(trx, version);
          const published = await build(trx, row ? parse("draft", row.data) : null, now);
          const data = JSON.stringify(published);
          const next = current + 1;
          for (const id of ["draft", "published"] as const) {
            const exists = await trx.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
            if (exists) await trx.updateTable(table).set({ data, version: next, updated_at: now, updated_by: by }).where("id", "=", id).execute();
            else await trx.insertInto(table).values({ id, data, version: next, updated_at: now, updated_by: by }).execute();
          }
          if (after) await after(trx, published, now);
        },
        onUniqueViolation ?? (() => staleError(version)),
      );
    },
  };
}
