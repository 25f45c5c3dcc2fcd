import type { Db } from "./db/connection.server";
import type { Env } from "./env.server";

/** The booted server's shared state; set once by boot() before the first request is served. */
export interface Runtime {
  env: Env;
  db: Db;
}

let current: Runtime | undefined;

export function setRuntime(r: Runtime | undefined) {
  current = r;
}

export function runtime(): Runtime {
  if (!current) throw new Error("Le serveur n'est pas démarré (boot() n'a pas été appelé)");
  return current;
}

let entryModule: string | undefined;
/** URL of the client entry chunk, read from the server build's asset manifest at start-up. */
export function setClientEntry(url: string) {
  entryModule = url;
}
export function clientEntry(): string | undefined {
  return entryModule;
}

let routerChunks: string[] = [];
/** URLs of the client router's chunks (see client-assets.server.ts), set at start-up. */
export function setRouterPreloads(urls: string[]) {
  routerChunks = urls;
}
export function routerPreloads(): string[] {
  return routerChunks;
}
