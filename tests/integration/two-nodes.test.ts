import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcToLocal } from "~/lib/blog/time";
import { beacon, visitor } from "../support/analytics";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { localFiles, MULTIPART_TYPE, multipart, png, startS3, type LocalS3 } from "../support/media";
import { nginxAvailable, NGINX, startNginx, type Nginx } from "../support/nginx";
import { postgresAvailable, startSecondServer, startServer, type TestServer } from "../support/server";

/**
 * Two servers, one site (issue 24): two server processes with their own DATA_DIR on one PostgreSQL
 * database, one S3 bucket (s3rver) and one backup folder, behind Debian's nginx in round robin with the
 * README's configuration (docs/nginx-two-nodes.conf). SQLite is single-machine by design: PostgreSQL only.
 */
const pgUp = await postgresAvailable();
const skipReason = !pgUp ? "PostgreSQL injoignable" : !nginxAvailable() ? `nginx absent (${NGINX})` : null;
if (skipReason) console.warn(`⚠ deux serveurs derrière nginx : test sauté (${skipReason})`);

const TZ = "Europe/Paris";
const TOKEN = "jeton-des-metriques-deux-serveurs";

/** A figure of a server's /metrics: the value of the first line starting with `prefix` (0 when absent). */
async function metric(n: TestServer, prefix: string): Promise<number> {
  const res = await call(n, "GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status, res.text).toBe(200);
  const line = res.text.split("\n").find((l) => l.startsWith(prefix));
  return line ? Number(line.split(" ").pop()) : 0;
}

/** How many GET requests for public pages (route "/*") a server has answered, from its /metrics. */
async function pagesServed(n: TestServer): Promise<number> {
  // Pages rendered are in the duration histogram; cached hits skip it and are counted apart (decision 035).
  return (
    (await metric(n, 'archimed_http_request_duration_seconds_count{method="GET",route="/*",status="200"} ')) +
    (await metric(n, 'archimed_html_cache_lookups_total{result="hit"} '))
  );
}

/** Publications of other servers announced to this one through PostgreSQL's LISTEN/NOTIFY. */
const notificationsReceived = (n: TestServer) => metric(n, "archimed_content_notifications_total ");

describe.skipIf(skipReason !== null)("two servers behind nginx on PostgreSQL and S3", () => {
  let s3: LocalS3;
  let backupDir: string;
  let a: TestServer;
  let b: TestServer;
  let lb: Nginx;
  let admin: string;

  beforeAll(async () => {
    s3 = await startS3();
    backupDir = mkdtempSync(path.join(os.tmpdir(), "archimed-backups-"));
    const shared = {
      ...s3.env,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      BACKUP_DIR: backupDir,
      BACKUP_SCHEDULE_CHECK_MS: "250",
      SITE_TIMEZONE: TZ,
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "info",
      METRICS_TOKEN: TOKEN,
    };
    a = await startServer("postgres", shared);
    b = await startSecondServer(a, shared);
    lb = await startNginx([a.url, b.url]);
    admin = await login(a, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await lb?.stop();
    await b?.stop();
    await a?.stop();
    await s3?.stop();
    if (backupDir) rmSync(backupDir, { recursive: true, force: true });
  });

  it("nginx answers from both servers in turn, carrying the request id through; both are ready", async () => {
    const before = [await pagesServed(a), await pagesServed(b)];
    for (let i = 0; i < 6; i++) {
      const res = await get(lb.url, "/offres", { "x-request-id": `tour-${i}` });
      expect(res.status, lb.errors()).toBe(200);
      expect(res.headers["x-request-id"]).toBe(`tour-${i}`);
    }
    // Without one, nginx's own id reaches the server and comes back.
    expect((await get(lb.url, "/offres")).headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    for (const n of [a, b]) expect((await get(n.url, "/readyz")).status).toBe(200);
    // Round robin: each server answered some of the seven.
    const served = [(await pagesServed(a)) - before[0], (await pagesServed(b)) - before[1]];
    expect(served[0] + served[1]).toBe(7);
    expect(Math.min(...served), `réparties ${served.join(" / ")}`).toBeGreaterThan(0);
  });

  // Proven by what happens, not by a stopwatch (issue 23: no test asserts a wall-clock time): B is told of each
  // publication through LISTEN/NOTIFY (counted in its /metrics), and serves the change with nothing else done.
  // How long that takes is printed (the figure issue 24 asks to report, against its 1 s): run this file alone,
  // `npx vitest run tests/integration/two-nodes.test.ts`, for a reading on a quiet machine.
  it("a publication through one server is announced to the other, which then serves it (publish-to-visible time logged)", async () => {
    const found = await call(a, "GET", "/api/pages/resolve?path=%2Foffres", { cookie: admin });
    const { pageId, lang } = found.json as { pageId: string; lang: string };
    const times: { sent: number; answered: number }[] = [];
    for (let round = 1; round <= 5; round++) {
      // Both servers hold /offres in their HTML cache before the publication.
      for (const n of [a, b, a, b]) expect((await get(n.url, "/offres")).status).toBe(200);
      const draft = (await call(a, "GET", `/api/pages/${pageId}/${lang}`, { cookie: admin })).json.draft;
      const marker = `Publié sur le serveur A, tour ${round}, ${Date.now()}`;
      draft.doc.blocks[0].sections[0].columns[0].elements.unshift({ id: `element-twonodes-${round}`, type: "text", content: `<p>${marker}</p>`, styles: {} });
      const saved = await call(a, "PUT", `/api/pages/${pageId}/${lang}/draft`, { cookie: admin, body: { doc: draft.doc, version: draft.version } });
      expect(saved.status, saved.text).toBe(200);
      const announced = await notificationsReceived(b);
      const published = await call(a, "POST", `/api/pages/${pageId}/${lang}/publish`, { cookie: admin, body: { version: saved.json.version } });
      expect(published.status, published.text).toBe(200);
      // Polled one request at a time: a stale answer is a cache hit (milliseconds), so the first request B
      // answers with the change was sent soon after B's cache let go of the old page. Its answer then
      // waits for the re-render, which a loaded machine can stretch: both times are logged.
      const t0 = performance.now();
      let sentAt = 0;
      let seen = false;
      while (!seen) {
        sentAt = performance.now() - t0;
        seen = (await get(b.url, "/offres")).text.includes(marker);
        if (!seen) await new Promise((r) => setTimeout(r, 5));
      }
      times.push({ sent: sentAt, answered: performance.now() - t0 });
      expect(await notificationsReceived(b), `tour ${round} : B n'a pas reçu l'annonce de la publication`).toBeGreaterThan(announced);
      // Through nginx, whichever server answers serves it.
      for (let i = 0; i < 4; i++) expect((await get(lb.url, "/offres")).text).toContain(marker);
    }
    const fmt = (xs: number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      return `${xs.map((t) => t.toFixed(1)).join(", ")} ms (médiane ${sorted[2].toFixed(1)}, max ${sorted[4].toFixed(1)})`;
    };
    console.log(`publication sur A, première requête servie à jour par B envoyée après : ${fmt(times.map((t) => t.sent))}`);
    console.log(`publication sur A, réponse à jour de B reçue après : ${fmt(times.map((t) => t.answered))}`);
  });

  it("media uploaded through one server is served by the other (one S3 bucket)", async () => {
    const res = await call(a, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([{ name: "file", filename: "deux-serveurs.png", type: "image/png", data: await png(400, 300) }]),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(res.status, res.text).toBe(201);
    const url = res.json.item.url as string;
    const fromA = await get(a.url, url);
    const fromB = await get(b.url, url);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.raw.equals(fromA.raw)).toBe(true);
    expect((await s3.keys()).length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) expect((await get(lb.url, url)).status).toBe(200);
    // Nothing was kept on either server's own disk.
    expect([localFiles(a).stored, localFiles(b).stored]).toEqual([[], []]);
  });

  it("a session opened on one server works on the other; the sign-in throttle counts failures on both", async () => {
    const cookie = await login(a, ADMIN_EMAIL, ADMIN_PASSWORD);
    const onB = await call(b, "GET", "/api/auth/session", { cookie });
    expect(onB.status).toBe(200);
    expect(onB.json.user).toMatchObject({ email: ADMIN_EMAIL });
    const member = await addMember(b, cookie, "deux-serveurs@archimed.test", "editor", "mot-de-passe-solide-1");
    const from = "127.0.0.21";
    for (let i = 1; i <= 5; i++) {
      const res = await call(i % 2 ? a : b, "POST", "/api/auth/login", { body: { email: member.email, password: `faux-${i}` }, from });
      expectApiError(res, 401, "invalid_credentials");
    }
    // The sixth failure is refused whichever server it reaches.
    for (const n of [a, b]) {
      const res = await call(n, "POST", "/api/auth/login", { body: { email: member.email, password: "faux-6" }, from });
      expectApiError(res, 429, "too_many_requests");
    }
  });

  it("the daily scheduled backup runs once, not once per server", async () => {
    const saved = await call(a, "PUT", "/api/backups/schedule", { cookie: admin, body: { enabled: true, time: "00:00", keep: 5 } });
    expect(saved.status, saved.text).toBe(200);
    const scheduled = async (n: TestServer) =>
      (await call(n, "GET", "/api/backups", { cookie: admin })).json.backups.filter((x: { trigger: { kind: string } }) => x.trigger.kind === "schedule");
    expect(await scheduled(a)).toHaveLength(0);
    // Today's backup becomes due on both servers at the same moment (they look every 250 ms).
    await sql(a, "update backup_settings set value = '' where key = 'schedule_last_day'");
    const t0 = Date.now();
    while ((await scheduled(b)).length === 0 && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 200));
    // Both servers looked several more times since.
    await new Promise((r) => setTimeout(r, 1500));
    const job = await call(a, "GET", "/api/backups", { cookie: admin });
    expect(job.json.job?.outcome, job.text).toBe("done");
    expect(await scheduled(a)).toHaveLength(1);
    expect(await scheduled(b)).toHaveLength(1);
  });

  it("a scheduled article is published once, at its time, on both servers", async () => {
    const created = await call(a, "POST", "/api/articles", { cookie: admin, body: { fr: { title: "Programmé pour deux serveurs" } } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.article.id as string;
    const path = created.json.article.versions.fr.path as string;
    // Far enough ahead for the checks before it on a loaded machine.
    const at = new Date(Math.ceil((Date.now() + 8000) / 1000) * 1000);
    const res = await call(b, "POST", `/api/articles/${id}/fr/schedule`, { cookie: admin, body: { version: 1, at: utcToLocal(at, TZ, true) } });
    expect(res.status, res.text).toBe(200);
    const revisions = async () => Number((await sql<{ n: string | number }>(a, "select count(*) as n from page_revisions where page_id = ?", [id]))[0].n);
    const before = await revisions();
    // Both servers cache the blog list without it.
    for (const n of [a, b]) expect((await get(n.url, "/blog")).text).not.toContain("Programmé pour deux serveurs");
    expect((await get(a.url, path)).status).toBe(404);
    await new Promise((r) => setTimeout(r, Math.max(0, at.getTime() + 50 - Date.now())));
    for (const n of [a, b]) {
      expect((await get(n.url, path)).status).toBe(200);
      expect((await get(n.url, "/blog")).text).toContain("Programmé pour deux serveurs");
    }
    await new Promise((r) => setTimeout(r, 1000));
    // Publication is read-time (publish_at <= now): no server wrote a second publication of it.
    expect(await revisions()).toBe(before);
    expect((await call(b, "GET", `/api/articles/${id}`, { cookie: admin })).json.article.versions.fr.status).toBe("published");
  });

  it("the live statistics on one server see a visit recorded by the other", async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${a.url}/api/analytics/live`, { headers: { cookie: admin }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = "";
    const counts = () => [...text.matchAll(/event: visitors\ndata: (.*)\n\n/g)].map((m) => (JSON.parse(m[1]) as { activeUsers: number }).activeUsers);
    const readUntil = async (ok: () => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!ok() && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    try {
      await readUntil(() => counts().length > 0);
      const first = counts()[0];
      expect((await beacon(b, { p: "/offres", v: visitor(71) }, { from: "127.0.0.71" })).status).toBe(204);
      await readUntil(() => counts().includes(first + 1));
      expect(counts()).toContain(first + 1);
    } finally {
      ctrl.abort();
    }
  });

  it("kill -9 of one server loses no acknowledged write, and nginx keeps serving from the other", async () => {
    const acked: string[] = [];
    let refused = 0;
    const write = async (i: number) => {
      const res = await call(lb.url, "POST", "/api/articles", { cookie: admin, body: { fr: { title: `Écriture confirmée ${i}` } } }).catch(() => null);
      if (res?.status === 201) acked.push(res.json.article.id as string);
      else refused++;
    };
    let i = 0;
    for (; i < 10; i++) await write(i);
    // Writes keep arriving while B dies.
    const writer = (async () => {
      for (const end = i + 30; i < end; i++) await write(i);
    })();
    await new Promise((r) => setTimeout(r, 50));
    const killed = b.signal("SIGKILL");
    await writer;
    await killed;
    const afterKill: number[] = [];
    for (let k = 0; k < 10; k++) afterKill.push((await get(lb.url, k % 2 ? "/offres" : "/blog")).status);
    expect(afterKill, lb.errors()).toEqual(Array(10).fill(200));
    // Every write that was answered 201 is in the database.
    const ids = new Set((await sql<{ id: string }>(a, "select id from pages where kind = 'article'")).map((r) => r.id));
    expect(acked.filter((x) => !ids.has(x))).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(30);
    console.log(`kill -9 : ${acked.length} écritures confirmées (toutes présentes), ${refused} sans réponse confirmée`);
    // New writes go to the survivor.
    await write(1000);
    expect(acked.length).toBeGreaterThanOrEqual(31);
  });
});
