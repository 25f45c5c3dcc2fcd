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
// Code only some pages need (contact form, blog lists, galleries, each language's words) stays in its own chunks.
// Names are matched exactly (style\.ts): a prefix once pulled the builder's style-value rules (style-values.ts) in.
const PUBLIC_SHELL =
  /\/app\/(islands\/|components\/public\/(PublicApp|Header|Footer|CookieBanner|ChatButton|ScrollTopButton|ThemeToggle|LanguageSwitch|Logo)\.tsx|lib\/(deferred|theme|i18n\/(routes|messages)|document\/style-keys\.ts|elements\/(DocumentView|layer-look|context|style\.ts|renderers\/(index|Media|RichText|Simple|video-url))))/;

const WORKERS = new Set(["document-worker", "image-worker"]);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild
    ? {
        rollupOptions: { input: { index: "./server/app.ts", "document-worker": "./server/document-worker.ts", "image-worker": "./server/image-worker.ts" } },
        target: "node20",
      }
    : { target: "es2020", manifest: true, rollupOptions: { output: { manualChunks: (id: string) => (PUBLIC_SHELL.test(id) ? "public" : undefined) } } },
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
