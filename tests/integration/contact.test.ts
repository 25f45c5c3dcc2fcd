import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, sql, type ApiResponse } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";
import { startSmtp, type ReceivedMail } from "../support/smtp";

/**
 * The contact form end to end on every engine: JSON (the page's script) and plain form posts (no
 * JavaScript), storage, the e-mail to the team through a real SMTP server started here, spam checks,
 * hostile input (header injection, 1 MB, malformed bodies) answered in the visitor's language and never
 * with a 500, and the back-office list, status and CSV export.
 */
const ENGINES = await engines();
const long = Date.now() - 60_000;
const valid = (extra: Record<string, unknown> = {}) => ({
  name: "Jeanne Martin",
  email: "jeanne@boulangerie.test",
  phone: "+33 6 12 34 56 78",
  business: "Boulangerie Martin",
  message: "Bonjour, je voudrais prendre les commandes en ligne.",
  consent: true,
  lang: "fr",
  offer: "croissance",
  startedAt: long,
  ...extra,
});
const form = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, k === "consent" ? (v ? "on" : "") : String(v)])).toString();

let ipCounter = 10;
/** A fresh client address per case, so the per-address limit of one case does not touch the next. */
const nextIp = () => `127.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 2}`;

describe.each(ENGINES)("contact form on %s", (engine) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  const count = async () => Number((await sql<{ n: number | string }>(server, "select count(*) as n from contact_requests"))[0].n);
  const postJson = (body: unknown, from = nextIp(), raw?: string) =>
    call(server, "POST", "/api/contact", raw !== undefined ? { raw, headers: { "content-type": "application/json" }, from } : { body, from });
  const postForm = (path: string, body: string, from = nextIp()) =>
    call(server, "POST", path, { raw: body, headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url }, from });
  const waitMail = async (n: number): Promise<ReceivedMail[]> => {
    for (let i = 0; i < 100 && smtp.mails.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    return smtp.mails;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer(engine, {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: "site@archimed.test",
      CONTACT_TO: "equipe@archimed.test",
      CONTACT_PER_HOUR: "5",
    });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("the contact page exists in both languages, carries the form and preselects an offer", async () => {
    for (const [path, label] of [
      ["/contact", "Envoyer ma demande"],
      ["/en/contact", "Send my request"],
    ]) {
      const res = await get(server.url, path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(label);
      expect(res.text).toMatch(new RegExp(`<form[^>]* action="${path}" method="post"`));
      // The form carries the time it was shown: never shared from a cache.
      expect(res.headers["cache-control"]).toMatch(/no-store/);
    }
    const offer = await get(server.url, "/contact?offre=360");
    expect(offer.text).toMatch(/<option value="360" selected=""/);
    const offers = await get(server.url, "/offres");
    expect(offers.text).toContain('href="/contact?offre=essentiel"');
    // Calls to subscribe are buttons, not "read more" text links (issue 15, one link style per kind of action).
    expect(offers.text).toMatch(/<a href="\/contact\?offre=essentiel" class="el-button /);
  });

  it("a JSON request is stored and e-mailed to the team, Reply-To the visitor", async () => {
    const before = smtp.mails.length;
    const res = await postJson(valid({ message: "Bonjour <script>alert(1)</script>, 20 000 clients ?" }));
    expect(res.status, res.text).toBe(201);
    const [row] = await sql<Record<string, string | null>>(server, "select * from contact_requests where email = ? order by created_at desc", [
      "jeanne@boulangerie.test",
    ]);
    expect(row).toMatchObject({
      name: "Jeanne Martin",
      business: "Boulangerie Martin",
      offer: "croissance",
      lang: "fr",
      status: "new",
      phone: "+33 6 12 34 56 78",
    });
    // Stored as typed: it is text; the back-office shows it as text.
    expect(row.message).toBe("Bonjour <script>alert(1)</script>, 20 000 clients ?");
    const mails = await waitMail(before + 1);
    const mail = mails[before];
    expect(mail.to).toEqual(["equipe@archimed.test"]);
    expect(mail.from).toBe("site@archimed.test");
    expect(mail.headers["reply-to"]).toContain("jeanne@boulangerie.test");
    expect(mail.headers["content-type"]).toMatch(/^text\/plain/);
    expect(mail.raw).toContain("Boulangerie Martin");
    // The e-mail goes out after the answer (the row is committed first): emailed_at follows the send.
    let again: { emailed_at: string | null } = { emailed_at: null };
    for (let i = 0; i < 100 && !again.emailed_at; i++) {
      [again] = await sql<{ emailed_at: string | null }>(server, "select emailed_at from contact_requests where id = ?", [row.id]);
      if (!again.emailed_at) await new Promise((r) => setTimeout(r, 50));
    }
    expect(again.emailed_at).not.toBeNull();
  });

  it("without JavaScript: a valid post redirects (303) to the thank-you, an invalid one shows the errors and keeps the values", async () => {
    const n = await count();
    const mailsBefore = smtp.mails.length;
    const ok = await postForm("/contact", form(valid({ name: "Paul Sans Script", email: "paul@fleurs.test" })));
    expect(ok.status, ok.text.slice(0, 300)).toBe(303);
    expect(ok.headers.location).toBe("/contact?envoye=1");
    expect(await count()).toBe(n + 1);
    const thanks = await get(server.url, "/contact?envoye=1");
    expect(thanks.text).toContain("Merci, votre demande est bien arrivée");

    const bad = await postForm("/contact", form(valid({ name: "Paul Sans Script", email: "pas-une-adresse", consent: false })));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Cette adresse e-mail n&#x27;est pas valide.");
    expect(bad.text).toContain("Cochez la case pour que nous puissions vous recontacter.");
    expect(bad.text).toContain('value="Paul Sans Script"');
    const en = await postForm("/en/contact", form(valid({ lang: "en", message: "short" })));
    expect(en.status).toBe(400);
    expect(en.text).toContain("Your message is too short (10 characters at least).");
    expect(await count()).toBe(n + 1);
    // Other public pages take no POST.
    expect((await postForm("/offres", form(valid()))).status).toBe(405);
    // The accepted post's e-mail goes out after the answer; waited for, so later cases count only their own.
    expect((await waitMail(mailsBefore + 1)).at(-1)?.raw).toContain("Paul Sans Script");
  });

  const noStore = async (res: ApiResponse, status: number, code: string, n: number, mailsBefore: number) => {
    expect(res.status, res.text).toBe(status);
    expect(res.json.error.code).toBe(code);
    expect(typeof res.json.error.message).toBe("string");
    expect(await count()).toBe(n);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails.length).toBe(mailsBefore);
  };

  it("header injection (CR LF) in the e-mail or name is refused, in the visitor's language; nothing stored or sent", async () => {
    const n = await count();
    const m = smtp.mails.length;
    const res = await postJson(valid({ email: "jeanne@boulangerie.test\r\nBcc: victime@example.test" }));
    await noStore(res, 400, "invalid_input", n, m);
    expect(res.json.error.fields.email).toBe("Cette adresse e-mail n'est pas valide.");
    const en = await postJson(valid({ lang: "en", name: "Eve\r\nSubject: spam", email: "eve@x.test\nCc: a@b.test" }));
    await noStore(en, 400, "invalid_input", n, m);
    expect(en.json.error.fields).toMatchObject({ email: "This email address is not valid.", name: "Your name contains characters that are not accepted." });
  });

  it("a 1 MB message is refused with 413 in the visitor's language, as JSON and as a form post", async () => {
    const n = await count();
    const m = smtp.mails.length;
    const huge = "x".repeat(1024 * 1024);
    const res = await postJson(valid({ message: huge, lang: "en" }));
    await noStore(res, 413, "too_large", n, m);
    const formPost = await call(server, "POST", "/contact", {
      raw: form(valid({ message: huge })),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, referer: `${server.url}/contact` },
      from: nextIp(),
    });
    expect(formPost.status).toBe(413);
    expect(formPost.text).toContain("Votre message est bien trop long");
    expect(await count()).toBe(n);
    // A message just over the limit is a field error, not a cut-off.
    const over = await postJson(valid({ message: "é".repeat(5001) }));
    await noStore(over, 400, "invalid_input", n, m);
  });

  it.each([
    ["malformed JSON", "{not json", 400, "bad_request"],
    ["an array", "[1,2]", 400, "bad_request"],
    ["wrong types", JSON.stringify(valid({ name: 42, consent: "yes", offer: "gratuit" })), 400, "invalid_input"],
    ["control characters in the message", JSON.stringify(valid({ message: "Bonjour\u0000 le monde !" })), 400, "invalid_input"],
    ["no body", "", 400, "bad_request"],
  ])("%s is refused with a clear 4xx", async (_n, raw, status, code) => {
    const n = await count();
    const res = await postJson(undefined, nextIp(), raw);
    await noStore(res, status, code, n, smtp.mails.length);
  });

  it("a bot filling the honeypot, or sending faster than a person types, is refused", async () => {
    const n = await count();
    const m = smtp.mails.length;
    await noStore(await postJson(valid({ website: "http://spam.test" })), 400, "refused", n, m);
    const fast = await postJson(valid({ startedAt: Date.now() }));
    await noStore(fast, 400, "too_fast", n, m);
    expect(fast.json.error.message).toMatch(/trop vite/);
    await noStore(await postJson(valid({ startedAt: "bientôt" })), 400, "too_fast", n, m);
  });

  it("a hundred posts a minute from one address: five are taken, the rest get 429 with Retry-After", async () => {
    const ip = nextIp();
    const n = await count();
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 100; i++) {
      last = await postJson(valid({ email: `flood${i}@x.test`, lang: "en" }), ip);
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    expect(last!.headers["retry-after"]).toMatch(/^\d+$/);
    expect(last!.json.error.message).toMatch(/^Too many requests/);
    expect(await count()).toBe(n + 5);
    // Another address is not affected.
    expect((await postJson(valid({ email: "autre@x.test" }))).status).toBe(201);
  });

  it("a cross-site form post is refused before it reaches the form", async () => {
    const n = await count();
    const res = await call(server, "POST", "/contact", {
      raw: form(valid()),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.test" },
      from: nextIp(),
    });
    expect(res.status).toBe(403);
    expect(await count()).toBe(n);
  });

  describe("back-office 'Demandes'", () => {
    it("is for team members only", async () => {
      expect((await call(server, "GET", "/api/contact-requests")).status).toBe(401);
      expect((await call(server, "PATCH", "/api/contact-requests/x", { body: { status: "done" } })).status).toBe(401);
    });

    it("lists newest first, searches and filters by status, marks handled", async () => {
      const all = await call(server, "GET", "/api/contact-requests", { cookie: admin });
      expect(all.status).toBe(200);
      const list = all.json.requests as { id: string; name: string; status: string; createdAt: string; emailed: boolean }[];
      expect(list.length).toBe(await count());
      expect([...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(list);
      const found = await call(server, "GET", `/api/contact-requests?q=${encodeURIComponent("SANS script")}`, { cookie: admin });
      expect(found.json.requests.map((r: { name: string }) => r.name)).toEqual(["Paul Sans Script"]);
      // LIKE wildcards are searched for as text.
      expect((await call(server, "GET", "/api/contact-requests?q=%25", { cookie: admin })).json.requests).toEqual([]);
      const target = found.json.requests[0].id as string;
      const done = await call(server, "PATCH", `/api/contact-requests/${target}`, { cookie: admin, body: { status: "done" } });
      expect(done.status, done.text).toBe(200);
      expect(done.json.request).toMatchObject({ status: "done", handledBy: ADMIN_EMAIL });
      const doneList = await call(server, "GET", "/api/contact-requests?status=done", { cookie: admin });
      expect(doneList.json.requests.map((r: { id: string }) => r.id)).toEqual([target]);
      const newList = await call(server, "GET", "/api/contact-requests?status=new", { cookie: admin });
      expect(newList.json.requests.length).toBe(list.length - 1);
    });

    it("refuses bad input with French 4xx", async () => {
      expect((await call(server, "PATCH", "/api/contact-requests/inconnue", { cookie: admin, body: { status: "done" } })).status).toBe(404);
      const first = (await call(server, "GET", "/api/contact-requests", { cookie: admin })).json.requests[0].id as string;
      const bad = await call(server, "PATCH", `/api/contact-requests/${first}`, { cookie: admin, body: { status: "archivé" } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toMatch(/statut attendu/);
      expect(
        (await call(server, "PATCH", `/api/contact-requests/${first}`, { cookie: admin, raw: "{", headers: { "content-type": "application/json" } })).status,
      ).toBe(400);
      expect((await call(server, "GET", "/api/contact-requests?status=tout", { cookie: admin })).status).toBe(400);
      expect((await call(server, "GET", `/api/contact-requests?q=${"a".repeat(300)}`, { cookie: admin })).status).toBe(400);
      expect((await call(server, "DELETE", `/api/contact-requests/${first}`, { cookie: admin })).status).toBe(405);
    });

    it("exports CSV for a spreadsheet: BOM, semicolons, quotes doubled, formulas neutralised", async () => {
      expect((await postJson(valid({ name: '=HYPERLINK("http://x")', email: "csv@x.test", message: 'Ligne 1\nLigne 2 ; "citée"' }))).status).toBe(201);
      const res = await call(server, "GET", "/api/contact-requests?format=csv&q=csv%40x.test", { cookie: admin });
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="demandes-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.text.startsWith('\uFEFF"Date";"Statut";"Nom"')).toBe(true);
      expect(res.text).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect(res.text).toContain(`"Ligne 1\nLigne 2 ; ""citée"""`);
      expect(res.text.trim().split("\r\n")).toHaveLength(2);
    });
  });
});
