/**
 * Two kinds of pages share this entry. Public pages (id="public-root") hydrate as one React island
 * without the client router: visitors download React and the page's components, nothing else. The
 * back-office hydrates the full React Router app. Each branch is its own chunk.
 */
import { afterFirstView, rememberEarlyClick } from "./islands/after-first-view";

const publicRoot = document.getElementById("public-root");
if (publicRoot) {
  // A visitor's page is whole without JavaScript: the island starts once the page has been seen.
  const replay = rememberEarlyClick(publicRoot);
  afterFirstView(() => void import("./islands/hydrate-public").then((m) => m.hydratePublic(publicRoot, replay)));
} else {
  void import("./entry.router").then((m) => m.hydrateRouter());
}
