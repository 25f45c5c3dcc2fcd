import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build's entry is our own server module (server/app.ts): it bundles the HTTP layer, the
// database and React Router's server build into one module graph, so caches and connections exist once.
// The document worker (server/document-worker.ts, HTML sanitizing off the request thread) is a second
// entry of the same build, so it shares the sanitizer's code and lands beside index.js.
// The client build keeps Vite's manifest (build/client/.vite/manifest.json): the server reads it to
// preload the router's chunks on back-office pages (app/lib/http/client-assets.server.ts).
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild ? { rollupOptions: { input: { index: "./server/app.ts", "document-worker": "./server/document-worker.ts" } }, target: "node20" } : { target: "es2020", manifest: true },
  ssr: { external: ["better-sqlite3", "pg", "sharp"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // React Router names every server entry index.js; the worker keeps its own name beside it.
    {
      name: "document-worker-entry",
      apply: "build",
      outputOptions: (o) =>
        isSsrBuild ? { ...o, entryFileNames: (chunk) => (chunk.name === "document-worker" ? "document-worker.js" : "index.js") } : o,
    },
  ],
}));
