import { ApiError } from "~/lib/http/api.server";
import { announceContentChange, onContentChanged } from "~/lib/content/changes.server";
import { log } from "~/lib/log.server";
import { isUniqueViolation } from "~/lib/pages/pages-admin.server";
import { runtime } from "~/lib/runtime.server";
import { designCss } from "./css";
import { designSettingsSchema } from "./design-schema";
import { DEFAULT_DESIGN, type DesignSettings } from "./tokens";
import type { DesignView } from "./view";

export type { DesignView };

const db = () => runtime().db.kysely;

interface Row {
  design: DesignSettings;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A stored copy, checked; a missing or unreadable one is the default design (today's look). */
async function readRow(id: "draft" | "published"): Promise<Row | null> {
  const row = await db().selectFrom("site_design").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  let design = DEFAULT_DESIGN;
  try {
    const parsed = designSettingsSchema.safeParse(JSON.parse(row.data));
    if (parsed.success) design = parsed.data;
    else log.warn(`réglages de design (${id}) invalides, valeurs par défaut utilisées`, parsed.error.message);
  } catch (e) {
    log.warn(`réglages de design (${id}) illisibles`, e);
  }
  return { design, version: Number(row.version), updatedAt: row.updated_at, updatedBy: row.updated_by };
}

const same = (a: DesignSettings, b: DesignSettings) => JSON.stringify(a) === JSON.stringify(b);

export async function getDesignView(): Promise<DesignView> {
  const [draft, published] = await Promise.all([readRow("draft"), readRow("published")]);
  const pub = published?.design ?? DEFAULT_DESIGN;
  // Before any save, the draft is what visitors see.
  const current = draft ?? (published ? { ...published, version: 0 } : { design: DEFAULT_DESIGN, version: 0, updatedAt: null, updatedBy: null });
  return {
    design: current.design,
    published: pub,
    defaults: DEFAULT_DESIGN,
    version: draft?.version ?? 0,
    status: same(current.design, pub) ? "published" : "draft_pending",
    updatedAt: current.updatedAt,
    updatedBy: current.updatedBy,
    publishedAt: published?.updatedAt ?? null,
  };
}

function staleError(version: number): ApiError {
  const e = new ApiError(
    409,
    "stale_version",
    "Les réglages de design ont été modifiés ailleurs depuis que vous les avez ouverts. Rechargez-les avant d'enregistrer.",
  );
  e.details = { currentVersion: version };
  return e;
}

/** Saves the draft (visitors see nothing of it), refused when based on a stale version. */
export async function saveDesignDraft(design: DesignSettings, version: number, by: string): Promise<DesignView> {
  const now = new Date().toISOString();
  const data = JSON.stringify(design);
  await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("site_design").select("version").where("id", "=", "draft").executeTakeFirst();
      const current = row ? Number(row.version) : 0;
      if (current !== version) throw staleError(current);
      if (row) {
        const res = await trx
          .updateTable("site_design")
          .set({ data, version: current + 1, updated_at: now, updated_by: by })
          .where("id", "=", "draft")
          .where("version", "=", current)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw staleError(current);
      } else {
        await trx.insertInto("site_design").values({ id: "draft", data, version: 1, updated_at: now, updated_by: by }).execute();
      }
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw staleError(version);
      throw e;
    });
  return getDesignView();
}

/**
 * Makes the draft what visitors see. Every cached page is dropped and the content revision moves, so
 * the other processes drop theirs and rebuild the stylesheet (see onContentChanged below).
 */
export async function publishDesign(version: number, by: string): Promise<DesignView> {
  const now = new Date().toISOString();
  await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("site_design").select(["version", "data"]).where("id", "=", "draft").executeTakeFirst();
      const current = row ? Number(row.version) : 0;
      if (current !== version) throw staleError(current);
      const parsed = row ? designSettingsSchema.safeParse(JSON.parse(row.data)) : null;
      const design = parsed?.success ? parsed.data : DEFAULT_DESIGN;
      const data = JSON.stringify(design);
      const next = current + 1;
      for (const id of ["draft", "published"] as const) {
        const exists = await trx.selectFrom("site_design").select("id").where("id", "=", id).executeTakeFirst();
        if (exists) await trx.updateTable("site_design").set({ data, version: next, updated_at: now, updated_by: by }).where("id", "=", id).execute();
        else await trx.insertInto("site_design").values({ id, data, version: next, updated_at: now, updated_by: by }).execute();
      }
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw staleError(version);
      throw e;
    });
  cached = null;
  await announceContentChange("all");
  return getDesignView();
}

// ---------------------------------------------------------------------------------------------------
// The public side: the stylesheet, built once and kept in memory until content changes.

let cached: Promise<string> | null = null;

onContentChanged((change) => {
  // A rebuilt shell says nothing about the design; every other change (here or in another process) may.
  if (change.origin !== "shell") cached = null;
});

/** The published design as the head's stylesheet (a few hundred bytes, no request, no script). */
export function loadDesignCss(): Promise<string> {
  if (!cached) {
    const building = Promise.resolve()
      .then(() => readRow("published"))
      .then((row) => designCss(row?.design ?? DEFAULT_DESIGN));
    cached = building;
    building.catch((e: unknown) => {
      log.warn("réglages de design illisibles, valeurs par défaut utilisées", e);
      if (cached === building) cached = null;
    });
  }
  return cached.catch(() => designCss(DEFAULT_DESIGN));
}
