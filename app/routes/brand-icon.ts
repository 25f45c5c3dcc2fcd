import { BRAND_ICON_PATTERN } from "~/lib/content/brand-icon.server";
import { publishedBrandIcon } from "~/lib/content/design.server";
import type { Route } from "./+types/brand-icon";

/**
 * The favicon in the published brand colours (decision 052). The address a page names carries the
 * colours: it is kept a year (immutable). Another one (a page cached before a publication, the design
 * screen's draft preview) gets today's icon, checked again on each use; anything else is a 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const asked = BRAND_ICON_PATTERN.exec(params.file ?? "");
  if (!asked) return new Response("Introuvable", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const icon = await publishedBrandIcon();
  const current = asked[1] === icon.stamp;
  const etag = `"${icon.stamp}"`;
  const headers = {
    "Content-Type": "image/svg+xml",
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(icon.svg, { headers });
}
