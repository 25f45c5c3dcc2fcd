import { listSitemapEntries } from "~/lib/content/pages.server";
import { runtime } from "~/lib/runtime.server";
import { xmlText } from "~/lib/text/xml";
import { zonedIso } from "~/lib/blog/time";

/** Every public URL in both languages, each with its hreflang alternates (fr, en, x-default). */
export async function sitemapXml(): Promise<string> {
  const origin = runtime().env.publicUrl;
  const entries = await listSitemapEntries();
  const urls: string[] = [];
  for (const e of entries) {
    const alts = (["fr", "en"] as const).filter((l) => e.alternates[l]);
    const links = alts.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${xmlText(origin + e.alternates[l])}"/>`);
    const xDefault = e.alternates.fr ?? e.alternates.en;
    if (xDefault) links.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(origin + xDefault)}"/>`);
    for (const l of alts) {
      urls.push(
        `  <url>\n    <loc>${xmlText(origin + e.alternates[l])}</loc>\n    <lastmod>${e.lastmod ? zonedIso(e.lastmod, runtime().env.SITE_TIMEZONE).slice(0, 10) : ""}</lastmod>\n${links.join("\n")}\n  </url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(): string {
  const origin = runtime().env.publicUrl;
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
