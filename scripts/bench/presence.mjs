// Presence of editors (issue 25 §3, decision 049): how long until the other tab knows. Tab A (one member)
// holds a page and listens to its live stream (server-sent events); tab B (another member) opens the page,
// then takes it over, then leaves, and A takes it back. Each time is from B's request leaving to A's
// stream carrying the change. The server runs two processes (WEB_CONCURRENCY=2), so A's stream and B's
// requests are often served by different processes that share only the database. Target: "presence
// reaches the other browser within 2 s" (p95 ≤ 2,000 ms). SQLite, then PostgreSQL when one answers at
// TEST_PG_URL. Needs a build (npx react-router build; BUILD_DIR=… for another folder).
//   node scripts/bench/presence.mjs [--rounds=20]
import { freePort, removeAtEnd, serverEnv, startProcess, stopProcess, tempDir, waitForHttp } from "./lib/proc.mjs";
import { onBothEngines, quantile } from "./lib/pg.mjs";

const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 20);
const TARGET_MS = 2000;
const ADMIN = { email: "admin@bench.test", password: "bench-password-123" };
const OTHER = { email: "camille.durand@bench.test", password: "camille-password-1" };

async function signIn(origin, who) {
  const res = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(who) });
  if (res.status !== 200) throw new Error(`sign-in of ${who.email}: ${res.status} ${await res.text()}`);
  return /sid=[^;]+/.exec(res.headers.get("set-cookie") ?? "")[0];
}

async function post(origin, cookie, path, body) {
  const res = await fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Tab A's live stream: resolves `until(predicate)` with the arrival time of the first view that satisfies it. */
async function listen(origin, cookie, pageId, tab) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/presence/${pageId}/live?tab=${tab}`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`live stream: ${res.status}`);
  const waiters = [];
  let latest = null;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.startsWith("event: presence")) continue;
          latest = JSON.parse(frame.slice(frame.indexOf("data: ") + 6));
          const at = performance.now();
          for (const w of waiters.splice(0)) {
            if (w.test(latest)) w.resolve(at);
            else waiters.push(w);
          }
        }
      }
    } catch {
      /* aborted at the end */
    }
  })();
  return {
    until: (test, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        if (latest && test(latest)) return resolve(performance.now());
        const t = setTimeout(() => reject(new Error("no such presence event within 15 s")), timeoutMs);
        waiters.push({ test, resolve: (at) => (clearTimeout(t), resolve(at)) });
      }),
    close: () => controller.abort(),
  };
}

async function measure(engine, databaseUrl) {
  const port = await freePort();
  const dataDir = tempDir("presence");
  removeAtEnd(dataDir);
  const child = startProcess(process.execPath, ["server.js"], {
    env: serverEnv(
      { buildDir: process.env.BUILD_DIR || "build", port, dataDir },
      { DATABASE_URL: databaseUrl ?? "", WEB_CONCURRENCY: "2", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    ),
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    if (!(await waitForHttp(`${origin}/healthz`, child, 60_000))) throw new Error(`${engine}: the server did not start\n${child.output.join("\n")}`);
    const admin = await signIn(origin, ADMIN);
    await post(origin, admin, "/api/team", { ...OTHER, role: "editor" });
    const other = await signIn(origin, OTHER);
    const page = await post(origin, admin, "/api/pages", {
      fr: { title: "Banc de présence", slug: "banc-presence" },
      en: { title: "Presence bench", slug: "presence-bench" },
    });
    const pageId = page.page.id;
    const tabA = "banc-onglet-a-0001";
    const tabB = "banc-onglet-b-0001";
    await post(origin, admin, `/api/presence/${pageId}`, { action: "open", tab: tabA });
    const stream = await listen(origin, admin, pageId, tabA);
    await stream.until((v) => v.you?.holding === true);
    const joins = [];
    const takes = [];
    const leaves = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t0 = performance.now();
      const seen = await post(origin, other, `/api/presence/${pageId}`, { action: "open", tab: tabB });
      joins.push((await stream.until((v) => v.others.some((o) => o.email === OTHER.email))) - t0);

      t0 = performance.now();
      await post(origin, other, `/api/presence/${pageId}`, { action: "take", tab: tabB, from: seen.presence.holder.sessionId });
      takes.push((await stream.until((v) => v.you?.holding === false && v.holder?.email === OTHER.email)) - t0);

      t0 = performance.now();
      await post(origin, other, `/api/presence/${pageId}`, { action: "leave", tab: tabB });
      leaves.push((await stream.until((v) => v.others.length === 0)) - t0);
      // A takes the page back for the next round.
      await post(origin, admin, `/api/presence/${pageId}`, { action: "take", tab: tabA, from: null });
      await stream.until((v) => v.you?.holding === true);
    }
    stream.close();
    const line = (name, xs) => {
      const p95 = quantile(xs, 0.95);
      return `    ${name.padEnd(28)} median ${quantile(xs, 0.5).toFixed(0).padStart(5)} ms   p95 ${p95.toFixed(0).padStart(5)} ms   max ${Math.max(...xs)
        .toFixed(0)
        .padStart(5)} ms   ${p95 <= TARGET_MS ? "PASS" : "FAIL"} (≤ ${TARGET_MS} ms)`;
    };
    console.log(`  ${engine} (${ROUNDS} rounds, 2 processes)`);
    console.log(line("another member opens", joins));
    console.log(line("another member takes over", takes));
    console.log(line("another member leaves", leaves));
  } finally {
    await stopProcess(child);
  }
}

console.log("Presence of editors: from one tab's request to the other tab's live stream");
await onBothEngines("bench_presence", measure);
