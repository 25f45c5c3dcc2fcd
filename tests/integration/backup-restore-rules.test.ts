import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/lib/content/settings";
import { defaultStructure } from "~/lib/structure/structure-schemas";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../support/auth";
import { createAndWait, download, rewriteArchive, setColumn, siteRows, uploadArchive, waitForJob, type ArchiveTable } from "../support/backups";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 24, the backups' part of the second hostile probe: an archive resealed by hand is held to the
 * application's rules (finding 9: no admin left, a page at "//evil.com", a menu link that leaves the
 * site), a row past the line limit is refused without reading on (finding 8: the limit, not the speed),
 * and the automatic copies made before each restore are pruned to the newest N (the "Also").
 * Every refusal is French, names what is wrong, and leaves the site as it was.
 */
const ENGINES = await engines();
const SAFETY_COPIES = 2;

describe.each(ENGINES)("restore rules on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let original: Buffer;

  const table = (tables: Map<string, ArchiveTable>, name: string) => {
    const t = tables.get(name);
    if (!t) throw new Error(`table absente de l'archive : ${name}`);
    return t;
  };
  const column = (t: ArchiveTable, name: string) => (row: unknown[]) => row[t.columns.indexOf(name)];

  async function expectRefused(archive: Buffer, message: RegExp) {
    const before = await siteRows(server);
    const listed = (await call(server, "GET", "/api/backups", { cookie: admin })).json.backups.length;
    const res = await uploadArchive(server, admin, archive);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toMatch(message);
    expect(res.json.error.message).toMatch(/Rien n'a été modifié/);
    expect(await siteRows(server)).toEqual(before);
    expect((await call(server, "GET", "/api/backups", { cookie: admin })).json.backups.length).toBe(listed);
  }

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, BACKUP_MAX_LINE_MB: "1", BACKUP_SAFETY_COPIES: String(SAFETY_COPIES) });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // A structure draft with a link to an address, for the archive to carry one.
    const structure = defaultStructure(DEFAULT_SETTINGS);
    structure.menu[0].link = { type: "url", url: "https://exemple.fr/" };
    const saved = await call(server, "PUT", "/api/site-structure", { cookie: admin, body: { version: 0, structure } });
    expect(saved.status, saved.text).toBe(200);
    const meta = await createAndWait(server, admin);
    original = await download(server, admin, meta.id);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the untouched archive, rewritten the same way, is accepted (the rewriting alone refuses nothing)", async () => {
    const res = await uploadArchive(server, admin, await rewriteArchive(original, () => {}));
    expect(res.status, res.text).toBe(201);
    expect((await call(server, "DELETE", `/api/backups/${res.json.backup.id}`, { cookie: admin })).status).toBe(200);
  });

  it("an archive that leaves no admin is refused, naming team_members", async () => {
    const archive = await rewriteArchive(original, (tables) => setColumn(table(tables, "team_members"), "role", () => "editor"));
    await expectRefused(archive, /table team_members\u202f: aucun administrateur/);
    const none = await rewriteArchive(original, (tables) => {
      table(tables, "team_members").rows = [];
    });
    await expectRefused(none, /aucun administrateur/);
  });

  it("a page at //evil.com (which its old address's 301 would send visitors to) is refused, naming the table, the row and the column", async () => {
    for (const hostile of ["//evil.com", "/\\evil.com", "/\tevil.com", "https://evil.com"]) {
      const archive = await rewriteArchive(original, (tables) => {
        const t = table(tables, "page_translations");
        setColumn(
          t,
          "path",
          () => hostile,
          (row) => column(t, "path")(row) === "/offres",
        );
      });
      await expectRefused(archive, /table page_translations, ligne \d+, colonne path\u202f: /);
    }
  });

  it("an old address that is not one of the site's is refused", async () => {
    const archive = await rewriteArchive(original, (tables) => {
      const t = table(tables, "slug_redirects");
      const page = table(tables, "page_translations");
      const row = page.rows.find((r) => column(page, "path")(r) === "/offres")!;
      const values: Record<string, unknown> = {
        from_path: "//evil.com",
        page_id: column(page, "page_id")(row),
        lang: "fr",
        created_at: new Date().toISOString(),
      };
      t.rows.push(t.columns.map((c) => values[c] ?? null));
    });
    await expectRefused(archive, /table slug_redirects, ligne 1, colonne from_path\u202f: une adresse interne commence par une seule barre oblique/);
  });

  it("a menu link that leaves the site or runs a script is refused, as the API refuses it", async () => {
    for (const hostile of ["/\tevil.com", "javascript:alert(1)", "//evil.com"]) {
      const archive = await rewriteArchive(original, (tables) => {
        const t = table(tables, "site_structure");
        setColumn(t, "data", (row) => {
          const data = JSON.parse(String(column(t, "data")(row)));
          data.menu[0].link = { type: "url", url: hostile };
          return JSON.stringify(data);
        });
      });
      await expectRefused(archive, /table site_structure, ligne 1, colonne data\u202f: menu\.0\.link\.url — /);
    }
    const cover = await rewriteArchive(original, (tables) => {
      const t = table(tables, "page_translations");
      setColumn(
        t,
        "image",
        () => "javascript:alert(1)",
        (row) => column(t, "path")(row) === "/offres",
      );
    });
    await expectRefused(cover, /table page_translations, ligne \d+, colonne image/);
  });

  it("a row past BACKUP_MAX_LINE_MB is refused in French, before anything is touched", async () => {
    const archive = await rewriteArchive(original, (tables) => {
      const t = table(tables, "contact_requests");
      const long = "x".repeat(1024 * 1024 + 10);
      t.rows.push(t.columns.map((c) => (c === "message" ? long : c === "id" ? "long-line" : c === "created_at" ? new Date().toISOString() : "")));
    });
    await expectRefused(archive, /une ligne de la table contact_requests dépasse 1 Mo \(limite BACKUP_MAX_LINE_MB\)/);
  });

  it(`after ${SAFETY_COPIES + 2} restores, the ${SAFETY_COPIES} newest safety copies remain`, async () => {
    const up = await uploadArchive(server, admin, original);
    expect(up.status, up.text).toBe(201);
    const made: string[] = [];
    for (let i = 0; i < SAFETY_COPIES + 2; i++) {
      const res = await call(server, "POST", `/api/backups/${up.json.backup.id}/restore`, { cookie: admin, body: { confirm: true } });
      expect(res.status, res.text).toBe(202);
      const status = await waitForJob(server, admin);
      expect(status.job.outcome, status.job.message).toBe("done");
      const newest = (status.backups as { id: string; trigger: { kind: string } }[]).filter((b) => b.trigger.kind === "before-restore");
      made.push(newest[0].id);
      expect(newest.length).toBe(Math.min(i + 1, SAFETY_COPIES));
    }
    const list = (await call(server, "GET", "/api/backups", { cookie: admin })).json;
    const kept = (list.backups as { id: string; trigger: { kind: string } }[]).filter((b) => b.trigger.kind === "before-restore").map((b) => b.id);
    expect(kept).toEqual(made.slice(-SAFETY_COPIES).reverse());
    expect(list.safetyCopiesKept).toBe(SAFETY_COPIES);
    // The restored archive itself is never pruned.
    expect((list.backups as { id: string }[]).map((b) => b.id)).toContain(up.json.backup.id);
  });
});
