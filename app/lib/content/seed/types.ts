import type { PageDocument } from "~/lib/document/schema";
import type { PageKind } from "~/lib/db/schema";
import type { RouteKey } from "~/lib/i18n/routes";

interface SeedTranslation {
  /** For system pages the slug is the route table's path; for articles and custom pages, the URL slug. */
  slug: string;
  title: string;
  description: string;
  image?: string;
  excerpt?: string;
  doc: PageDocument;
}

export interface SeedPage {
  kind: PageKind;
  systemKey?: RouteKey;
  /** Articles: publication instant (ISO). */
  publishAt?: string;
  fr: SeedTranslation;
  en: SeedTranslation;
}

export interface SeedMedia {
  url: string;
  webp_url: string | null;
  /** WebP widths for srcset ("url 480w, url 960w, url 1600w"). */
  webp_srcset: string | null;
  width: number;
  height: number;
  title: string;
  alt: string;
  category: string;
  file_type: string;
  size: number;
}
