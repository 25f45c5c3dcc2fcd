import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { articleHeader, articleList, blogPartsFor, PublicApp, type PublicAppProps } from "~/components/public/PublicApp";
import { galleryRenderer, hasElementType, videoRenderer } from "~/lib/elements/renderers";
import { loadDictionary } from "~/lib/i18n/messages";
import { PUBLIC_DATA_ID } from "./public-data";

/**
 * The page's data script, chosen strictly: a JSON <script> with our id that is not inside the rendered
 * page. getElementById returns the first element carrying the id, and stored content placed before the
 * script (an SVG with id="public-data") once won that race (DOM clobbering). Stored ids are namespaced
 * on the server too; this is the second lock.
 */
function findPublicData(root: HTMLElement): HTMLScriptElement | null {
  for (const el of document.querySelectorAll<HTMLScriptElement>(`script[type="application/json"]#${PUBLIC_DATA_ID}`)) {
    if (!root.contains(el) && el.parentElement === root.parentElement) return el;
  }
  return null;
}

/** Renders nothing of its own: tells once React has committed the hydrated page. */
function Hydrated({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}

/** Hydrates the page's island; `onHydrated` runs once React has taken it over (a remembered click is replayed). */
export function hydratePublic(root: HTMLElement, onHydrated?: () => void) {
  const script = findPublicData(root);
  if (!script?.textContent) return;
  const props = JSON.parse(script.textContent) as PublicAppProps;
  // Code only some pages need (the contact form, the blog's lists, a gallery) is fetched on those pages
  // only, before hydrating, so the markup matches and nothing suspends.
  const form = props.contact && props.page ? import("~/components/public/contact/ContactForm") : null;
  const blog = blogPartsFor(props);
  const parts = [
    loadDictionary(props.lang),
    blog.list ? articleList.load() : null,
    blog.header ? articleHeader.load() : null,
    props.page && hasElementType(props.page.doc, "gallery") ? galleryRenderer.load() : null,
    props.page && hasElementType(props.page.doc, "video") ? videoRenderer.load() : null,
  ];
  void Promise.all([form, ...parts]).then(([m]) => {
    const contactForm = m && props.contact && props.page ? <m.ContactForm lang={props.lang} action={props.page.path} state={props.contact} /> : undefined;
    // A transition lets React yield while it hydrates, so a long page never blocks input for long.
    startTransition(() => {
      hydrateRoot(
        root,
        <Hydrated onHydrated={onHydrated}>
          <PublicApp {...props} contactForm={contactForm} />
        </Hydrated>,
      );
    });
  });
}
