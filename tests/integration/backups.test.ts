import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, addMember, call, login, sql } from "../support/auth";
import {
  ADMIN_EMAIL,
  backupCli,
  createAndWait,
  download,
  forgeZip,
  mediaHashes,
  replaceAll,
  seal,
  siteRows,
  uploadArchive,
  unzipAll,
  uploadImage,
  waitForJob,
} from "../support/backups";
import { startS3 } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 14, backups: round trips between engines with every row and media byte identical, refusals of
 * tampered, truncated, foreign, newer, path-trick and zip-bomb archives (the site unchanged), one restore
 * at a time, a restore killed with SIGKILL at three points (old state or new, never a mix), and the daily
 * schedule running once with two server processes.
 */
const ENGINES = await engines();
const PG = ENGINES.includes("postgres");
const FRENCH = /[àâçéèêîôûù]/;

let a: TestServer; // SQLite, the source site (two processes, fast schedule checks)
let b: TestServer | undefined; // PostgreSQL
let c: TestServer; // SQLite, the target (small zip-bomb limits)
let ca: string;
let cb: string;
let cc: string;
let work: string;

/** Table by table, so a failure names the table. */
function expectSame(got: Record<string, string[]>, want: Record<string, string[]>) {
  expect(Object.keys(got)).toEqual(Object.keys(want));
  for (const t of Object.keys(want)) expect(got[t], t).toEqual(want[t]);
}

async function restoreUploaded(server: TestServer, cookie: string, archive: Buffer) {
  const up = await uploadArchive(server, cookie, archive);
  expect(up.status, up.text).toBe(201);
  const res = await call(server, "POST", `/api/backups/${up.json.backup.id}/restore`, { cookie, body: { confirm: true } });
  expect(res.status, res.text).toBe(202);
  const status = await waitForJob(server, cookie);
  expect(status.job.outcome, status.job.message).toBe("done");
  return status;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "archimed-backups-"));
  const base = { ADMIN_EMAIL, ADMIN_PASSWORD };
  [a, c, b] = await Promise.all([
    startServer("sqlite", { ...base, WEB_CONCURRENCY: "2", BACKUP_SCHEDULE_CHECK_MS: "250" }),
    startServer("sqlite", { ...base, BACKUP_MAX_ENTRIES: "60", BACKUP_MAX_UNCOMPRESSED_MB: "4" }),
    PG ? startServer("postgres", base) : Promise.resolve(undefined),
  ]);
  ca = await login(a, ADMIN_EMAIL, ADMIN_PASSWORD);
  cc = await login(c, ADMIN_EMAIL, ADMIN_PASSWORD);
  if (b) cb = await login(b, ADMIN_EMAIL, ADMIN_PASSWORD);
  // Content that only the source has: media files, a member, page views, quotes and accents, and a visible title.
  await uploadImage(a, ca, 320, 200);
  await uploadImage(a, ca, 200, 120);
  await addMember(a, ca, "editrice@archimed.test", "editor", "editor-password-1");
  for (let i = 0; i < 5; i++) {
    await sql(a, "insert into page_views (visitor_id, path, lang, referrer_host, created_at) values (?, ?, ?, ?, ?)", [
      `v${i}`,
      "/offres",
      "fr",
      i % 2 ? null : "exemple.fr",
      new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    ]);
  }
  await sql(a, "update page_translations set title = ? where path = '/'", ["Accueil « restauré » — l'été"]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  rmSync(work, { recursive: true, force: true });
});

describe("backups", () => {
  let fromA: Buffer;
  let stateA: { rows: Record<string, string[]>; media: Record<string, string> };

  it("editors see why they cannot, and cannot call the API", async () => {
    const ed = await login(a, "editrice@archimed.test", "editor-password-1");
    const res = await call(a, "GET", "/api/backups", { cookie: ed });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/réservées aux administrateurs/);
  });

  it("SQLite → SQLite: every row and every media byte come back identical; the restorer stays signed in; cached pages are dropped", async () => {
    const meta = await createAndWait(a, ca);
    expect(meta.sha256).toMatch(/^[0-9a-f]{64}$/);
    fromA = await download(a, ca, meta.id);
    expect(fromA.length).toBe(meta.size);
    writeFileSync(path.join(work, "a.zip"), fromA);
    stateA = { rows: await siteRows(a), media: mediaHashes(a) };
    expect(Object.keys(stateA.media).length).toBeGreaterThanOrEqual(2);
    expect(stateA.rows.page_views.length).toBe(5);

    const before = await fetch(`${c.url}/`).then((r) => r.text());
    expect(before).not.toContain("restauré");
    const status = await restoreUploaded(c, cc, fromA);
    expectSame(await siteRows(c), stateA.rows);
    expect(mediaHashes(c)).toEqual(stateA.media);
    // The state before the restore was backed up automatically.
    expect(status.backups.some((x: { trigger: { kind: string } }) => x.trigger.kind === "before-restore")).toBe(true);
    expect((await call(c, "GET", "/api/auth/session", { cookie: cc })).status).toBe(200);
    const after = await fetch(`${c.url}/`).then((r) => r.text());
    expect(after).toContain("restauré");
    // Anyone else signed in before is signed out.
  });

  it.runIf(PG)("SQLite → PostgreSQL and PostgreSQL → SQLite: identical rows and media bytes", async () => {
    await restoreUploaded(b!, cb, fromA);
    expect(await siteRows(b!)).toEqual(stateA.rows);
    expect(mediaHashes(b!)).toEqual(stateA.media);

    // Something only the PostgreSQL site has, then back to SQLite.
    await sql(b!, "insert into page_views (visitor_id, path, lang, referrer_host, created_at) values (?, ?, ?, ?, ?)", [
      "pg",
      "/",
      "en",
      null,
      "2026-02-01T00:00:00.000Z",
    ]);
    const meta = await createAndWait(b!, cb);
    const fromB = await download(b!, cb, meta.id);
    const stateB = { rows: await siteRows(b!), media: mediaHashes(b!) };
    await restoreUploaded(c, cc, fromB);
    expect(await siteRows(c)).toEqual(stateB.rows);
    expect(mediaHashes(c)).toEqual(stateB.media);
  });

  it("one flipped byte anywhere, a truncated or foreign archive: refused in French, nothing changed", async () => {
    const rows = await siteRows(c);
    const listed = (await call(c, "GET", "/api/backups", { cookie: cc })).json.backups.length;
    const n = fromA.length;
    const positions = [0, 4, 20, 40, Math.floor(n / 3), Math.floor(n / 2), Math.floor((2 * n) / 3), n - 300, n - 150, n - 90, n - 70, n - 30, n - 1];
    for (const p of positions) {
      const bad = Buffer.from(fromA);
      bad[p] ^= 0x01;
      const res = await uploadArchive(c, cc, bad);
      expect(res.status, `octet ${p}/${n} : ${res.text}`).toBe(400);
      expect(res.json.error.message).toMatch(FRENCH);
    }
    const truncated = await uploadArchive(c, cc, fromA.subarray(0, n - 1000));
    expect(truncated.status).toBe(400);
    const foreign = await uploadArchive(c, cc, Buffer.from("PK\u0003\u0004 ceci n'est pas une sauvegarde".repeat(10)));
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.message).toMatch(/pas une sauvegarde Archimed/);
    expect(await siteRows(c)).toEqual(rows);
    expect((await call(c, "GET", "/api/backups", { cookie: cc })).json.backups.length).toBe(listed);
  });

  it("forged archives (sealed correctly): newer format, path tricks, links, zip bombs: refused in French", async () => {
    const manifest = (v: number) => Buffer.from(JSON.stringify({ format: "archimed-backup", formatVersion: v, schemaVersion: "0012_backups" }));
    const cases: [string, Buffer, RegExp][] = [
      ["format plus récent", seal(await forgeZip([{ name: "manifest.json", data: manifest(2) }])), /plus récente/],
      [
        "schéma plus récent",
        seal(
          await forgeZip([
            { name: "manifest.json", data: Buffer.from(JSON.stringify({ format: "archimed-backup", formatVersion: 1, schemaVersion: "9999_futur" })) },
          ]),
        ),
        /plus récente/,
      ],
      [
        "..",
        seal(
          replaceAll(
            await forgeZip([
              { name: "manifest.json", data: manifest(1) },
              { name: "zz/evil.txt", data: Buffer.from("x") },
            ]),
            "zz/evil.txt",
            "../evil.txt",
          ),
        ),
        /chemin|interdit|illisible/,
      ],
      [
        "absolu",
        seal(
          replaceAll(
            await forgeZip([
              { name: "manifest.json", data: manifest(1) },
              { name: "aetc/passwdx", data: Buffer.from("x") },
            ]),
            "aetc/passwdx",
            "/etc/passwdx",
          ),
        ),
        /chemin|interdit|illisible/,
      ],
      [
        "inconnu",
        seal(
          await forgeZip([
            { name: "manifest.json", data: manifest(1) },
            { name: "tables/x/../../y.ndjson".replace(/\.\.\//g, "a/"), data: Buffer.from("x") },
          ]),
        ),
        /chemin|interdit/,
      ],
      [
        "lien",
        seal(
          await forgeZip([
            { name: "manifest.json", data: manifest(1) },
            { name: "media/abcdefghijklmnopqrstuvwx.jpg", data: Buffer.from("/etc/passwd"), mode: 0o120777 },
          ]),
        ),
        /lien/,
      ],
      [
        "bombe (taille)",
        seal(
          await forgeZip([
            { name: "manifest.json", data: manifest(1) },
            { name: "tables/pages.ndjson", data: Buffer.alloc(6 * 1024 * 1024, 0x20) },
          ]),
        ),
        /décompressé/,
      ],
      [
        "bombe (nombre)",
        seal(
          await forgeZip([
            { name: "manifest.json", data: manifest(1) },
            ...Array.from({ length: 70 }, (_, i) => ({ name: `tables/t${i}.ndjson`, data: Buffer.from("") })),
          ]),
        ),
        /plus de 60 fichiers/,
      ],
    ];
    const rows = await siteRows(c);
    for (const [what, data, message] of cases) {
      const res = await uploadArchive(c, cc, data);
      expect(res.status, `${what} : ${res.text}`).toBe(400);
      expect(res.json.error.message, what).toMatch(message);
    }
    expect(await siteRows(c)).toEqual(rows);
  });

  it("a restore started twice at once: the second gets a clear French error", async () => {
    const list = (await call(c, "GET", "/api/backups", { cookie: cc })).json.backups;
    const id = list[0].id;
    const [x, y] = await Promise.all([0, 1].map(() => call(c, "POST", `/api/backups/${id}/restore`, { cookie: cc, body: { confirm: true } })));
    expect([x.status, y.status].sort()).toEqual([202, 409]);
    expect((x.status === 409 ? x : y).json.error.message).toMatch(/déjà en cours/);
    const done = await waitForJob(c, cc);
    expect(done.job.outcome, done.job.message).toBe("done");
  });

  it("a restore killed with SIGKILL leaves the old state or the new one, never a mix (command line)", async () => {
    // c differs from a's archive by one page view, then is killed at three points of restoring it.
    await sql(c, "insert into page_views (visitor_id, path, lang, referrer_host, created_at) values (?, ?, ?, ?, ?)", [
      "old",
      "/",
      "fr",
      null,
      "2026-03-01T00:00:00.000Z",
    ]);
    const old = { rows: await siteRows(c), media: mediaHashes(c) };
    expect(old.rows).not.toEqual(stateA.rows);
    for (const point of ["before-commit", "mid-rows", "after-commit"] as const) {
      const killed = await backupCli(c, ["restore", path.join(work, "a.zip"), "--pause-at", point], `pause ${point}`);
      expect(killed.signal, `${point} : ${killed.stderr}`).toBe("SIGKILL");
      const recovered = await backupCli(c, ["list"]);
      expect(recovered.code, recovered.stderr).toBe(0);
      const now = { rows: await siteRows(c), media: mediaHashes(c) };
      // On a mismatch: the point, what the killed run and the recovering run printed, then the diff.
      expect(now, `${point}\n${killed.stderr}\n${recovered.stderr}`).toEqual(point === "after-commit" ? stateA : old);
    }
    // And the command line restores to the end on its own.
    const full = await backupCli(c, ["restore", path.join(work, "a.zip")]);
    expect(full.code, full.stderr).toBe(0);
    expect({ rows: await siteRows(c), media: mediaHashes(c) }).toEqual(stateA);
    const tampered = Buffer.from(fromA);
    tampered[100] ^= 0xff;
    writeFileSync(path.join(work, "bad.zip"), tampered);
    const refused = await backupCli(c, ["restore", path.join(work, "bad.zip")]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/altérée/);
    // Five command-line runs, each starting Node and tsx: generous under load; each run has its own time limit.
  }, 400_000);

  it("an archive of an older schema: the data steps of the migrations since then run on its rows (0014 starts the history)", async () => {
    // c publishes its structure (one entry in the history), is backed up, and the archive is rewritten as
    // a backup made before 0014 would be: schema 0013, no history table. (The command line's restores above
    // signed everyone out.)
    cc = await login(c, ADMIN_EMAIL, ADMIN_PASSWORD);
    const v = (await call(c, "GET", "/api/site-structure", { cookie: cc })).json;
    const pub = await call(c, "POST", "/api/site-structure/publish", { cookie: cc, body: { version: v.version } });
    expect(pub.status, pub.text).toBe(200);
    const meta = await createAndWait(c, cc);
    const entries = await unzipAll(await download(c, cc, meta.id));
    const manifestEntry = entries.find((e) => e.name === "manifest.json")!;
    const manifest = JSON.parse(manifestEntry.data.toString("utf8"));
    const history = manifest.tables.find((t: { name: string }) => t.name === "site_structure_revisions");
    expect(history.rows).toBeGreaterThanOrEqual(1);
    manifest.schemaVersion = "0013_article_list_speed";
    manifest.tables = manifest.tables.filter((t: { name: string }) => t !== history);
    manifest.counts.tables -= 1;
    manifest.counts.rows -= history.rows;
    const older = seal(
      await forgeZip(
        entries
          .filter((e) => e.name !== history.file)
          .map((e) => (e === manifestEntry ? { name: e.name, data: Buffer.from(JSON.stringify(manifest)) } : { ...e, compress: !e.name.startsWith("media/") })),
      ),
    );
    // Meanwhile the history grows: the restore must not keep it.
    await sql(c, "insert into site_structure_revisions (id, data, created_at, created_by) values (?, ?, ?, ?)", [
      "later",
      "{}",
      "2030-01-01T00:00:00.000Z",
      null,
    ]);
    await restoreUploaded(c, cc, older);
    const rows = await sql<{ id: string; created_by: string | null; data: string }>(c, "select id, created_by, data from site_structure_revisions");
    expect(
      rows.map((r) => r.id),
      JSON.stringify(rows.map((r) => r.id)),
    ).toHaveLength(1);
    expect(rows[0].id).toMatch(/^first-/);
    expect(rows[0].created_by).toBe(ADMIN_EMAIL);
    expect(Object.keys(JSON.parse(rows[0].data).pages).length).toBeGreaterThan(5);
    // The screen lists it and can restore it.
    const after = (await call(c, "GET", "/api/site-structure", { cookie: cc })).json;
    expect(after.revisions.map((r: { id: string }) => r.id)).toEqual([rows[0].id]);
    const back = await call(c, "POST", `/api/site-structure/revisions/${rows[0].id}/restore`, { cookie: cc, body: { version: after.version } });
    expect(back.status, back.text).toBe(200);
  });

  it("the daily schedule runs once with two server processes, and keeps the last N", async () => {
    const saved = await call(a, "PUT", "/api/backups/schedule", { cookie: ca, body: { enabled: true, time: "00:00", keep: 1 }, headers: { origin: a.url } });
    expect(saved.status, saved.text).toBe(200);
    const scheduled = async () =>
      (await call(a, "GET", "/api/backups", { cookie: ca })).json.backups.filter((x: { trigger: { kind: string } }) => x.trigger.kind === "schedule");
    // Saved after its time: today's counts as done. Made due again, both processes race for it.
    await new Promise((r) => setTimeout(r, 800));
    expect(await scheduled()).toHaveLength(0);
    await sql(a, "update backup_settings set value = '' where key = 'schedule_last_day'");
    const t0 = Date.now();
    while ((await scheduled()).length === 0 && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 200));
    await waitForJob(a, ca);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await scheduled()).toHaveLength(1);
  });

  it("media in S3: backed up through the storage layer, restored (removed files back, later ones gone)", async () => {
    const s3 = await startS3();
    const d = await startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD, ...s3.env });
    try {
      const cd = await login(d, ADMIN_EMAIL, ADMIN_PASSWORD);
      const kept = await uploadImage(d, cd, 300, 180);
      const keys = await s3.keys();
      expect(keys.length).toBeGreaterThanOrEqual(2);
      const rows = await siteRows(d);
      await createAndWait(d, cd);
      // After the backup: one image deleted, another added.
      expect((await call(d, "DELETE", `/api/media/${kept.id}`, { cookie: cd, headers: { origin: d.url } })).status).toBe(200);
      await uploadImage(d, cd, 150, 90);
      expect(await s3.keys()).not.toEqual(keys);
      const list = (await call(d, "GET", "/api/backups", { cookie: cd })).json.backups;
      const res = await call(d, "POST", `/api/backups/${list[0].id}/restore`, { cookie: cd, body: { confirm: true } });
      expect(res.status, res.text).toBe(202);
      const done = await waitForJob(d, cd);
      expect(done.job.outcome, done.job.message).toBe("done");
      expect(await s3.keys()).toEqual(keys);
      expectSame(await siteRows(d), rows);
    } finally {
      await d.stop();
      await s3.stop();
    }
  });
});
