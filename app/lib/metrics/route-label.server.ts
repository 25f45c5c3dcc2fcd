import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a request path belongs to ("/api/pages/:id/:lang/draft", "/blog/:slug"), the label
 * of the request-duration metric: the raw URL would give one series per address (unbounded). Built once
 * from the server build's route manifest; matched paths are remembered (bounded) since the cache's hot
 * path asks for the same few pages again and again.
 */
const REMEMBERED = 2000;

/** Paths answered before the router (server/app.ts): exactly these, then by prefix. */
const EXACT = new Set(["/healthz", "/readyz", "/metrics"]);
const STATIC_PREFIXES: readonly [string, string][] = [
  ["/assets/", "/assets/*"],
  ["/media/seed/", "/media/seed/*"],
  ["/media/u/", "/media/u/:key"],
];

export function routeLabeller(routes: ServerBuild["routes"]): (pathname: string) => string {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const objects = new Map<string, RouteObject>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const o: RouteObject = r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, children: [] };
    objects.set(r.id, o);
  }
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push(objects.get(r.id)!);
    byParent.set(r.parentId, list);
  }
  for (const [parent, children] of byParent) {
    const o = parent === undefined ? undefined : objects.get(parent);
    if (o && !o.index) o.children = children;
  }
  const tree = byParent.get(undefined) ?? [];
  const seen = new Map<string, string>();

  return (pathname) => {
    const known = seen.get(pathname);
    if (known) return known;
    const label = labelOf(tree, pathname);
    if (seen.size >= REMEMBERED) seen.clear();
    seen.set(pathname, label);
    return label;
  };
}

function labelOf(tree: RouteObject[], pathname: string): string {
  if (EXACT.has(pathname)) return pathname;
  for (const [prefix, label] of STATIC_PREFIXES) if (pathname.startsWith(prefix)) return label;
  // A client navigation's data request names the page it loads.
  const data = pathname.endsWith(".data");
  const page = data ? pathname.slice(0, -".data".length).replace(/\/_root$/, "/") || "/" : pathname;
  const matches = matchRoutes(tree, page);
  if (!matches) return "(aucune)";
  const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== "/");
  const pattern = `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  return data ? `${pattern}.data` : pattern;
}
