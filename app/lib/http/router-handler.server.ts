import { createRequestHandler, type ServerBuild } from "react-router";

/**
 * React Router's request handler over the server bundle. In production the bundle is loaded once and handed
 * over as an object: given a function, React Router calls it and derives its route tables again (every route
 * flattened and ranked) on every request, which a profile of the server during a media import showed as most
 * of the router's own time per request (`node scripts/bench/uncached.mjs`: about a third of the CPU of a
 * session check). Vite's development server asks for `reload`, so that its rebuilt modules reach the next request.
 */
export async function routerRequestHandler(load: () => Promise<ServerBuild>, { reload, mode }: { reload: boolean; mode: "development" | "production" }) {
  const build = await load();
  const handle = createRequestHandler(reload ? load : build, mode);
  return { build, handle };
}
