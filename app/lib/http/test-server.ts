import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";

/** For the tests of the server's file paths: a temporary folder shaped like build/client, holding `files`. */
export function clientFolder(prefix: string, files: Record<string, Buffer | string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), body);
  }
  return root;
}

/** Listens on a free loopback port; returns the origin. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** Closes the server and any connection still open. */
export async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}
