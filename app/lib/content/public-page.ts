import type { RenderDocument } from "~/lib/document/schema";
import type { MediaMap } from "~/lib/elements/context";
import type { Lang } from "~/lib/i18n/routes";

/** What a public page renders: built on the server (pages.server.ts), sent to the visitor's island as JSON. */
export interface PublicPageData {
  kind: "system" | "custom" | "article";
  lang: Lang;
  path: string;
  title: string;
  description: string;
  image: string | null;
  date: string | null;
  readingMinutes: number;
  doc: RenderDocument;
  alternates: Partial<Record<Lang, string>>;
  media: MediaMap;
  /** Articles: byline, tags and the cover's alt text. */
  author?: string | null;
  tags?: { slug: string; label: string }[];
  imageAlt?: string;
}

/** An article in a list (the blog, the home page, related articles). */
export interface ArticleCard {
  path: string;
  title: string;
  excerpt: string;
  image: string | null;
  date: string | null;
  imageAlt?: string;
  readingMinutes?: number;
  author?: string | null;
}

/** The blog list's position: page n of pageCount, optionally one tag. */
export interface BlogNav {
  page: number;
  pageCount: number;
  tag: { slug: string; label: string } | null;
  tags: { slug: string; label: string }[];
}
