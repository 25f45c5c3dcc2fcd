// Starts the server: the built bundle in production (npm start), Vite's dev server with `--dev`.
// In production the primary process prepares the database once, then starts WEB_CONCURRENCY workers
// (default: one per core) that share the port; it restarts a worker that dies and stops them all on SIGTERM.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const dev = process.argv.includes("--dev");
const loadBuild = () => import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

if (!dev && cluster.isPrimary) {
  const mod = await loadBuild();
  const { workers } = await mod.prepareData();
  // One /metrics scrape covers every worker: the primary adds up their figures.
  if (workers > 1) mod.startMetricsAggregator();
  if (workers > 1) await runPrimary(workers);
  else await runServer(mod, { announce: true });
} else if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await runServer(mod, { announce: true, vite });
} else {
  await runServer(await loadBuild(), { announce: false });
}

async function runServer(mod, { announce, vite }) {
  const app = await mod.createApp({
    clientDir: path.join(buildDir, "client"),
    build: vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") : undefined,
  });
  const handler = vite ? (req, res) => vite.middlewares(req, res, () => app.handler(req, res)) : app.handler;
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  // Cached pages and built files answered before node:http parses the request (decision 064).
  if (!vite) app.attachFastLane(server);
  server.listen(app.env.PORT, app.env.HOST, () => {
    if (!announce) return;
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : app.env.PORT;
    console.log(`Serveur prêt sur http://localhost:${port}`);
  });

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    if (announce) console.log(`${signal} reçu, arrêt propre…`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close();
    server.closeIdleConnections?.();
    await app.close().catch(() => {});
    await vite?.close();
    process.exit(0);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function runPrimary(count) {
  let stopping = false;
  let announced = false;
  for (let i = 0; i < count; i++) cluster.fork();
  // One line per process that starts serving: operators (and the tests) see when all of them are up.
  cluster.on("listening", (worker, address) => {
    console.log(`processus ${worker.process.pid} à l'écoute`);
    if (announced) return;
    announced = true;
    console.log(`Serveur prêt sur http://localhost:${address.port} (${count} processus)`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`processus ${worker.process.pid} arrêté (${signal ?? code}), redémarrage`);
    cluster.fork();
  });
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} reçu, arrêt propre…`);
    const timer = setTimeout(() => process.exit(1), 12_000);
    timer.unref();
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((resolve) => {
            w.once("exit", resolve);
            w.process.kill("SIGTERM");
          }),
      ),
    );
    process.exit(0);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
