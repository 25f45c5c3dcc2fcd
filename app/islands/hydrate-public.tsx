import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { PublicApp, type PublicAppProps } from "~/components/public/PublicApp";
import { PUBLIC_DATA_ID } from "./public-data";

export function hydratePublic(root: HTMLElement) {
  const script = document.getElementById(PUBLIC_DATA_ID);
  if (!script?.textContent) return;
  const props = JSON.parse(script.textContent) as PublicAppProps;
  // A transition lets React yield while it hydrates, so a long page never blocks input for long.
  startTransition(() => {
    hydrateRoot(root, <PublicApp {...props} />);
  });
}
