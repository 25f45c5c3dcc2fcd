import type { PageKind } from "~/lib/db/schema";
import type { Lang } from "~/lib/i18n/routes";
import type { SiteStructure } from "./structure-schemas";

/** A page as the structure screen lists it: system and custom pages, with what visitors see today. */
export interface StructurePage {
  id: string;
  kind: PageKind;
  systemKey: string | null;
  translations: Partial<Record<Lang, { title: string; path: string; description: string; published: boolean }>>;
}

/** One entry of the publication history (the last 50 publications of the structure). */
export interface StructureRevisionSummary {
  id: string;
  createdAt: string;
  createdBy: string | null;
}

/** GET /api/site-structure and the answer of a save or a publication. */
export interface StructureView {
  structure: SiteStructure;
  version: number;
  status: "published" | "draft_pending";
  updatedAt: string | null;
  updatedBy: string | null;
  publishedAt: string | null;
  pages: StructurePage[];
  /** Link targets: articles (newest first), French title when there is one. */
  articles: { id: string; title: string }[];
  /** The publication history, newest first (the last 50). */
  revisions: StructureRevisionSummary[];
}
