import { announceContentChange, onContentChanged } from "./changes.server";
import { draftStore } from "./draft-store.server";
import { log } from "~/lib/log.server";
import { designCss } from "~/lib/design/css";
import { designSettingsSchema } from "~/lib/design/design-schema";
import { DEFAULT_DESIGN, type DesignSettings } from "~/lib/design/tokens";
import type { DesignView } from "~/lib/design/view";

export type { DesignView };

const store = draftStore<DesignSettings>({
  table: "site_design",
  schema: designSettingsSchema,
  logName: (id) => `réglages de design (${id})`,
  invalid: "invalides, valeurs par défaut utilisées",
  unreadable: "illisibles",
  staleMessage: "Les réglages de design ont été modifiés ailleurs depuis que vous les avez ouverts. Rechargez-les avant d'enregistrer.",
});

interface Row {
  design: DesignSettings;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A stored copy, checked; a missing or unreadable one is the default design (today's look). */
async function readRow(id: "draft" | "published"): Promise<Row | null> {
  const row = await store.read(id);
  return row && { design: row.doc ?? DEFAULT_DESIGN, version: row.version, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
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

/** Saves the draft (visitors see nothing of it), refused when based on a stale version. */
export async function saveDesignDraft(design: DesignSettings, version: number, by: string): Promise<DesignView> {
  await store.saveDraft(version, by, async () => design);
  return getDesignView();
}

/**
 * Makes the draft what visitors see. Every cached page is dropped and the content revision moves, so
 * the other processes drop theirs and rebuild the stylesheet (see onContentChanged below).
 */
export async function publishDesign(version: number, by: string): Promise<DesignView> {
  await store.publish(version, by, async (_trx, draft) => draft ?? DEFAULT_DESIGN);
  cached = null;
  await announceContentChange("all");
  return getDesignView();
}

/** The published design's rules for publishing pages (the pre-publish check, decision 036). */
export async function publishedDesign(): Promise<DesignSettings> {
  return (await readRow("published"))?.design ?? DEFAULT_DESIGN;
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
