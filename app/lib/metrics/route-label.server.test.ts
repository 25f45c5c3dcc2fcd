import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { labelOf, routeLabeller, routeTree } from "./route-label.server";

/** A manifest shaped like the build's: a root layout, an API route with parameters, a catch-all page. */
const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({ id, parentId, path, index, module: {} });
const routes = {
  root: route("root", undefined, ""),
  draft: route("draft", "root", "api/pages/:id/:lang/draft"),
  pages: route("pages", "root", "api/pages"),
  admin: route("admin", "root", "admin"),
  adminHome: route("adminHome", "admin", undefined, true),
  adminMedia: route("adminMedia", "admin", "media-library"),
  feed: route("feed", "root", "blog/rss.xml"),
  article: route("article", "root", ":lang?/blog/:slug"),
  page: route("page", "root", "*"),
} as unknown as ServerBuild["routes"];

describe("route labels", () => {
  const label = routeLabeller(routes);
  it("are the matched route's pattern, never the raw address", () => {
    expect(label("/api/pages/p-123/fr/draft")).toBe("/api/pages/:id/:lang/draft");
    expect(label("/api/pages")).toBe("/api/pages");
    expect(label("/admin/media-library")).toBe("/admin/media-library");
    expect(label("/admin")).toBe("/admin");
    expect(label("/offres/anything")).toBe("/*");
    expect(label("/api/pages/p-123/fr/draft.data")).toBe("/api/pages/:id/:lang/draft.data");
  });

  // Ids, slugs, case and encoding change the address, never its label.
  const SAME_SHAPE: [string, string][] = [
    ["/api/pages/p-456/en/draft", "/api/pages/:id/:lang/draft"],
    ["/API/Pages/p-1/fr/DRAFT", "/api/pages/:id/:lang/draft"],
    ["/fr/blog/un-article", "/:lang?/blog/:slug"],
    ["/blog/un-autre", "/:lang?/blog/:slug"],
    ["/blog/rss.xml", "/blog/rss.xml"],
    ["/%62log/rss.xml", "/blog/rss.xml"],
    ["/api/pages", "/api/pages"],
    // A segment a route names, used as a parameter's value, keeps its own match.
    ["/api/pages/draft/fr/draft", "/api/pages/:id/:lang/draft"],
    ["/wp-admin/x.php", "/*"],
    ["/_root.data", "/.data"],
    ["/%E0%A4%A", "/*"],
  ];
  it.each(SAME_SHAPE)("%s is labelled %s, as every address of its shape", (address, expected) => {
    expect(label(address)).toBe(expected);
  });

  it("name the paths served before the router", () => {
    expect(label("/assets/entry-abc.js")).toBe("/assets/*");
    expect(label("/media/u/abc.webp")).toBe("/media/u/:key");
    expect(label("/media/seed/x.jpg")).toBe("/media/seed/*");
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/metrics")).toBe("/metrics");
  });
});

describe("route labels of the application's own routes", () => {
  /** app/routes.ts as the build's flat manifest (ids, parents), as the server gets it. */
  type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: object }> = {
    root: { id: "root", path: "", module: {} },
  };
  const add = (entries: Entry[], parentId: string) => {
    for (const e of entries) {
      const id = e.id ?? e.file;
      manifest[id] = { id, parentId, path: e.path, index: e.index, module: {} };
      if (e.children) add(e.children, id);
    }
  };
  beforeAll(async () => add((await import("~/routes")).default as Entry[], "root"));

  it("are what React Router's matching gives each address, shaped or not", () => {
    const routes = manifest as unknown as ServerBuild["routes"];
    const label = routeLabeller(routes);
    const tree = routeTree(routes);
    const fill = (path: string, value: string) => `/${path.replace(/:[A-Za-z]+\??/g, value).replace("*", `${value}/deux`)}`;
    const paths = Object.values(manifest).flatMap((r) =>
      r.path === undefined ? [] : [fill(r.path, "x1"), fill(r.path, "API"), fill(r.path, "blog"), `${fill(r.path, "p-9")}.data`],
    );
    paths.push("/", "/_root.data", "/nulle/part", "/wp-admin/setup.php", "/EN/Blog/Un-Article", "/%62log/rss.xml");
    expect(paths.length).toBeGreaterThan(300);
    const differ = paths.filter((p) => label(p) !== labelOf(tree, p));
    expect(differ).toEqual([]);
  });
});
