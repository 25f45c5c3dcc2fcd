import { addDeviceValues } from "./migrate-devices";
import { migrateDarkBand, migrateToDesignPresets, migrateToNamedSteps } from "~/lib/design/migrate-document";
import { migrateBrandToToken } from "~/lib/design/migrate-brand";
import { DOC_VERSION } from "~/lib/document/model";

/**
 * Stored documents are upgraded on read. Each entry turns version n into n + 1; the list is ordered
 * and only ever appended to. Version 0 is a bare array of blocks (documents written before versioning).
 */
type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;

const migrations: Record<number, Migration> = {
  0: (doc) => ({ version: 1, blocks: Array.isArray(doc.blocks) ? doc.blocks : [] }),
  1: addDeviceValues,
  2: migrateToDesignPresets,
  3: migrateBrandToToken,
  4: migrateToNamedSteps,
  5: migrateDarkBand,
};

export function migrateDocument(raw: unknown): unknown {
  let doc: Record<string, unknown>;
  if (Array.isArray(raw)) doc = { version: 0, blocks: raw };
  else if (raw && typeof raw === "object") doc = { ...(raw as Record<string, unknown>) };
  else return raw;
  let version = typeof doc.version === "number" ? doc.version : 0;
  while (version < DOC_VERSION) {
    const step = migrations[version];
    if (!step) break;
    doc = step(doc);
    version = typeof doc.version === "number" ? doc.version : version + 1;
  }
  return doc;
}
