import type { DesignSettings } from "./tokens";

/** GET /api/design and the answer of a save or a publication. */
export interface DesignView {
  /** The draft (what the screen edits). */
  design: DesignSettings;
  /** What visitors see. */
  published: DesignSettings;
  /** Today's look, for "Rétablir les valeurs d'origine". */
  defaults: DesignSettings;
  version: number;
  status: "published" | "draft_pending";
  updatedAt: string | null;
  updatedBy: string | null;
  publishedAt: string | null;
}
