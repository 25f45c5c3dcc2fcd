import type { MetaDescriptor } from "react-router";
import type { Lang } from "./i18n/routes";

const OG_LOCALE: Record<Lang, string> = { fr: "fr_FR", en: "en_GB" };

interface SeoInput {
  origin: string;
  lang: Lang;
  path: string;
  title: string;
  description: string;
  image: string | null;
  alternates: Partial<Record<Lang, string>>;
  type?: "website" | "article";
  siteName?: string;
}

/** Title, description, canonical, hreflang (fr, en, x-default) and Open Graph for one page and language. */
export function seoMeta(i: SeoInput): MetaDescriptor[] {
  const abs = (p: string) => `${i.origin}${p === "/" ? "/" : p}`;
  const site = i.siteName ?? "Archimed";
  const title = i.title.includes(site) ? i.title : `${i.title} | ${site}`;
  const out: MetaDescriptor[] = [
    { title },
    { name: "description", content: i.description },
    { tagName: "link", rel: "canonical", href: abs(i.path) },
    { property: "og:type", content: i.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: i.description },
    { property: "og:url", content: abs(i.path) },
    { property: "og:site_name", content: site },
    { property: "og:locale", content: OG_LOCALE[i.lang] },
    { name: "twitter:card", content: i.image ? "summary_large_image" : "summary" },
  ];
  if (i.image) out.push({ property: "og:image", content: i.image.startsWith("/") ? abs(i.image) : i.image });
  for (const l of ["fr", "en"] as const) {
    const alt = i.alternates[l];
    if (alt) out.push({ tagName: "link", rel: "alternate", hrefLang: l, href: abs(alt) });
    if (alt && l !== i.lang) out.push({ property: "og:locale:alternate", content: OG_LOCALE[l] });
  }
  const xDefault = i.alternates.fr ?? i.alternates.en;
  if (xDefault) out.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: abs(xDefault) });
  return out;
}
