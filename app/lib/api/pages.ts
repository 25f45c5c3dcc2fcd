import type { PageKind } from "~/lib/db/schema";
import type { PageDocument, RenderDocument } from "~/lib/document/schema";
import type { MediaMap } from "~/lib/elements/context";
import type { PublishRules } from "~/lib/design/tokens";
import type { Lang } from "~/lib/i18n/routes";
import type { PublicationState } from "~/lib/content/publication-state";

/**
 * The pages API as both sides see it: the server's handlers answer these shapes (checked with
 * `satisfies`), and the back-office reads them through the typed client (./client.ts).
 */
type TranslationStatus = "published" | "draft_pending" | "unpublished";

export interface AdminPageTranslation {
  lang: Lang;
  path: string;
  slug: string;
  title: string;
  status: TranslationStatus;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  publishedAt: string | null;
  /** What visitors get now (Brouillon, Programmé pour le…, Publié, Modifications non publiées). */
  state: PublicationState;
}

export interface AdminPage {
  id: string;
  kind: PageKind;
  systemKey: string | null;
  translations: Partial<Record<Lang, AdminPageTranslation>>;
}

export interface DraftView {
  pageId: string;
  kind: PageKind;
  lang: Lang;
  path: string;
  title: string;
  /** The page's description (search engines): the pre-publish check wants one of at most 160 characters. */
  description: string;
  version: number;
  status: TranslationStatus;
  /**
   * The other language version (null when there is none): the pre-publish checklist warns when it is not
   * published, or has unpublished changes (`pending`).
   */
  otherLang: { lang: Lang; published: boolean; pending: boolean } | null;
  /** The design settings' choice: which of the check's findings refuse the publication. */
  publishRules: PublishRules;
  updatedAt: string;
  updatedBy: string | null;
  doc: RenderDocument;
  media: MediaMap;
  /** Set when the stored draft could not be read as a document (it is then shown empty). */
  readError?: string;
}

export interface RevisionSummary {
  id: string;
  title: string;
  createdAt: string;
  createdBy: string | null;
}

export interface PagesAnswer {
  pages: AdminPage[];
}
export interface PageAnswer {
  page: AdminPage;
}
export interface DraftAnswer {
  draft: DraftView;
}
/** A stored draft: its new version and when. */
export interface SavedAnswer {
  version: number;
  updatedAt: string;
  /** The stored document, only when sanitizing changed the one sent: the builder's "saved" is then the server's. */
  doc?: PageDocument;
}
export interface PublishedAnswer {
  version: number;
  publishedAt: string;
}
export interface RevisionsAnswer {
  revisions: RevisionSummary[];
}
export interface RevisionAnswer {
  revision: RevisionSummary & { doc: RenderDocument };
}
export interface ResolvedPathAnswer {
  pageId: string;
  lang: Lang;
}
