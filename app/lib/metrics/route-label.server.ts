import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a request path belongs to ("/api/pages/:id/:lang/draft", "/blog/:slug"), the label
 * of the request-duration metric: the raw URL would give one series per address (unbounded). Built once
 * from the server build's route manifest. React Router's matchRoutes flattens and ranks every route on each
 * call, so a label is computed once per path *shape*: the path with every segment that no route names
 * literally replaced by ":" (an id, a slug, a visitor's random address). Such a segment can only be matched
 * by a parameter or a splat, which match ":" alike, so the shape gets the path's own label; the shapes of a
 * site are few (bounded anyway).
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
  const tree = routeTree(routes);
  const literal = literalSegments(routes);
  const seen = new Map<string, string>();

  return (pathname) => {
    if (EXACT.has(pathname)) return pathname;
    for (const [prefix, label] of STATIC_PREFIXES) if (pathname.startsWith(prefix)) return label;
    const shape = shapeOf(pathname, literal);
    const known = seen.get(shape);
    if (known) return known;
    const label = labelOf(tree, shape);
    if (seen.size >= REMEMBERED) seen.clear();
    seen.set(shape, label);
    return label;
  };
}

/** The build's flat route manifest as the nested route objects matchRoutes takes. */
export function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
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
  return byParent.get(undefined) ?? [];
}

/** Every segment a route's path names literally, lower-cased (React Router matches without regard to case). */
function literalSegments(routes: ServerBuild["routes"]): Set<string> {
  // The root route's data request ("/_root.data") names the home page.
  const out = new Set<string>(["_root"]);
  for (const r of Object.values(routes)) {
    for (const segment of (r?.path ?? "").split("/")) {
      if (!segment || segment.startsWith(":") || segment === "*") continue;
      out.add(segment.replace(/\?$/, "").toLowerCase());
    }
  }
  return out;
}

/** The path with each segment no route names literally (after the ".data" of a data request) as ":". */
function shapeOf(pathname: string, literal: Set<string>): string {
  const data = pathname.endsWith(".data");
  const parts = (data ? pathname.slice(0, -".data".length) : pathname).split("/");
  const shape = parts.map((segment) => (segment === "" || literal.has(decoded(segment).toLowerCase()) ? segment : ":")).join("/");
  return data ? `${shape}.data` : shape;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The label of one path, by React Router's own matching (flattens and ranks every route: called once per shape). */
export function labelOf(tree: RouteObject[], pathname: string): string {
  // A client navigation's data request names the page it loads.
  const data = pathname.endsWith(".data");
  const page = data ? pathname.slice(0, -".data".length).replace(/\/_root$/, "/") || "/" : pathname;
  const matches = matchRoutes(tree, page);
  if (!matches) return "(aucune)";
  const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== "/");
  const pattern = `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  return data ? `${pattern}.data` : pattern;
}
