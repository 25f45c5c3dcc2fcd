import { brandIcon, type BrandIcon } from "./brand-icon.server";
import { announceContentChange, onContentChanged } from "./changes.server";
import { draftStore } from "./draft-store.server";
import { log } from "~/lib/log.server";
import { designCss } from "~/lib/design/css";
import { fontFaceCss, fontPreloads, ordinalsPreload } from "~/lib/design/typeface-files";
import { effectiveColors } from "~/lib/design/derive";
import { can } from "~/lib/auth/can";
import { optionalTeamMember } from "~/lib/auth/permissions.server";
import { readSessionToken } from "~/lib/auth/session.server";
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

onContentChanged((change) => {
  // A rebuilt shell says nothing about the design; every other change (here or in another process) may.
  if (change.origin !== "shell") cached = null;
});

export interface HeadDesign {
  /** The head's stylesheet: the chosen typefaces' @font-face rules, then the variables. */
  css: string;
  /** The chosen typefaces' Latin files, for `<link rel="preload">`. */
  fontPreloads: string[];
  /** The text face's ordinals file, preloaded by a page that writes an ordinal (decision 056). */
  ordinalsPreload: string | null;
  /** The brand colour, for `<meta name="theme-color">`. */
  themeColor: string;
  /** The favicon in the brand colours (decision 052). */
  icon: BrandIcon;
}

const headDesign = (d: DesignSettings): HeadDesign => ({
  css: fontFaceCss(d.fonts) + designCss(d),
  fontPreloads: fontPreloads(d.fonts),
  ordinalsPreload: ordinalsPreload(d.fonts),
  themeColor: effectiveColors(d).light.brand,
  icon: brandIcon(d),
});

/** The published design's favicon, from the same in-memory copy as the head (no query per request). */
export async function publishedBrandIcon(): Promise<BrandIcon> {
  return (await loadHeadDesign()).icon;
}

/**
 * The design the document head carries: the published one, or for a member who may edit the design and
 * asks for it (`?design=draft`, the design screen's preview of real pages) the draft. Members' pages are
 * never cached (server/app.ts), so a draft never reaches a visitor.
 */
export async function headDesignFor(request: Request): Promise<HeadDesign> {
  if (new URL(request.url).searchParams.get("design") === "draft" && readSessionToken(request)) {
    const member = await optionalTeamMember(request);
    if (member && can(member, "editDesign")) return headDesign((await readRow("draft"))?.design ?? (await publishedDesign()));
  }
  return loadHeadDesign();
}

let cached: Promise<HeadDesign> | null = null;

function loadHeadDesign(): Promise<HeadDesign> {
  if (!cached) {
    const building = Promise.resolve()
      .then(() => readRow("published"))
      .then((row) => headDesign(row?.design ?? DEFAULT_DESIGN));
    cached = building;
    building.catch((e: unknown) => {
      log.warn("réglages de design illisibles, valeurs par défaut utilisées", e);
      if (cached === building) cached = null;
    });
  }
  return cached.catch(() => headDesign(DEFAULT_DESIGN));
}
