import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, sql } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * "Modifications non publiées" in the pages list (issue 11 §5), on every engine: only when the draft
 * really differs from the published version — a change saved, then undone and saved again (in any key
 * order), is no unpublished change; publishing or restoring the last revision clears it. The draft answer
 * tells the builder the other language's state for the pre-publish checklist.
 */
const ENGINES = await engines();

type Status = "published" | "draft_pending" | "unpublished";
type Json = Record<string, unknown>;

/** The same value with every object's keys in reverse order: the same document, another text. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v as Json)
        .reverse()
        .map(([k, x]) => [k, reversedKeys(x)]),
    );
  return v;
}

describe.each(ENGINES)("unpublished changes on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let offersId: string;

  const statuses = async (id: string) => {
    const res = await call(server, "GET", "/api/pages", { cookie: admin });
    expect(res.status, res.text).toBe(200);
    const page = (res.json.pages as { id: string; translations: Record<string, { status: Status }> }[]).find((p) => p.id === id)!;
    return { fr: page.translations.fr?.status, en: page.translations.en?.status };
  };
  const draft = async (id: string, lang: "fr" | "en") => {
    const res = await call(server, "GET", `/api/pages/${id}/${lang}`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    return res.json.draft as {
      version: number;
      status: Status;
      otherLang: { lang: string; published: boolean; pending: boolean } | null;
      doc: Json & { blocks: Json[] };
    };
  };
  const save = async (id: string, lang: "fr" | "en", doc: unknown, version: number) => {
    const res = await call(server, "PUT", `/api/pages/${id}/${lang}/draft`, { cookie: admin, body: { doc, version } });
    expect(res.status, res.text).toBe(200);
    return res.json.version as number;
  };
  const publish = async (id: string, lang: "fr" | "en", version: number) => {
    const res = await call(server, "POST", `/api/pages/${id}/${lang}/publish`, { cookie: admin, body: { version } });
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await call(server, "GET", "/api/pages", { cookie: admin });
    offersId = (list.json.pages as { id: string; systemKey: string | null }[]).find((p) => p.systemKey === "offers")!.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows a real change, and not a change undone (whatever the key order of the saved document)", async () => {
    expect(await statuses(offersId)).toEqual({ fr: "published", en: "published" });
    const opened = await draft(offersId, "fr");
    expect(opened.status).toBe("published");
    expect(opened.otherLang).toEqual({ lang: "en", published: true, pending: false });

    // Publish what the builder reads back, so that published and draft are the builder's own document.
    let version = await save(offersId, "fr", opened.doc, opened.version);
    await publish(offersId, "fr", version);
    expect(await statuses(offersId)).toEqual({ fr: "published", en: "published" });

    const changed = structuredClone(opened.doc);
    changed.blocks = changed.blocks.slice(1);
    version = await save(offersId, "fr", changed, version);
    expect(await statuses(offersId)).toEqual({ fr: "draft_pending", en: "published" });
    expect((await draft(offersId, "fr")).status).toBe("draft_pending");

    // Undone: the published document again, its keys in another order.
    version = await save(offersId, "fr", reversedKeys(opened.doc), version);
    expect(await statuses(offersId)).toEqual({ fr: "published", en: "published" });
    const [row] = await sql<{ same: number | boolean }>(
      server,
      "select case when draft = published then 1 else 0 end as same from page_translations where page_id = ? and lang = 'fr'",
      [offersId],
    );
    expect(Number(row.same)).toBe(1);

    version = await save(offersId, "fr", changed, version);
    expect((await statuses(offersId)).fr).toBe("draft_pending");
    await publish(offersId, "fr", version);
    expect((await statuses(offersId)).fr).toBe("published");
  });

  it("clears when the last published revision is restored", async () => {
    const d = await draft(offersId, "fr");
    const v = await save(offersId, "fr", { ...d.doc, blocks: [] }, d.version);
    expect((await statuses(offersId)).fr).toBe("draft_pending");
    const revs = await call(server, "GET", `/api/pages/${offersId}/fr/revisions`, { cookie: admin });
    const latest = (revs.json.revisions as { id: string }[])[0].id;
    const res = await call(server, "POST", `/api/pages/${offersId}/fr/revisions/${latest}`, { cookie: admin, body: { version: v } });
    expect(res.status, res.text).toBe(200);
    expect((await statuses(offersId)).fr).toBe("published");
  });

  it("tells each language version whether the other one is published", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page à moitié", slug: `moitie-${engine}` }, en: { title: "Half page", slug: `half-${engine}` } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.page.id as string;
    expect(await statuses(id)).toEqual({ fr: "unpublished", en: "unpublished" });
    const fr = await draft(id, "fr");
    expect(fr.otherLang).toEqual({ lang: "en", published: false, pending: false });
    await publish(id, "fr", fr.version);
    expect(await statuses(id)).toEqual({ fr: "published", en: "unpublished" });
    expect((await draft(id, "en")).otherLang).toEqual({ lang: "fr", published: true, pending: false });
  });
});
