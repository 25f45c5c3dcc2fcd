import { useEffect, useRef, useState } from "react";
import { articlesApi } from "~/lib/api/client";
import { designCss } from "~/lib/design/css";
import { fontFaceCss } from "~/lib/design/typeface-files";
import type { DesignSettings } from "~/lib/design/tokens";
import { ROUTES } from "~/lib/i18n/routes";
import { SelectField } from "~/components/kit/fields";

type Theme = "light" | "dark";

const PAGES = [
  ["home", "Accueil"],
  ["offers", "Offres"],
  ["article", "Un article"],
  ["contact", "Contact"],
] as const;
type PageKey = (typeof PAGES)[number][0];

/**
 * The site's real pages with the draft design, in both themes, before anything is published (issue 21).
 * Each frame loads the page with `?design=draft` (the saved draft, for members who may edit the design:
 * root.tsx), then the screen writes the draft being typed into the frame's design stylesheet and sets
 * its theme: same origin, so no script is added to the public page and nothing is saved to look.
 */
export function SitePreview({ design }: { design: DesignSettings }) {
  const [page, setPage] = useState<PageKey>("home");
  const [articlePath, setArticlePath] = useState<string | null>(null);
  useEffect(() => {
    if (page !== "article" || articlePath) return;
    let live = true;
    articlesApi
      .list("?status=published&lang=fr")
      .then((a) => live && setArticlePath(a.articles.map((x) => x.versions.fr?.path).find(Boolean) ?? ROUTES.blog.fr))
      .catch(() => live && setArticlePath(ROUTES.blog.fr));
    return () => {
      live = false;
    };
  }, [page, articlePath]);
  const path = page === "article" ? articlePath : ROUTES[page].fr;
  // The head's stylesheet as the server writes it (design.server.ts): the chosen faces, then the variables.
  const css = fontFaceCss(design.fonts) + designCss(design);
  // Two whole pages: framed once the card is scrolled to, not each time the screen opens.
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || seen) return;
    const watcher = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: "200px" });
    watcher.observe(el);
    return () => watcher.disconnect();
  }, [seen]);
  return (
    <div ref={box} data-testid="design-site-preview">
      <div className="max-w-xs">
        <SelectField label="Page affichée" value={page} options={PAGES} onChange={(v) => setPage(v as PageKey)} />
      </div>
      <div className="mt-3 grid gap-4 xl:grid-cols-2">
        {!seen ? null : path ? (
          <>
            <PageFrame path={path} theme="light" css={css} />
            <PageFrame path={path} theme="dark" css={css} />
          </>
        ) : (
          <p className="text-sm text-neutral-600">Recherche d'un article publié…</p>
        )}
      </div>
    </div>
  );
}

function PageFrame({ path, theme, css }: { path: string; theme: Theme; css: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    const root = doc.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(theme);
    root.setAttribute("data-theme", theme);
    // Every design stylesheet of the frame: a draft typed while the frame was still loading its page went into
    // a sheet of our own, and the page's own sheet, parsed after it, won with the saved draft; once loaded,
    // both say what is being typed.
    const sheets = [...doc.querySelectorAll("style#design-settings")];
    if (!sheets.length && doc.head) {
      const style = doc.createElement("style");
      style.id = "design-settings";
      doc.head.append(style);
      sheets.push(style);
    }
    for (const style of sheets) if (style.textContent !== css) style.textContent = css;
  }, [css, theme, loaded]);
  const label = theme === "light" ? "Thème clair" : "Thème sombre";
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-bold uppercase tracking-wider text-neutral-600">{label}</figcaption>
      <iframe
        ref={frame}
        title={`Aperçu de la page ${path}, ${label.toLowerCase()}`}
        src={`${path}?design=draft`}
        onLoad={() => setLoaded((n) => n + 1)}
        className="h-[32rem] w-full rounded-xl border border-neutral-200 bg-white"
        data-testid={`design-site-preview-${theme}`}
      />
    </figure>
  );
}
