import type { ContactRequestView } from "~/lib/api/contact";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type pg from "pg";
import { takeWith, windowState, type Limit } from "~/lib/http/throttle.server";
import { loadSettings } from "~/lib/content/settings.server";
import type { ContactRequestsTable } from "~/lib/db/schema";
import { log } from "~/lib/log.server";
import { smtpTransport } from "~/lib/mail/transport.server";
import { runtime } from "~/lib/runtime.server";
import { HONEYPOT_FIELD, STARTED_FIELD, validateContact, type ContactErrors, type ContactInput } from "./schema";
import { OFFER_LABELS } from "./words";

/**
 * Receiving a contact request: spam checks (honeypot, minimum fill time, per-address limit), the shared
 * schema, storage, then the e-mail to the team when SMTP is configured. Outcomes are codes; the routes word
 * them in the visitor's language. Nothing here throws for bad input.
 */
type ContactOutcome =
  | { ok: true; id: string; /** Time the counting and storing transaction took (ms), for Server-Timing. */ storeMs: number }
  | { ok: false; status: 400 | 429; code: "invalid"; errors: ContactErrors }
  | { ok: false; status: 400 | 429; code: "tooFast" | "spam" | "throttled"; retryAfter?: number };

export async function receiveContact(raw: Record<string, unknown>, ip: string, now = new Date()): Promise<ContactOutcome> {
  // A bot fills every field it sees; people never see this one. Answered like an error with no detail.
  const trap = raw[HONEYPOT_FIELD];
  if (typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null) return { ok: false, status: 400, code: "spam" };
  const started = Number(raw[STARTED_FIELD]);
  if (!Number.isFinite(started) || now.getTime() - started < runtime().env.CONTACT_MIN_FILL_MS) return { ok: false, status: 400, code: "tooFast" };

  const checked = validateContact(raw);
  if (!checked.ok) return { ok: false, status: 400, code: "invalid", errors: checked.errors };

  // Only well-formed requests count towards the limit, so a visitor fixing a typo is not locked out.
  // Counting and storing share one transaction: one commit (one disk sync) per request. Old throttle rows
  // are swept by take() on sign-in and consent requests, for every key.
  const limit = { max: runtime().env.CONTACT_PER_HOUR, windowMs: 60 * 60_000 };
  const id = randomUUID();
  const row = toRow(id, checked.data, now);
  const t0 = performance.now();
  const { db } = runtime();
  const byIp = db.pgPool
    ? await pgStore(db.pgPool, `contact-ip:${ip}`, limit, row, now)
    : await db.kysely.transaction().execute(async (trx) => {
        const state = await takeWith(trx, `contact-ip:${ip}`, limit, now);
        if (state.allowed) await trx.insertInto("contact_requests").values(row).execute();
        return state;
      });
  const storeMs = performance.now() - t0;
  if (!byIp.allowed) return { ok: false, status: 429, code: "throttled", retryAfter: byIp.retryAfterSeconds };
  // The row is committed: the visitor is answered now, the e-mail goes out after (an SMTP exchange takes
  // tens of milliseconds to seconds and must not hold the answer, nor make a stored request look failed).
  queueTeamEmail(row);
  return { ok: true, id, storeMs };
}

/**
 * PostgreSQL: the throttle's count (takeWith's upsert, http/throttle.server.ts) and the insert in one
 * statement, prepared once per connection: one round trip instead of four (begin, count, insert, commit).
 * The commit stays durable (unlike page views, record.server.ts): a visitor told "sent" must find the
 * request stored.
 */
const PG_STORE = {
  name: "contact-store",
  text: `
  with t as (
    insert into throttle (key, window_start, count) values ($1, $2, 1)
    on conflict (key) do update set
      count = case when throttle.window_start <= $3 then 1 else throttle.count + 1 end,
      window_start = case when throttle.window_start <= $3 then $2 else throttle.window_start end
    returning count, window_start
  ),
  ins as (
    insert into contact_requests (id, created_at, lang, name, email, phone, business, message, offer, status)
    select $5, $2, $6, $7, $8, $9::text, $10, $11, $12::text, 'new' from t where t.count <= $4
    returning 1
  )
  select (select count from t) as count, (select window_start from t) as window_start, (select count(*) from ins) as stored`,
};

async function pgStore(pool: pg.Pool, key: string, limit: Limit, row: ContactRequestsTable, now: Date) {
  const stale = new Date(now.getTime() - limit.windowMs).toISOString();
  const values = [key, row.created_at, stale, limit.max, row.id, row.lang, row.name, row.email, row.phone, row.business, row.message, row.offer];
  const out = (await pool.query<{ count: number; window_start: string }>({ ...PG_STORE, values })).rows[0];
  return windowState(Number(out.count), out.window_start, limit, now);
}

function toRow(id: string, d: ContactInput, now: Date): ContactRequestsTable {
  return {
    id,
    created_at: now.toISOString(),
    lang: d.lang,
    name: d.name,
    email: d.email,
    phone: d.phone ?? null,
    business: d.business,
    message: d.message,
    offer: d.offer ?? null,
    status: "new",
    handled_at: null,
    handled_by: null,
    emailed_at: null,
  };
}

/** E-mails being sent, one after the other (a burst of requests never opens a burst of SMTP connections). */
let mailQueue: Promise<void> = Promise.resolve();
let mailsPending = 0;

function queueTeamEmail(row: ContactRequestsTable) {
  if (!runtime().env.SMTP_HOST) return;
  mailsPending++;
  mailQueue = mailQueue
    .then(() => emailTeam(row))
    .catch((e) => log.error(`e-mail de la demande de contact ${row.id} non envoyé`, e))
    .finally(() => mailsPending--);
}

/** Waits for the queued e-mails (shutdown: the database is closed after them, so emailed_at is written). */
export async function contactMailsSent(): Promise<void> {
  while (mailsPending > 0) await mailQueue;
}

/**
 * The e-mail to the team: plain text only, the visitor's address as Reply-To (validated: one line, no
 * CR/LF, so no header can be injected; nodemailer encodes headers itself too). A failed send is logged and
 * the request stays stored and listed: the visitor is not asked to send it again.
 */
async function emailTeam(row: ContactRequestsTable): Promise<void> {
  const env = runtime().env;
  if (!env.SMTP_HOST) return;
  const settings = await loadSettings();
  const to = env.CONTACT_TO ?? settings.email;
  const from = env.SMTP_FROM ?? settings.email;
  try {
    const transport = await smtpTransport(env);
    if (!transport) return;
    const offer = row.offer ? (OFFER_LABELS[row.offer] ?? row.offer) : "—";
    await transport.sendMail({
      from: { name: "Site Archimed", address: from },
      to,
      replyTo: { name: row.name, address: row.email },
      subject: `Nouvelle demande de contact : ${row.name} (${row.business})`,
      text: [
        `Nom : ${row.name}`,
        `E-mail : ${row.email}`,
        `Téléphone : ${row.phone ?? "—"}`,
        `Commerce : ${row.business}`,
        `Offre : ${offer}`,
        `Langue : ${row.lang}`,
        "",
        row.message,
        "",
        `${env.publicUrl}/admin/contact-requests`,
      ].join("\n"),
    });
    transport.close();
    await runtime().db.kysely.updateTable("contact_requests").set({ emailed_at: new Date().toISOString() }).where("id", "=", row.id).execute();
  } catch (e) {
    log.error(`e-mail de la demande de contact ${row.id} non envoyé`, e);
  }
}

export type { ContactRequestView };

const view = (r: ContactRequestsTable): ContactRequestView => ({
  id: r.id,
  createdAt: r.created_at,
  lang: r.lang,
  name: r.name,
  email: r.email,
  phone: r.phone,
  business: r.business,
  message: r.message,
  offer: r.offer,
  status: r.status,
  handledAt: r.handled_at,
  handledBy: r.handled_by,
  emailed: r.emailed_at !== null,
});

/** Newest first; `q` matches name, e-mail, business or message (case-insensitive on both engines). */
export async function listContactRequests(opts: { q?: string; status?: "new" | "done"; limit?: number }): Promise<ContactRequestView[]> {
  let query = runtime()
    .db.kysely.selectFrom("contact_requests")
    .selectAll()
    .orderBy("created_at", "desc")
    .limit(opts.limit ?? 500);
  if (opts.status) query = query.where("status", "=", opts.status);
  const q = opts.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or((["name", "email", "business", "message"] as const).map((c) => eb(sql`lower(${sql.ref(c)})`, "like", sql`${like} escape '\\'`))),
    );
  }
  return (await query.execute()).map(view);
}

export async function setContactStatus(id: string, status: "new" | "done", by: string, now = new Date()): Promise<ContactRequestView | null> {
  const db = runtime().db.kysely;
  const res = await db
    .updateTable("contact_requests")
    .set(status === "done" ? { status, handled_at: now.toISOString(), handled_by: by } : { status, handled_at: null, handled_by: null })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return null;
  const row = await db.selectFrom("contact_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return view(row);
}

/**
 * CSV for a spreadsheet: UTF-8 with a byte-order mark and semicolons (what French Excel expects), every
 * field quoted, and cells starting with = + - @ prefixed with ' so a spreadsheet never runs them as formulas.
 */
export function contactCsv(rows: ContactRequestView[]): string {
  const cell = (v: string | null) => {
    let s = v ?? "";
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const head = ["Date", "Statut", "Nom", "E-mail", "Téléphone", "Commerce", "Offre", "Langue", "Message"];
  const lines = rows.map((r) =>
    [r.createdAt, r.status === "done" ? "traité" : "nouveau", r.name, r.email, r.phone, r.business, r.offer, r.lang, r.message].map(cell).join(";"),
  );
  return `\uFEFF${[head.map(cell).join(";"), ...lines].join("\r\n")}\r\n`;
}
