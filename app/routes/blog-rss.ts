import { blogFeed } from "~/lib/blog/public.server";
import { languageFromPath } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { currentRoutes } from "~/lib/structure/structure.server";
import type { Route } from "./+types/blog-rss";

/**
 * /blog/rss.xml and /en/blog/rss.xml, fixed even when the blog moves (decision 017: subscribers keep their
 * feed; its links follow the blog's current address). Computed at read time, so a scheduled article appears at its second. */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  return new Response(await blogFeed(lang, runtime().env.publicUrl, await currentRoutes()), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
