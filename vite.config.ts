import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build's entry is our own server module (server/app.ts): it bundles the HTTP layer, the
// database and React Router's server build into one module graph, so caches and connections exist once.
// The client build keeps Vite's manifest (build/client/.vite/manifest.json): the server reads it to
// preload the router's chunks on back-office pages (app/lib/http/client-assets.server.ts).
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { target: "es2020", manifest: true },
  ssr: { external: ["better-sqlite3", "pg", "sharp"] },
  plugins: [tailwindcss(), reactRouter()],
}));
