import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a second build (a benchmark, a parallel check) live beside the default one.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The full route manifest up front: only the back-office runs the client router (public pages are
  // islands), and lazy discovery would scan the builder's DOM after every edit.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
