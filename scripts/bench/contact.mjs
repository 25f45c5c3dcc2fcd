// Contact form: how long storing one request takes, on SQLite and on PostgreSQL (when one answers at
// TEST_PG_URL / postgres://postgres@127.0.0.1:5432/test). Runs the built server (npx react-router build
// first) with one process, no SMTP, no limits in the way, and times POST /api/contact end to end over the
// loopback: validation, the throttle statement and the insert. Sequential requests: the figure is the
// latency of one request, not a throughput. Target: median ≤ 5 ms for storing (the transaction, read from
// the answer's Server-Timing header); the end-to-end time is printed beside it.
import { freePort, removeAtEnd, startProcess, stopProcess, tempDir, waitForHttp } from "./lib/proc.mjs";
import { onBothEngines } from "./lib/pg.mjs";

const N = Number(process.argv.find((a) => a.startsWith("--requests="))?.split("=")[1] ?? 300);

async function measure(engine, databaseUrl) {
  const port = await freePort();
  const dataDir = tempDir("contact");
  removeAtEnd(dataDir);
  const child = startProcess(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
      SMTP_HOST: "",
      CONTACT_PER_HOUR: "10000",
      CONTACT_MIN_FILL_MS: "0",
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    if (!(await waitForHttp(`${origin}/healthz`, child, 60_000))) throw new Error(`${engine}: the server did not start\n${child.output.join("\n")}`);
    const body = (i) =>
      JSON.stringify({
        name: `Bench ${i}`,
        email: `bench${i}@example.test`,
        business: "Boulangerie du banc d'essai",
        message: "Bonjour, je voudrais prendre les commandes en ligne. ".repeat(4),
        consent: true,
        lang: "fr",
        startedAt: 0,
      });
    const times = [];
    const stores = [];
    for (let i = 0; i < N + 20; i++) {
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: body(i) });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`${engine}: answer ${res.status}`);
      if (i >= 20) {
        times.push(performance.now() - t0);
        const store = Number(/store;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1]);
        if (Number.isFinite(store)) stores.push(store);
      }
    }
    times.sort((a, b) => a - b);
    stores.sort((a, b) => a - b);
    const q = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
    // Storing (the server's Server-Timing: the throttle count and the insert, one transaction) is the target;
    // end to end adds HTTP, JSON parsing and the schema, for context.
    const store = stores.length ? q(stores, 0.5) : NaN;
    console.log(
      `  ${engine.padEnd(10)} storing: median ${store.toFixed(2)} ms   p95 ${q(stores, 0.95)?.toFixed(2)} ms   ${store <= 5 ? "PASS" : "FAIL"} (≤ 5 ms)   |   end to end: median ${q(times, 0.5).toFixed(2)} ms   p95 ${q(times, 0.95).toFixed(2)} ms   (${N} requests)`,
    );
  } finally {
    await stopProcess(child);
  }
}

console.log("Storing a contact request (POST /api/contact, end to end over the loopback)");
await onBothEngines("bench_contact", measure);
