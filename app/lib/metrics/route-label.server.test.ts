import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeLabeller } from "./route-label.server";

/** A manifest shaped like the build's: a root layout, an API route with parameters, a catch-all page. */
const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({ id, parentId, path, index, module: {} });
const routes = {
  root: route("root", undefined, ""),
  draft: route("draft", "root", "api/pages/:id/:lang/draft"),
  pages: route("pages", "root", "api/pages"),
  admin: route("admin", "root", "admin"),
  adminHome: route("adminHome", "admin", undefined, true),
  adminMedia: route("adminMedia", "admin", "media-library"),
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

  it("name the paths served before the router", () => {
    expect(label("/assets/entry-abc.js")).toBe("/assets/*");
    expect(label("/media/u/abc.webp")).toBe("/media/u/:key");
    expect(label("/media/seed/x.jpg")).toBe("/media/seed/*");
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/metrics")).toBe("/metrics");
  });
});
