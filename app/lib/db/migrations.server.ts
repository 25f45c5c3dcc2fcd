import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { m0001_site } from "./migrations/0001_site";
import { m0002_auth } from "./migrations/0002_auth";
import { m0003_analytics } from "./migrations/0003_analytics";
import { m0004_revisions } from "./migrations/0004_revisions";
import { m0005_media_srcset } from "./migrations/0005_media_srcset";
import { m0007_media_library } from "./migrations/0007_media_library";
import { m0008_contact_requests } from "./migrations/0008_contact_requests";
import { m0010_articles } from "./migrations/0010_articles";
import { m0011_site_structure } from "./migrations/0011_site_structure";
import { m0012_backups } from "./migrations/0012_backups";
import { m0013_article_list_speed } from "./migrations/0013_article_list_speed";
import { firstStructureRevision, m0014_structure_revisions } from "./migrations/0014_structure_revisions";
import { m0015_site_design } from "./migrations/0015_site_design";
import { m0016_saved_sections } from "./migrations/0016_saved_sections";
import { m0017_activity_log } from "./migrations/0017_activity_log";
import { m0018_review_requests } from "./migrations/0018_review_requests";
import { m0019_media_taken_at } from "./migrations/0019_media_taken_at";
import { m0020_translation_sync } from "./migrations/0020_translation_sync";
import { m0021_two_factor } from "./migrations/0021_two_factor";
import { m0022_passkeys } from "./migrations/0022_passkeys";
import { m0023_comments } from "./migrations/0023_comments";
import { m0024_editing_sessions } from "./migrations/0024_editing_sessions";

/**
 * Ordered and append-only: a migration that has shipped is never edited. The same migrations run on
 * SQLite and PostgreSQL (portable column types only). One file per migration in ./migrations.
 */
const migrations: Record<string, Migration> = {
  "0001_site": m0001_site,
  "0002_auth": m0002_auth,
  "0003_analytics": m0003_analytics,
  "0004_revisions": m0004_revisions,
  "0005_media_srcset": m0005_media_srcset,
  "0007_media_library": m0007_media_library,
  "0008_contact_requests": m0008_contact_requests,
  "0010_articles": m0010_articles,
  "0011_site_structure": m0011_site_structure,
  "0012_backups": m0012_backups,
  "0013_article_list_speed": m0013_article_list_speed,
  "0014_structure_revisions": m0014_structure_revisions,
  "0015_site_design": m0015_site_design,
  "0016_saved_sections": m0016_saved_sections,
  "0017_activity_log": m0017_activity_log,
  "0018_review_requests": m0018_review_requests,
  "0019_media_taken_at": m0019_media_taken_at,
  "0020_translation_sync": m0020_translation_sync,
  "0021_two_factor": m0021_two_factor,
  "0022_passkeys": m0022_passkeys,
  "0023_comments": m0023_comments,
  "0024_editing_sessions": m0024_editing_sessions,
};

/** Migration names in order; the last one is the schema version a backup records. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);
export const latestMigration = (): string => MIGRATION_NAMES[MIGRATION_NAMES.length - 1];

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema they create exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) if (r.status === "Error") throw new Error(`migration ${r.migrationName} a échoué`);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Data steps to run again on rows restored from a backup of an older schema (decision 018): a migration
 * that changes data as well as structure registers that part here, and restore runs, in the restoring
 * transaction, the steps of every migration newer than the archive. A migration that rewrites data
 * without registering a step would leave restored rows as the older schema had them.
 */
const RESTORED_DATA_STEPS: Record<string, (db: Kysely<unknown>) => Promise<void>> = {
  "0014_structure_revisions": firstStructureRevision,
};

/** The data steps to run after restoring an archive made at schema `version`, in migration order. */
export function dataStepsAfter(version: string): { name: string; run: (db: Kysely<unknown>) => Promise<void> }[] {
  const from = MIGRATION_NAMES.indexOf(version);
  if (from < 0) return [];
  return MIGRATION_NAMES.slice(from + 1).flatMap((name) => (RESTORED_DATA_STEPS[name] ? [{ name, run: RESTORED_DATA_STEPS[name] }] : []));
}
