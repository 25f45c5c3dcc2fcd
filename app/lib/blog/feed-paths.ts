import { ROUTES, type Lang } from "~/lib/i18n/routes";

/** The RSS feed of each language's blog: /blog/rss.xml and /en/blog/rss.xml. */
export const blogFeedPath = (lang: Lang) => `${ROUTES.blog[lang]}/rss.xml`;
