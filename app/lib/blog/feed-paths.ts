import { ROUTES, type Lang } from "~/lib/i18n/routes";

/**
 * The RSS feed of each language's blog: /blog/rss.xml and /en/blog/rss.xml, from the route table's
 * default, so it stays put when an admin moves the blog (subscribers keep their feed; decision 017).
 */
export const blogFeedPath = (lang: Lang) => `${ROUTES.blog[lang]}/rss.xml`;
