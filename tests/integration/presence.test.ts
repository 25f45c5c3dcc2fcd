import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Who is editing a page or an article (issue 25 §3, decision 049) on every engine: opening holds the page
 * when it is free and is read-only otherwise, the heartbeat keeps the hold, a silent holder gives it up,
 * two members taking over at once end with exactly one holder (the other a French 409, nothing changed),
 * a tab without the hold saves and publishes nothing (409 in French), and the live stream tells the
 * other tab.
 */
const ENGINES = await engines();

describe.each(ENGINES)("presence of editors on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let camille: string;
  let bea: string;
  let n = 0;

  const tab = () => `onglet-${engine}-${++n}-0000`;
  const act = (cookie: string, pageId: string, body: Record<string, unknown>) => call(server, "POST", `/api/presence/${pageId}`, { cookie, body });
  const newPage = async () => {
    const slug = `presence-${engine}-${++n}`;
    const res = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: `Présence ${n}`, slug }, en: { title: `Presence ${n}`, slug: `${slug}-en` } },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.page.id as string;
  };
  const draftOf = async (id: string) => (await call(server, "GET", `/api/pages/${id}/fr`, { cookie: admin })).json.draft;
  const docWith = (text: string) => ({
    version: 1,
    blocks: [
      {
        id: "block-p",
        type: "container",
        styles: {},
        sections: [{ id: "section-p", columns: [{ id: "column-p", width: 12, elements: [{ id: "element-p", type: "text", content: text, styles: {} }] }] }],
      },
    ],
  });
  const save = async (cookie: string, id: string, text: string, fromTab?: string) => {
    const draft = await draftOf(id);
    return call(server, "PUT", `/api/pages/${id}/fr/draft`, {
      cookie,
      body: { version: draft.version, doc: { ...docWith(text), version: draft.doc.version } },
      headers: fromTab ? { "x-editing-tab": fromTab } : {},
    });
  };
  const storedText = async (id: string) => (await draftOf(id)).doc.blocks[0]?.sections[0].columns[0].elements[0]?.content;

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await addMember(server, admin, "camille.durand@archimed.test", "editor", "camille-password-1");
    await addMember(server, admin, "bea@archimed.test", "editor", "bea-password-12");
    camille = await login(server, "camille.durand@archimed.test", "camille-password-1");
    bea = await login(server, "bea@archimed.test", "bea-password-12");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("holds a free page on opening; the next member is present read-only and sees who holds it, since when", async () => {
    const id = await newPage();
    const a = tab();
    const b = tab();
    const first = await act(camille, id, { action: "open", tab: a });
    expect(first.status, first.text).toBe(200);
    expect(first.json.presence.you.holding).toBe(true);
    expect(first.json.presence.holder).toBeNull();

    const second = await act(bea, id, { action: "open", tab: b });
    expect(second.status, second.text).toBe(200);
    const p = second.json.presence;
    expect(p.you.holding).toBe(false);
    expect(p.holder).toMatchObject({ name: "Camille Durand", initials: "CD", email: "camille.durand@archimed.test", mode: "editing", isMe: false });
    expect(Date.parse(p.holder.since)).toBeLessThanOrEqual(Date.parse(p.now));
    // Camille sees Bea, read-only.
    const seen = (await act(camille, id, { action: "beat", tab: a })).json.presence;
    expect(seen.you.holding).toBe(true);
    expect(seen.others.map((o: { name: string; mode: string }) => [o.name, o.mode])).toEqual([["Bea", "reading"]]);
    // Leaving takes Bea off the list.
    expect((await act(bea, id, { action: "leave", tab: b })).status).toBe(200);
    expect((await act(camille, id, { action: "beat", tab: a })).json.presence.others).toEqual([]);
  });

  it("the same member opening the page in another tab takes it there; the first tab is told", async () => {
    const id = await newPage();
    const a = tab();
    const b = tab();
    expect((await act(camille, id, { action: "open", tab: a })).json.presence.you.holding).toBe(true);
    const again = (await act(camille, id, { action: "open", tab: b })).json.presence;
    expect(again.you.holding).toBe(true);
    expect(again.others).toMatchObject([{ name: "Camille Durand", mode: "reading", isMe: true }]);
    const first = (await act(camille, id, { action: "beat", tab: a })).json.presence;
    expect(first.you.holding).toBe(false);
    expect(first.holder).toMatchObject({ isMe: true, mode: "editing" });
  });

  it("keeps the hold through heartbeats, and a holder silent for 30 s gives it up to the next one", async () => {
    const id = await newPage();
    const a = tab();
    const b = tab();
    expect((await act(camille, id, { action: "open", tab: a })).json.presence.you.holding).toBe(true);
    const beat = await act(camille, id, { action: "beat", tab: a });
    expect(beat.json.presence.you.holding).toBe(true);
    // The heartbeat moved last_seen_at on; a silent holder is one whose last heartbeat is 31 s old.
    await sql(server, "update editing_sessions set last_seen_at = ? where tab_id = ?", [new Date(Date.now() - 31_000).toISOString(), a]);
    const other = await act(bea, id, { action: "open", tab: b });
    expect(other.json.presence.you.holding).toBe(true);
    expect(other.json.presence.holder).toBeNull();
    // The stale tab beats again: it is told it no longer holds the page (never takes it back by itself).
    const back = await act(camille, id, { action: "beat", tab: a });
    expect(back.json.presence.you.holding).toBe(false);
    expect(back.json.presence.holder.name).toBe("Bea");
    expect(await sql(server, "select tab_id from editing_sessions where page_id = ? and mode = 'editing'", [id])).toEqual([{ tab_id: b }]);
  });

  it("take-over race: two members take over at once, exactly one wins, the other gets a French 409 and nothing is lost", async () => {
    const id = await newPage();
    const a = tab();
    const b = tab();
    const c = tab();
    expect((await save(admin, id, "<p>Travail de l'administrateur</p>")).status).toBe(200);
    const held = await act(admin, id, { action: "open", tab: a });
    expect(held.json.presence.you.holding).toBe(true);
    const seenB = (await act(camille, id, { action: "open", tab: b })).json.presence;
    const seenC = (await act(bea, id, { action: "open", tab: c })).json.presence;
    expect(seenB.holder.sessionId).toBe(held.json.presence.you.sessionId);
    const [rb, rc] = await Promise.all([
      act(camille, id, { action: "take", tab: b, from: seenB.holder.sessionId }),
      act(bea, id, { action: "take", tab: c, from: seenC.holder.sessionId }),
    ]);
    const statuses = [rb.status, rc.status].sort();
    expect(statuses, `${rb.text} | ${rc.text}`).toEqual([200, 409]);
    const [won, lost] = rb.status === 200 ? [rb, rc] : [rc, rb];
    const winner = rb.status === 200 ? "Camille Durand" : "Bea";
    expect(won.json.presence.you.holding).toBe(true);
    expectApiError(lost, 409, "presence_taken");
    expect(lost.json.error.message).toBe(
      `${winner} a pris la main sur cette page juste avant vous\u202f: rien n'a changé de votre côté, cet onglet reste en lecture seule.`,
    );
    // One holder, and the administrator's tab is told it lost the page.
    const holders = await sql<{ n: number | string }>(server, "select count(*) as n from editing_sessions where page_id = ? and mode = 'editing'", [id]);
    expect(Number(holders[0].n)).toBe(1);
    const told = (await act(admin, id, { action: "beat", tab: a })).json.presence;
    expect(told.you.holding).toBe(false);
    expect(told.holder.name).toBe(winner);
    // Nothing stored changed.
    expect(await storedText(id)).toBe("<p>Travail de l'administrateur</p>");
    // A take-over naming a holder that is gone, or a page that does not exist: never a 500.
    expect((await act(admin, id, { action: "take", tab: a, from: "plus-la-depuis-longtemps" })).status).toBe(409);
    expectApiError(await act(admin, "page-inconnue", { action: "open", tab: a }), 404);
    expectApiError(await act(admin, id, { action: "take", tab: "x" }), 400);
  });

  it("refuses saves and publications from a tab without the hold (409 in French), accepts the holder's", async () => {
    const id = await newPage();
    const a = tab();
    const b = tab();
    expect((await act(camille, id, { action: "open", tab: a })).json.presence.you.holding).toBe(true);
    expect((await act(bea, id, { action: "open", tab: b })).json.presence.you.holding).toBe(false);

    const refused = await save(bea, id, "<p>Écrit en lecture seule</p>", b);
    expectApiError(refused, 409, "not_holder");
    expect(refused.json.error.message).toBe(
      "Camille Durand modifie cette page\u202f: cet onglet est en lecture seule et n'a rien enregistré. Prenez la main pour enregistrer vos modifications.",
    );
    const publish = await call(server, "POST", `/api/pages/${id}/fr/publish`, {
      cookie: bea,
      body: { version: (await draftOf(id)).version },
      headers: { "x-editing-tab": b },
    });
    expectApiError(publish, 409, "not_holder");
    expect((await save(camille, id, "<p>Travail de Camille</p>", a)).status).toBe(200);
    expect(await storedText(id)).toBe("<p>Travail de Camille</p>");

    // After a take-over the former holder's tab saves nothing either, and the new holder saves.
    const holder = (await act(bea, id, { action: "beat", tab: b })).json.presence.holder;
    expect((await act(bea, id, { action: "take", tab: b, from: holder.sessionId })).status).toBe(200);
    expectApiError(await save(camille, id, "<p>Trop tard</p>", a), 409, "not_holder");
    expect((await save(bea, id, "<p>Travail de Bea</p>", b)).status).toBe(200);
    expect(await storedText(id)).toBe("<p>Travail de Bea</p>");
    // A request from no tab (a script) is judged by the version lock alone.
    expect((await save(admin, id, "<p>Script</p>")).status).toBe(200);
  });

  it("the live stream tells the other tab who joined and who took over", async () => {
    const id = await newPage();
    const a = tab();
    const b = tab();
    expect((await act(camille, id, { action: "open", tab: a })).json.presence.you.holding).toBe(true);
    const events: { you: { holding: boolean } | null; holder: { name: string } | null; others: { name: string }[] }[] = [];
    const url = new URL(`/api/presence/${id}/live?tab=${a}`, server.url);
    const req = http.get({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { cookie: camille } });
    const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on("response", resolve);
      req.on("error", reject);
    });
    try {
      const res = await opened;
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/event-stream");
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.startsWith("event: presence")) continue;
          events.push(JSON.parse(frame.slice(frame.indexOf("data: ") + 6)));
        }
      });
      await expect.poll(() => events.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(events[0].you?.holding).toBe(true);
      expect(events[0].others).toEqual([]);

      const seen = (await act(bea, id, { action: "open", tab: b })).json.presence;
      await expect.poll(() => events.at(-1)?.others.map((o) => o.name), { timeout: 30_000 }).toEqual(["Bea"]);
      expect((await act(bea, id, { action: "take", tab: b, from: seen.holder.sessionId })).status).toBe(200);
      await expect.poll(() => events.at(-1)?.you?.holding, { timeout: 30_000 }).toBe(false);
      expect(events.at(-1)?.holder?.name).toBe("Bea");
    } finally {
      req.destroy();
    }
    // Without a session the stream is refused.
    expectApiError(await call(server, "GET", `/api/presence/${id}/live?tab=${a}`), 401);
  });
});
