// The pages measured: home, one solution page, the blog list and its first article, and the contact page
// (its form's script counts), in both languages.
// Fetching each once also checks its HTTP status and warms the server's HTML cache.

const FIXED = [
  { key: "home", fr: "/", en: "/en" },
  { key: "solution", fr: "/solutions/reservation", en: "/en/solutions/reservation" },
  { key: "blog", fr: "/blog", en: "/en/blog" },
  { key: "contact", fr: "/contact", en: "/en/contact" },
];

/** First link to an article in a blog list page: /blog/<slug> (or /en/blog/<slug>), same origin. */
export function firstArticlePath(html, lang, origin) {
  const prefix = lang === "en" ? "/en/blog/" : "/blog/";
  const main = html.match(/<main[\s\S]*?<\/main>/i)?.[0] ?? html;
  for (const m of main.matchAll(/<a\b[^>]*?\bhref\s*=\s*["']([^"']+)["']/gi)) {
    let href = m[1].replace(/&amp;/g, "&");
    if (href.startsWith(origin)) href = href.slice(origin.length);
    if (!href.startsWith(prefix)) continue;
    const slug = href.slice(prefix.length).split(/[?#]/)[0];
    // Pagination, category pages and the feed (rss.xml) are not articles.
    if (!slug || slug.includes("/") || slug.includes(".")) continue;
    return prefix + slug;
  }
  return null;
}

async function get(origin, p) {
  const res = await fetch(origin + p, { redirect: "manual", signal: AbortSignal.timeout(15_000) });
  return { status: res.status, html: await res.text() };
}

/** Returns [{ name, lang, path, url, status }] and the list of pages that could not be included. */
export async function discoverPages(origin) {
  const pages = [];
  const notes = [];
  for (const lang of ["fr", "en"]) {
    for (const { key, [lang]: p } of FIXED) {
      const { status, html } = await get(origin, p);
      pages.push({ name: `${key} ${lang}`, lang, path: p, url: origin + p, status });
      if (key === "blog") {
        const article = status === 200 ? firstArticlePath(html, lang, origin) : null;
        if (article) {
          const a = await get(origin, article);
          pages.push({ name: `article ${lang}`, lang, path: article, url: origin + article, status: a.status });
        } else {
          notes.push(`article ${lang}: no article link found in ${p} (status ${status}); not measured`);
          pages.push({ name: `article ${lang}`, lang, path: null, url: null, status: null, missing: `no article link in ${p}` });
        }
      }
    }
  }
  // Order: home, solution, blog, article, contact, FR before EN within each kind.
  const order = ["home", "solution", "blog", "article", "contact"];
  pages.sort((a, b) => order.indexOf(a.name.split(" ")[0]) - order.indexOf(b.name.split(" ")[0]) || (a.lang === "fr" ? -1 : 1));
  return { pages, notes };
}
