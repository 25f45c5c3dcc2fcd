import type { SiteSettings } from "~/lib/content/settings";
import type { Lang } from "~/lib/i18n/routes";

/** schema.org JSON-LD: BlogPosting on articles, Organization on the home page. */
const abs = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

function organization(origin: string) {
  return { "@type": "Organization", name: "Archimed", url: `${origin}/`, logo: `${origin}/favicon.svg` };
}

export function blogPostingLd(
  origin: string,
  page: { lang: Lang; path: string; title: string; description: string; image: string | null; date: string | null },
  details: { author: string | null; tags: { label: string }[]; updatedAt: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: page.title,
    description: page.description,
    inLanguage: page.lang === "fr" ? "fr-FR" : "en-GB",
    mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}${page.path}` },
    url: `${origin}${page.path}`,
    ...(page.image ? { image: [abs(origin, page.image)] } : {}),
    ...(page.date ? { datePublished: page.date } : {}),
    // Both carry the site's offset (zonedIso): compared as instants, not as text.
    ...(details.updatedAt ? { dateModified: page.date && Date.parse(page.date) >= Date.parse(details.updatedAt) ? page.date : details.updatedAt } : {}),
    author: details.author ? { "@type": "Person", name: details.author } : organization(origin),
    publisher: organization(origin),
    ...(details.tags.length ? { keywords: details.tags.map((t) => t.label).join(", ") } : {}),
  };
}

export function organizationLd(origin: string, settings: SiteSettings, lang: Lang) {
  const c = settings.contact[lang];
  return {
    "@context": "https://schema.org",
    ...organization(origin),
    email: settings.email,
    telephone: c.phone,
    address: { "@type": "PostalAddress", streetAddress: c.address, addressLocality: c.city },
    sameAs: [settings.social.facebook, settings.social.instagram],
  };
}
