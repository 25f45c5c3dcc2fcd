import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build's entry is our own server module (server/app.ts): it bundles the HTTP layer, the
// database and React Router's server build into one module graph, so caches and connections exist once.
// The document worker (server/document-worker.ts, HTML sanitizing off the request thread) is a second
// entry of the same build, so it shares the sanitizer's code and lands beside index.js; so is the image
// process (server/image-worker.ts, sharp's work at a lower priority, app/lib/media/image-pool.server.ts).
// The client build keeps Vite's manifest (build/client/.vite/manifest.json): the server reads it to
// preload the router's chunks on back-office pages (app/lib/http/client-assets.server.ts).
// A visitor's page loads the island's modules together: one chunk instead of a handful of small ones, each of
// which costs its own request and compresses on its own (the JavaScript budget, see docs/benchmarks.md).
// Code only some pages need (contact form, blog lists, galleries, videos, each language's words) stays in its own chunks.
// Names are matched exactly (style\.ts): a prefix once pulled the builder's style-value rules (style-values.ts) in.
const PUBLIC_SHELL =
  /\/app\/(islands\/(hydrate-public|public-data)\.tsx?|components\/public\/(PublicApp|Header|Footer|CookieBanner|ChatButton|ScrollTopButton|ThemeToggle|LanguageSwitch|Logo)\.tsx|lib\/(deferred|theme|i18n\/(routes|messages)|document\/style-keys\.ts|elements\/(DocumentView|layer-look|context|style\.ts|renderers\/(index|Media|RichText|Simple))))/;

// The entry's own chunk holds what it runs before the island (islands/after-first-view.ts) and Vite's helper for
// dynamic imports. Left to Rollup, the helper joined the island's chunk (a manual chunk takes its modules'
// dependencies), and the 1 KB entry then imported the island's 80 KB statically, before the page was painted
// (decision 059).
const BOOT = /vite\/preload-helper|\/app\/(entry\.client\.tsx|islands\/after-first-view\.ts)$/;

const WORKERS = new Set(["document-worker", "image-worker"]);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild
    ? {
        rollupOptions: { input: { index: "./server/app.ts", "document-worker": "./server/document-worker.ts", "image-worker": "./server/image-worker.ts" } },
        target: "node20",
      }
    : {
        target: "es2020",
        manifest: true,
        rollupOptions: { output: { manualChunks: (id: string) => (BOOT.test(id) ? "entry.client" : PUBLIC_SHELL.test(id) ? "public" : undefined) } },
      },
  ssr: { external: ["better-sqlite3", "pg", "sharp"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // React Router names every server entry index.js; the workers keep their own names beside it.
    {
      name: "document-worker-entry",
      apply: "build",
      outputOptions: (o) => (isSsrBuild ? { ...o, entryFileNames: (chunk) => (WORKERS.has(chunk.name) ? `${chunk.name}.js` : "index.js") } : o),
    },
  ],
}));
