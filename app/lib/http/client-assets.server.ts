import { readFileSync } from "node:fs";
import path from "node:path";

/** One chunk of Vite's client manifest (build/client/.vite/manifest.json; vite.config.ts turns it on). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const ROUTER_ENTRY = "app/entry.router.tsx";

/**
 * The chunks of the router branch of the client entry (entry.router and what it imports), as URLs.
 * entry.client only imports that branch at run time, once it knows the page is not a public island, so
 * without these the back-office waits for one more round of downloads before React even starts; the
 * root layout announces them as modulepreload links on router pages. Empty when there is no manifest
 * (dev server, or a build made without it): the page then just loads them a little later.
 */
export function routerEntryPreloads(clientDir: string): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  if (!manifest[ROUTER_ENTRY]) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit(ROUTER_ENTRY);
  return [...files].filter((f) => f.endsWith(".js")).map((f) => `/${f}`);
}
