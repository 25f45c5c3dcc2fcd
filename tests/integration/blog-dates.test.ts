import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToUtc, utcToLocal } from "~/lib/blog/time";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { decodeEntities, get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 20, dates and moves, on every engine. Articles published near midnight and across both
 * daylight-saving changes show the site's day (SITE_TIMEZONE, Paris) on the public list and the article,
 * and the feed and the JSON-LD carry the offset of that date. The calendar's move takes both languages in
 * one transaction, keeps each one's time of day, is undone exactly, and refuses a day before today, a
 * time the clocks skip and a stale version, storing nothing; the autumn's repeated hour is asked about.
 */
const ENGINES = await engines();
const TZ = "Europe/Paris";

/** Published at these Paris wall-clock times (in the past, whatever today is): [slug, local time, day shown, offset]. */
const DATED = [
  ["avant-minuit", "2025-11-25T23:30", "25 novembre 2025", "+01:00"],
  // 23:30 UTC the day before: the UTC formatting issue 20 found showed "25 novembre".
  ["apres-minuit", "2025-11-26T00:30", "26 novembre 2025", "+01:00"],
  // Spring change (last Sunday of March 2025): before it in winter time, after it in summer time.
  ["printemps-avant", "2025-03-30T00:30", "30 mars 2025", "+01:00"],
  ["printemps-apres", "2025-03-30T03:30", "30 mars 2025", "+02:00"],
  // Autumn change (last Sunday of October 2025): 00:30 is still summer time, 22:30 UTC the day before.
  ["automne-avant", "2025-10-26T00:30", "26 octobre 2025", "+02:00"],
  ["automne-apres", "2025-10-26T03:30", "26 octobre 2025", "+01:00"],
] as const;

/** The last Sunday of a month: the European daylight-saving changes. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe.each(ENGINES)("dates and calendar moves on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  const move = (id: string, body: unknown) => call(server, "POST", `/api/articles/${id}/move`, { cookie: admin, body });
  const schedule = (id: string, lang: string, version: number, at: string, overlap?: string) =>
    call(server, "POST", `/api/articles/${id}/${lang}/schedule`, { cookie: admin, body: { version, at, ...(overlap ? { overlap } : {}) } });
  const times = async (id: string) =>
    Object.fromEntries(
      (
        await sql<{ lang: string; publish_at: string | null }>(server, "select lang, publish_at from page_translations where page_id = ? order by lang", [id])
      ).map((r) => [r.lang, r.publish_at]),
    );
  async function bilingual(title: string) {
    const res = await call(server, "POST", "/api/articles", { cookie: admin, body: { fr: { title }, en: { title: `${title} (EN)` } } });
    expect(res.status, res.text).toBe(201);
    return res.json.article.id as string;
  }

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test", SITE_TIMEZONE: TZ });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const [slug, local] of DATED) {
      const res = await call(server, "POST", "/api/articles", { cookie: admin, body: { fr: { title: `Daté ${slug}`, slug, tags: ["Fuseau"] } } });
      expect(res.status, res.text).toBe(201);
      const id = res.json.article.id as string;
      expect((await call(server, "POST", `/api/articles/${id}/fr/publish`, { cookie: admin, body: { version: 1 } })).status).toBe(200);
      // Back-dated in the database ("Programmer" refuses the past); nothing public has been read since.
      const at = localToUtc(local, TZ).toISOString();
      await sql(server, "update page_translations set publish_at = ?, published_at = ? where page_id = ?", [at, at, id]);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the site's day on the public list and on each article, near midnight and across the changes", async () => {
    const list = decodeEntities((await get(server.url, "/blog?tag=fuseau")).text);
    for (const [slug, local, day, offset] of DATED) {
      const iso = `${local}:00${offset}`;
      const esc = iso.replace("+", "\\+");
      expect(list, slug).toMatch(new RegExp(`datetime="${esc}"[^>]*>${day}</time>`, "i"));
      const page = await get(server.url, `/blog/${slug}`);
      expect(page.status).toBe(200);
      const html = decodeEntities(page.text);
      expect(html, slug).toMatch(new RegExp(`<time [^>]*datetime="${esc}"[^>]*>${day}</time>`, "i"));
      const ld = jsonLd(page.text).find((x) => x["@type"] === "BlogPosting");
      expect(ld?.datePublished, slug).toBe(iso);
    }
    // The article at 00:30 is dated the 26th, never the 25th (the UTC day).
    expect(list).not.toMatch(/datetime="2025-11-26T00:30:00\+01:00"[^>]*>25 novembre/i);
  });

  it("writes the feed's dates with the site's offset", async () => {
    const rss = (await get(server.url, "/blog/rss.xml")).text;
    expect(rss).toContain("<pubDate>Wed, 26 Nov 2025 00:30:00 +0100</pubDate>");
    expect(rss).toContain("<pubDate>Tue, 25 Nov 2025 23:30:00 +0100</pubDate>");
  });

  it("moves both languages to a day, each at its own time, and the undo puts both back", async () => {
    const id = await bilingual("Déplacé en entier");
    const year = new Date().getUTCFullYear() + 1;
    expect((await schedule(id, "fr", 1, `${year}-02-10T09:00`)).status).toBe(200);
    expect((await schedule(id, "en", 1, `${year}-02-11T18:15`)).status).toBe(200);
    const before = await times(id);
    const res = await move(id, { day: `${year}-02-20`, langs: ["fr", "en"], versions: { fr: 1, en: 1 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.moved.fr).toEqual({ from: before.fr, to: localToUtc(`${year}-02-20T09:00`, TZ).toISOString() });
    expect(res.json.moved.en.to).toBe(localToUtc(`${year}-02-20T18:15`, TZ).toISOString());
    expect(res.json.article.versions.fr.state.label).toBe(`Programmé pour le 20 févr. ${year} à 09:00`);
    expect(await times(id)).toEqual({ fr: res.json.moved.fr.to, en: res.json.moved.en.to });
    // One language on purpose: the other stays.
    const one = await move(id, { day: `${year}-02-22`, langs: ["en"], versions: { en: 1 } });
    expect(one.status, one.text).toBe(200);
    expect(Object.keys(one.json.moved)).toEqual(["en"]);
    expect((await times(id)).fr).toBe(res.json.moved.fr.to);
    // Annuler: the instants the move answered as "from".
    const undo = await move(id, { restore: { fr: before.fr, en: before.en }, versions: { fr: 1, en: 1 } });
    expect(undo.status, undo.text).toBe(200);
    expect(await times(id)).toEqual(before);
  });

  it("refuses a day before today, a skipped time, a stale version and a past Programmer, storing nothing", async () => {
    const id = await bilingual("Refus clairs");
    const year = new Date().getUTCFullYear() + 1;
    expect((await schedule(id, "fr", 1, `${year}-03-20T02:30`)).status).toBe(200);
    expect((await schedule(id, "en", 1, `${year}-03-20T10:00`)).status).toBe(200);
    const before = await times(id);
    const yesterday = utcToLocal(new Date(Date.now() - 86_400_000), TZ).slice(0, 10);
    const past = await move(id, { day: yesterday, langs: ["fr", "en"], versions: { fr: 1, en: 1 } });
    expectApiError(past, 400, "date_in_past");
    expect(past.json.error.message).toMatch(/passé/);
    // 02:30 on the spring change's Sunday does not exist: the whole move is refused, English included.
    const gap = await move(id, { day: lastSunday(year, 3), langs: ["fr", "en"], versions: { fr: 1, en: 1 } });
    expectApiError(gap, 400, "invalid_local_time");
    expect(gap.json.error.message).toMatch(/n'existe pas/);
    expectApiError(await move(id, { day: `${year}-04-02`, langs: ["fr", "en"], versions: { fr: 7, en: 1 } }), 409, "stale_version");
    for (const bad of [{ day: "2027-02-30", langs: ["fr"], versions: {} }, { day: "demain", langs: ["fr"], versions: {} }, { langs: ["de"] }, {}, []]) {
      const res = await move(id, bad);
      expectApiError(res, 400);
      expect(res.json.error.message).not.toMatch(/expected|invalid input/i);
    }
    expect(await times(id)).toEqual(before);
    expectApiError(await schedule(id, "fr", 1, `${new Date().getUTCFullYear() - 1}-06-01T09:00`), 400, "date_in_past");
    expectApiError(await schedule(id, "fr", 1, `${lastSunday(year, 3)}T02:30`), 400, "invalid_local_time");
    expect(await times(id)).toEqual(before);
    expectApiError(await move("inconnu", { day: `${year}-04-02`, langs: ["fr"], versions: { fr: 1 } }), 404);
  });

  it("asks which of the autumn's two 02:30 is meant, and takes the one chosen", async () => {
    const id = await bilingual("Heure répétée");
    const year = new Date().getUTCFullYear() + 1;
    const sunday = lastSunday(year, 10);
    const asked = await schedule(id, "fr", 1, `${sunday}T02:30`);
    expectApiError(asked, 400, "ambiguous_local_time");
    expect(asked.json.error.message).toMatch(/deux fois/);
    expect((await times(id)).fr).toBeNull();
    const later = await schedule(id, "fr", 1, `${sunday}T02:30`, "later");
    expect(later.status, later.text).toBe(200);
    expect(later.json.article.versions.fr.publishAt).toBe(`${sunday}T01:30:00.000Z`);
    expect((await schedule(id, "en", 1, `${year}-10-01T02:30`)).status).toBe(200);
    const moved = await move(id, { day: sunday, langs: ["en"], versions: { en: 1 } });
    expectApiError(moved, 400, "ambiguous_local_time");
    const earlier = await move(id, { day: sunday, langs: ["en"], versions: { en: 1 }, overlap: "earlier" });
    expect(earlier.status, earlier.text).toBe(200);
    expect(earlier.json.moved.en.to).toBe(`${sunday}T00:30:00.000Z`);
  });

  it("says Programmé, never Publié, in the Pages list and the scheduler while visitors get a 404", async () => {
    const id = await bilingual("Programmé partout");
    const year = new Date().getUTCFullYear() + 1;
    expect((await schedule(id, "fr", 1, `${year}-01-15T09:00`)).status).toBe(200);
    const pages = (await call(server, "GET", "/api/pages", { cookie: admin })).json.pages as { id: string; translations: Record<string, { state: unknown }> }[];
    const row = pages.find((p) => p.id === id)!;
    expect(row.translations.fr.state).toMatchObject({ kind: "scheduled", label: `Programmé pour le 15 janv. ${year} à 09:00` });
    expect(row.translations.en.state).toMatchObject({ kind: "draft", label: "Brouillon" });
    const list = await call(server, "GET", `/api/articles?q=${encodeURIComponent("programme partout")}`, { cookie: admin });
    expect(list.json.articles[0].versions.fr.state.visitors).toBe(`Les visiteurs voient une page introuvable (404) jusqu'au 15 janv. ${year} à 09:00.`);
    expect((await get(server.url, "/blog/programme-partout")).status).toBe(404);
  });
});
