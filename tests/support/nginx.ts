import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Debian's nginx as a round-robin load balancer in front of test servers, with the configuration the
 * README documents (docs/nginx-two-nodes.conf): a foreground child with its own prefix, pid and logs in a
 * temporary folder, listening on a free loopback port.
 */
export const NGINX = "/usr/sbin/nginx";
export const nginxAvailable = () => existsSync(NGINX);

const TEMPLATE = path.resolve(import.meta.dirname, "../../docs/nginx-two-nodes.conf");

export interface Nginx {
  url: string;
  /** nginx's error log so far. */
  errors: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** `nodes`: the servers' base URLs (http://127.0.0.1:port). */
export async function startNginx(nodes: [string, string]): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "archimed-nginx-"));
  for (const d of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(prefix, d));
  const port = await freePort();
  const conf = readFileSync(TEMPLATE, "utf8")
    .replaceAll("@PREFIX@", prefix)
    .replaceAll("@LISTEN@", `127.0.0.1:${port}`)
    .replaceAll("@NODE_A@", new URL(nodes[0]).host)
    .replaceAll("@NODE_B@", new URL(nodes[1]).host);
  const file = path.join(prefix, "nginx.conf");
  writeFileSync(file, conf);
  let output = "";
  const child: ChildProcess = spawn(NGINX, ["-p", prefix, "-c", file, "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const errors = () => output + (existsSync(path.join(prefix, "error.log")) ? readFileSync(path.join(prefix, "error.log"), "utf8") : "");
  const t0 = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() - t0 > 10_000) {
      child.kill("SIGKILL");
      throw new Error(`nginx n'a pas démarré :\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT");
        const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
