import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { PublicApp, type PublicAppProps } from "~/components/public/PublicApp";
import { PUBLIC_DATA_ID } from "./public-data";

/**
 * The page's data script, chosen strictly: a JSON <script> with our id that is not inside the rendered
 * page. getElementById returns the first element carrying the id, and stored content placed before the
 * script (an SVG with id="public-data") once won that race (DOM clobbering). Stored ids are namespaced
 * on the server too; this is the second lock.
 */
export function findPublicData(root: HTMLElement): HTMLScriptElement | null {
  for (const el of document.querySelectorAll<HTMLScriptElement>(`script[type="application/json"]#${PUBLIC_DATA_ID}`)) {
    if (!root.contains(el) && el.parentElement === root.parentElement) return el;
  }
  return null;
}

export function hydratePublic(root: HTMLElement) {
  const script = findPublicData(root);
  if (!script?.textContent) return;
  const props = JSON.parse(script.textContent) as PublicAppProps;
  // The contact form's code is fetched on the contact page only, before hydrating, so the markup matches.
  const form = props.contact && props.page ? import("~/components/public/contact/ContactForm") : null;
  void (form ?? Promise.resolve(null)).then((m) => {
    const contactForm = m && props.contact && props.page ? <m.ContactForm lang={props.lang} action={props.page.path} state={props.contact} /> : undefined;
    // A transition lets React yield while it hydrates, so a long page never blocks input for long.
    startTransition(() => {
      hydrateRoot(root, <PublicApp {...props} contactForm={contactForm} />);
    });
  });
}
