// The activity log ("Journal d'activité", issue 25 §5): one page of 50 lines out of 100,000, with each of the
// screen's filters and deep in the list through the cursor, on SQLite and PostgreSQL (when one answers at
// TEST_PG_URL). Runs the built server (npx react-router build first) with one process and times
// GET /api/activity end to end over the loopback, the session check included. Target: ≤ 50 ms per page.
// `--rows=N` changes the log's size.
import Database from "better-sqlite3";
import path from "node:path";
import pg from "pg";
import { freePort, removeAtEnd, startProcess, stopProcess, tempDir, waitForHttp } from "./lib/proc.mjs";
import { onBothEngines, quantile } from "./lib/pg.mjs";

const ROWS = Number(process.argv.find((a) => a.startsWith("--rows="))?.split("=")[1] ?? 100_000);
const SAMPLES = 40;
const ADMIN_EMAIL = "bench@archimed.test";
const ADMIN_PASSWORD = "bench-password-activity-1";

const ACTIONS = [
  "page.publish",
  "article.publish",
  "article.schedule",
  "media.delete",
  "auth.sign_in",
  "auth.sign_in",
  "auth.sign_in",
  "team.role",
  "backup.create",
];
const MEMBERS = Array.from({ length: 12 }, (_, i) => `membre${i}@agence.test`);

/** The rows, oldest first, one a minute back from now: a busy year of a small agency's log. */
function* rows() {
  const now = Date.now();
  for (let i = 0; i < ROWS; i++) {
    const action = ACTIONS[i % ACTIONS.length];
    yield [
      `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      new Date(now - (ROWS - i) * 60_000).toISOString(),
      MEMBERS[i % MEMBERS.length],
      action,
      action === "auth.sign_in" && i % 7 === 0 ? "failure" : "ok",
      action.startsWith("auth") ? null : `Page numéro ${i % 997}`,
      `10.0.${(i >> 8) & 255}.${i & 255}`,
    ];
  }
}
const COLUMNS = "(id, at, actor_email, action, outcome, target_label, ip)";

async function fillSqlite(dataDir) {
  const db = new Database(path.join(dataDir, "site.db"));
  const insert = db.prepare(`insert into activity_log ${COLUMNS} values (?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows()) insert.run(...r);
  })();
  db.close();
}

async function fillPg(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let batch = [];
  const flush = async () => {
    if (!batch.length) return;
    const params = batch.flat();
    const values = batch.map((_, i) => `(${Array.from({ length: 7 }, (_, j) => `$${i * 7 + j + 1}`).join(", ")})`).join(", ");
    await client.query(`insert into activity_log ${COLUMNS} values ${values}`, params);
    batch = [];
  };
  for (const r of rows()) {
    batch.push(r);
    if (batch.length === 1000) await flush();
  }
  await flush();
  await client.query("analyze activity_log");
  await client.end();
}

async function measure(engine, databaseUrl) {
  const port = await freePort();
  const dataDir = tempDir("activity");
  removeAtEnd(dataDir);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  };
  const origin = `http://127.0.0.1:${port}`;
  // First start: migrations and seed; then the rows go in while the server is down; then the measured start.
  let child = startProcess(process.execPath, ["server.js"], { env });
  if (!(await waitForHttp(`${origin}/healthz`, child, 60_000))) throw new Error(`${engine}: the server did not start\n${child.output.join("\n")}`);
  await stopProcess(child);
  const t0 = performance.now();
  if (databaseUrl) await fillPg(databaseUrl);
  else await fillSqlite(dataDir);
  const fillMs = performance.now() - t0;
  child = startProcess(process.execPath, ["server.js"], { env: { ...env, ACTIVITY_RETENTION_DAYS: "3650" } });
  try {
    if (!(await waitForHttp(`${origin}/healthz`, child, 60_000))) throw new Error(`${engine}: the server did not restart\n${child.output.join("\n")}`);
    const login = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`${engine}: sign-in ${login.status}`);
    const cookie = login.headers.get("set-cookie").split(";")[0];
    const get = async (query) => {
      const t = performance.now();
      const res = await fetch(`${origin}/api/activity${query ? `?${query}` : ""}`, { headers: { cookie } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${engine} ${query}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t, body };
    };
    // A cursor 500 pages deep (25,000 lines back): what "Plus anciennes" sends after many clicks.
    let deep = "";
    for (let i = 0, q = ""; i < 500; i++) {
      const { body } = await get(q);
      deep = body.next;
      q = `before=${deep}`;
    }
    const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const cases = [
      ["newest page, no filter", ""],
      ["500 pages deep (cursor)", `before=${deep}`],
      ["group: Connexions", "group=signIn"],
      ["one action", "action=media.delete"],
      ["one member", `actor=${MEMBERS[3]}`],
      ["failures of one member", `actor=${MEMBERS[0]}&outcome=failure`],
      ["one day, 30 days ago", `from=${day}&to=${day}`],
      ["words of the target", "q=num%C3%A9ro%2042"],
      ["all filters together", `group=publication&actor=${MEMBERS[0]}&from=${day}&q=page`],
    ];
    console.log(`  ${engine}: ${ROWS.toLocaleString("en")} lines written in ${(fillMs / 1000).toFixed(1)} s`);
    for (const [name, query] of cases) {
      for (let i = 0; i < 5; i++) await get(query);
      const times = [];
      let n = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const { ms, body } = await get(query);
        times.push(ms);
        n = body.entries.length;
      }
      const p95 = quantile(times, 0.95);
      console.log(
        `    ${name.padEnd(28)} median ${quantile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${p95 <= 50 ? "PASS" : "FAIL"} (≤ 50 ms)   ${n} lines`,
      );
    }
  } finally {
    await stopProcess(child);
  }
}

const load = (await import("node:os"))
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(" / ");
console.log(
  `Activity log: a page of 50 lines out of ${ROWS.toLocaleString("en")}, GET /api/activity end to end (${SAMPLES} samples per case; load average ${load})`,
);
await onBothEngines("bench_activity", measure);
const after = (await import("node:os"))
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(" / ");
console.log(`Load average at the end: ${after}`);
