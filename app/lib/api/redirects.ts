import type { Lang } from "~/lib/i18n/routes";

/** A former address that answers 301 to where its page or article is now. */
export interface RedirectView {
  fromPath: string;
  pageId: string;
  lang: Lang;
  /** The page's or article's title and current address (null if that language version is gone). */
  title: string | null;
  toPath: string | null;
  createdAt: string;
}

/** GET /api/redirects: every redirect, newest first. */
export interface RedirectsAnswer {
  redirects: RedirectView[];
}
