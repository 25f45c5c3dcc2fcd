import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { PresenceView, PresentMember } from "~/lib/api/presence";
import type { TeamMember } from "~/lib/auth/team.server";
import type { Database } from "~/lib/db/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import { runtime } from "~/lib/runtime.server";
import { initialsOf, nameFromEmail } from "./people";
import { NNBSP } from "~/lib/typography/french";
import { EDITING_TAB_HEADER, STALE_AFTER_MS, TAB_ID } from "./presence-schemas";

/**
 * Who has a page or an article open in an editor, and which tab holds it (issue 25 §3, decision 049). The
 * rows live in the database, so every server process and node sees the same holder; a tab's heartbeat
 * (and its open live stream) keeps its row fresh, and a row silent for STALE_AFTER_MS no longer counts.
 * At most one row per page is "editing" (a partial unique index): two tabs taking the page at once,
 * one gets it and the other a French 409.
 */

type Db = Kysely<Database> | Transaction<Database>;
const db = () => runtime().db.kysely;

/** Rows silent this long are removed (long after they stopped counting). */
const FORGET_AFTER_MS = 10 * 60_000;

type Member = Pick<TeamMember, "id" | "email">;

interface PageFacts {
  kind: "system" | "custom" | "article";
}

async function pageFacts(q: Db, pageId: string): Promise<PageFacts> {
  const page = await q.selectFrom("pages").select("kind").where("id", "=", pageId).executeTakeFirst();
  if (!page) throw errors.notFound("Page");
  return page;
}

/** "cette page" or "cet article", for the messages. */
export const subjectOf = (kind: PageFacts["kind"]) => (kind === "article" ? "cet article" : "cette page");

const cutoff = (now: number) => new Date(now - STALE_AFTER_MS).toISOString();

/** A unique index refused the row (PostgreSQL 23505, SQLite's constraint codes). */
function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
/** The page was deleted meanwhile (its row gone under the insert). */
function isMissingParent(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}
/** Another process held SQLite's write lock past the busy timeout: the member may simply try again. */
function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

function ownRow(q: Db, pageId: string, tab: string) {
  return q.selectFrom("editing_sessions").selectAll().where("page_id", "=", pageId).where("tab_id", "=", tab).executeTakeFirst();
}

/** The live holder of a page (its heartbeat recent), with the holder's address. */
function liveHolder(q: Db, pageId: string, now: number) {
  return q
    .selectFrom("editing_sessions as s")
    .innerJoin("team_members as m", "m.id", "s.member_id")
    .select(["s.id", "s.tab_id", "s.member_id", "s.started_at", "m.email"])
    .where("s.page_id", "=", pageId)
    .where("s.mode", "=", "editing")
    .where("s.last_seen_at", ">=", cutoff(now))
    .executeTakeFirst();
}

/**
 * This tab's row, made present (reading) when it was not. A row of the same tab left by another member
 * (a sign-out and another sign-in in one tab) is theirs no more: it is replaced.
 */
async function presentRow(trx: Transaction<Database>, pageId: string, tab: string, member: Member, nowIso: string) {
  const row = await ownRow(trx, pageId, tab);
  if (row && row.member_id === member.id) {
    await trx.updateTable("editing_sessions").set({ last_seen_at: nowIso }).where("id", "=", row.id).execute();
    return { ...row, last_seen_at: nowIso };
  }
  if (row) await trx.deleteFrom("editing_sessions").where("id", "=", row.id).execute();
  const fresh = { id: randomUUID(), page_id: pageId, member_id: member.id, tab_id: tab, mode: "reading" as const, started_at: nowIso, last_seen_at: nowIso };
  await trx.insertInto("editing_sessions").values(fresh).execute();
  return fresh;
}

/** Makes this tab the holder (the caller checked nobody else holds it live; the unique index checks again). */
async function hold(trx: Transaction<Database>, row: { id: string; mode: string }, nowIso: string) {
  if (row.mode === "editing") return;
  await trx.updateTable("editing_sessions").set({ mode: "editing", started_at: nowIso, last_seen_at: nowIso }).where("id", "=", row.id).execute();
}

/** A holder that stopped beating gives the page back: anyone may take it without a take-over. */
async function releaseStaleHolder(trx: Transaction<Database>, pageId: string, tab: string, now: number, nowIso: string) {
  await trx
    .updateTable("editing_sessions")
    .set({ mode: "reading", started_at: nowIso })
    .where("page_id", "=", pageId)
    .where("mode", "=", "editing")
    .where("tab_id", "!=", tab)
    .where("last_seen_at", "<", cutoff(now))
    .execute();
}

/** Runs `work` in a transaction with the refusals a member understands instead of a 500. */
async function transact<T>(work: (trx: Transaction<Database>) => Promise<T>, raced: () => Promise<T>): Promise<T> {
  try {
    return await db().transaction().execute(work);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (isMissingParent(e)) throw errors.notFound("Page");
    if (isUniqueViolation(e)) return raced();
    if (isBusy(e)) throw new ApiError(409, "presence_busy", `Le serveur est occupé${NNBSP}: réessayez dans un instant.`);
    throw e;
  }
}

/**
 * The editor opens: it holds the page when nobody else does, else it is there read-only until the member
 * chooses. A page held by the same member in another tab passes to this one at once (the member opened it
 * again, often after closing or losing the other tab): the other tab is told, as after a take-over.
 */
export async function openEditor(pageId: string, tab: string, member: Member): Promise<PresenceView> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  await db()
    .deleteFrom("editing_sessions")
    .where("last_seen_at", "<", new Date(now - FORGET_AFTER_MS).toISOString())
    .execute();
  const attempt = () =>
    transact(
      async (trx) => {
        // A write first: SQLite then takes its write lock at once, waiting for another process's instead
        // of failing a read transaction that cannot be upgraded.
        await releaseStaleHolder(trx, pageId, tab, now, nowIso);
        await pageFacts(trx, pageId);
        await trx
          .updateTable("editing_sessions")
          .set({ mode: "reading", started_at: nowIso })
          .where("page_id", "=", pageId)
          .where("mode", "=", "editing")
          .where("member_id", "=", member.id)
          .where("tab_id", "!=", tab)
          .execute();
        const row = await presentRow(trx, pageId, tab, member, nowIso);
        const holder = await liveHolder(trx, pageId, now);
        if (!holder || holder.id === row.id) await hold(trx, row, nowIso);
      },
      // Another tab took the page (or this tab's row was written) in between: present, read-only.
      () =>
        transact(
          async (trx) => void (await presentRow(trx, pageId, tab, member, nowIso)),
          async () => undefined,
        ),
    );
  await attempt();
  return presenceView(pageId, tab, member);
}

/**
 * The heartbeat: this tab is still there. It never takes the page, nor comes back by itself: a tab that
 * lost the page is told so (holding false), one whose row is gone (you: null) opens again.
 */
export async function beat(pageId: string, tab: string, member: Member): Promise<PresenceView> {
  await pageFacts(db(), pageId);
  await touch(pageId, tab, member.id);
  return presenceView(pageId, tab, member);
}

/** 404 for a page that does not exist (the live stream's check before it starts). */
export async function assertPage(pageId: string): Promise<void> {
  await pageFacts(db(), pageId);
}

/** The live stream's own heartbeat: an open stream is a tab that is there (timers of hidden tabs are slowed). */
export async function touch(pageId: string, tab: string, memberId: string): Promise<void> {
  await db()
    .updateTable("editing_sessions")
    .set({ last_seen_at: new Date().toISOString() })
    .where("page_id", "=", pageId)
    .where("tab_id", "=", tab)
    .where("member_id", "=", memberId)
    .execute();
}

/** "Ouvrir en lecture seule": present without the hold (given back if this tab had it). */
export async function readOnly(pageId: string, tab: string, member: Member): Promise<PresenceView> {
  const nowIso = new Date().toISOString();
  await transact(
    async (trx) => {
      await pageFacts(trx, pageId);
      const row = await presentRow(trx, pageId, tab, member, nowIso);
      if (row.mode === "editing") await trx.updateTable("editing_sessions").set({ mode: "reading", started_at: nowIso }).where("id", "=", row.id).execute();
    },
    async () => undefined,
  );
  return presenceView(pageId, tab, member);
}

/** The editor closes. */
export async function leave(pageId: string, tab: string, member: Member): Promise<void> {
  await db().deleteFrom("editing_sessions").where("page_id", "=", pageId).where("tab_id", "=", tab).where("member_id", "=", member.id).execute();
}

/**
 * "Prendre la main": the hold passes from the holder the member saw (`from`; null: nobody held it) to this
 * tab. The holder's row is demoted by a conditional UPDATE: of two members taking over at once, the second
 * finds it demoted already, and gets a French 409 naming who was faster. The other tab learns it from its
 * live stream or its next heartbeat.
 */
export async function takeOver(pageId: string, tab: string, member: Member, from: string | null): Promise<PresenceView> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const refused = async (trx: Db) => {
    const kind = (await pageFacts(trx, pageId)).kind;
    const holder = await liveHolder(trx, pageId, now);
    const who = holder ? (holder.member_id === member.id ? "Vous-même, dans un autre onglet," : nameFromEmail(holder.email)) : "Un autre membre";
    const e = new ApiError(
      409,
      "presence_taken",
      `${who} ${holder?.member_id === member.id ? "avez" : "a"} pris la main sur ${subjectOf(kind)} juste avant vous${NNBSP}: rien n'a changé de votre côté, cet onglet reste en lecture seule.`,
    );
    e.details = { holder: holder?.id ?? null };
    return e;
  };
  await transact(
    async (trx) => {
      await releaseStaleHolder(trx, pageId, tab, now, nowIso);
      await pageFacts(trx, pageId);
      if (from !== null) {
        await trx
          .updateTable("editing_sessions")
          .set({ mode: "reading", started_at: nowIso })
          .where("page_id", "=", pageId)
          .where("id", "=", from)
          .where("mode", "=", "editing")
          .where("tab_id", "!=", tab)
          .execute();
      }
      const row = await presentRow(trx, pageId, tab, member, nowIso);
      const holder = await liveHolder(trx, pageId, now);
      if (holder && holder.id !== row.id) throw await refused(trx);
      await hold(trx, row, nowIso);
    },
    async () => {
      throw await refused(db());
    },
  );
  return presenceView(pageId, tab, member);
}

/** What one tab sees: whether it holds the page, who does, and who else has it open (live rows only). */
export async function presenceView(pageId: string, tab: string, member: Pick<Member, "id">, now = Date.now()): Promise<PresenceView> {
  const rows = await db()
    .selectFrom("editing_sessions as s")
    .innerJoin("team_members as m", "m.id", "s.member_id")
    .select(["s.id", "s.tab_id", "s.member_id", "s.mode", "s.started_at", "s.last_seen_at", "m.email"])
    .where("s.page_id", "=", pageId)
    .orderBy("s.started_at")
    .orderBy("s.id")
    .execute();
  const live = cutoff(now);
  const mine = rows.find((r) => r.tab_id === tab && r.member_id === member.id) ?? null;
  const others: PresentMember[] = rows
    .filter((r) => r !== mine && r.last_seen_at >= live)
    .map((r) => {
      const name = nameFromEmail(r.email);
      return {
        sessionId: r.id,
        memberId: r.member_id,
        name,
        initials: initialsOf(name),
        email: r.email,
        mode: r.mode,
        since: r.started_at,
        isMe: r.member_id === member.id,
      };
    });
  return {
    pageId,
    you: mine ? { sessionId: mine.id, holding: mine.mode === "editing" } : null,
    holder: others.find((o) => o.mode === "editing") ?? null,
    others,
    now: new Date(now).toISOString(),
  };
}

/**
 * Saves and publications from an editor tab that has the page open without holding it (read-only by
 * choice, waiting for the member's choice, or taken over) are refused: 409 not_holder, in French. A tab
 * that does not have the page open in an editor (the articles list, the pages list) and a request with
 * no tab at all (a script, the API used directly) are judged by the version lock alone: the hold
 * coordinates editors' tabs, it is not a permission (any member may take over).
 */
export async function refuseUnlessHolder(request: Request, pageId: string, member: Member): Promise<void> {
  const tab = request.headers.get(EDITING_TAB_HEADER);
  if (!tab || !TAB_ID.test(tab)) return;
  const mine = await ownRow(db(), pageId, tab);
  if (!mine || mine.member_id !== member.id || mine.mode !== "reading") return;
  const [holder, { kind }] = await Promise.all([liveHolder(db(), pageId, Date.now()), pageFacts(db(), pageId)]);
  const e = holder
    ? new ApiError(
        409,
        "not_holder",
        holder.member_id === member.id
          ? `Vous modifiez ${subjectOf(kind)} dans un autre onglet${NNBSP}: cet onglet est en lecture seule et n'a rien enregistré. Prenez la main ici pour enregistrer.`
          : `${nameFromEmail(holder.email)} modifie ${subjectOf(kind)}${NNBSP}: cet onglet est en lecture seule et n'a rien enregistré. Prenez la main pour enregistrer vos modifications.`,
      )
    : new ApiError(409, "not_holder", `Cet onglet est en lecture seule${NNBSP}: rien n'a été enregistré. Prenez la main pour enregistrer vos modifications.`);
  e.details = { holder: holder?.id ?? null };
  throw e;
}
