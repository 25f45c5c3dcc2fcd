import { blogFeed } from "~/lib/blog/public.server";
import { languageFromPath } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import type { Route } from "./+types/blog-rss";

/** /blog/rss.xml and /en/blog/rss.xml: computed at read time, so a scheduled article appears at its second. */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  return new Response(await blogFeed(lang, runtime().env.publicUrl), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
