import { randomUUID } from "node:crypto";
import { recordActivity } from "~/lib/activity/log.server";
import type { ReviewView } from "~/lib/api/reviews";
import type { Signed } from "~/lib/auth/permissions.server";
import type { ReviewRequestsTable } from "~/lib/db/schema";
import { errors } from "~/lib/http/api.server";
import { mailTeam } from "~/lib/mail/team-mail.server";
import { publishReviewedArticle } from "~/lib/blog/article-schedule.server";
import { publish } from "~/lib/pages/pages-admin.server";
import { assertPublishRules } from "~/lib/pages/publish-rules.server";
import { runtime } from "~/lib/runtime.server";

/**
 * Review before publishing (issue 25 §1): a contributor asks, an editor or an admin approves (which
 * publishes) or asks for changes with a message; the contributor reads the answer on the page. One open
 * request per page and language: asking again replaces the open one. Every step is an activity line and,
 * with SMTP, an e-mail.
 */
const db = () => runtime().db.kysely;

function query() {
  return db()
    .selectFrom("review_requests as r")
    .innerJoin("page_translations as t", (j) => j.onRef("t.page_id", "=", "r.page_id").onRef("t.lang", "=", "r.lang"))
    .innerJoin("pages as p", "p.id", "r.page_id")
    .select(["r.id", "r.page_id", "r.lang", "r.status", "r.requested_by", "r.requested_at", "r.message", "r.answered_by", "r.answered_at", "r.answer"])
    .select(["t.title", "t.path", "t.version", "p.kind"]);
}
type Row = Awaited<ReturnType<ReturnType<typeof query>["executeTakeFirstOrThrow"]>>;

const view = (r: Row): ReviewView => ({
  id: r.id,
  pageId: r.page_id,
  lang: r.lang,
  status: r.status,
  requestedBy: r.requested_by,
  requestedAt: r.requested_at,
  message: r.message,
  answeredBy: r.answered_by,
  answeredAt: r.answered_at,
  answer: r.answer,
  title: r.title,
  kind: r.kind,
  path: r.path,
  version: Number(r.version),
});

const editorLink = (r: Pick<Row, "page_id" | "lang" | "kind">) =>
  `${runtime().env.publicUrl}${r.kind === "article" ? `/admin/blog/edit/${r.page_id}` : `/admin/archimed-editor?page=${r.page_id}&lang=${r.lang}`}`;

async function reviewers(): Promise<string[]> {
  const rows = await db().selectFrom("team_members").select("email").where("role", "in", ["admin", "editor"]).execute();
  return rows.map((r) => r.email);
}

export async function requestReview(signed: Signed, input: { pageId: string; lang: "fr" | "en"; message?: string }, ip: string): Promise<ReviewView> {
  const exists = await db()
    .selectFrom("page_translations")
    .select("page_id")
    .where("page_id", "=", input.pageId)
    .where("lang", "=", input.lang)
    .executeTakeFirst();
  if (!exists) throw errors.notFound("Page");
  const now = new Date().toISOString();
  const id = randomUUID();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("review_requests")
        .set({ status: "withdrawn" })
        .where("page_id", "=", input.pageId)
        .where("lang", "=", input.lang)
        .where("status", "=", "pending")
        .execute();
      await trx
        .insertInto("review_requests")
        .values({
          id,
          page_id: input.pageId,
          lang: input.lang,
          status: "pending",
          requested_by: signed.member.email,
          requested_at: now,
          message: input.message?.trim() || null,
          answered_by: null,
          answered_at: null,
          answer: null,
        } satisfies ReviewRequestsTable)
        .execute();
    });
  const review = view(await query().where("r.id", "=", id).executeTakeFirstOrThrow());
  await recordActivity({
    actor: signed.member,
    action: "review.request",
    target: { type: review.kind === "article" ? "article" : "page", id: review.pageId, label: review.title },
    lang: review.lang,
    detail: review.message,
    ip,
  });
  mailTeam(await reviewers(), `Relecture demandée : ${review.title}`, [
    `${signed.member.email} demande une relecture de « ${review.title} » (${review.lang.toUpperCase()}).`,
    ...(review.message ? ["", review.message] : []),
    "",
    `À relire : ${runtime().env.publicUrl}/admin/reviews`,
    `Ouvrir : ${editorLink({ page_id: review.pageId, lang: review.lang, kind: review.kind })}`,
  ]);
  return review;
}

export async function pendingReviews(): Promise<ReviewView[]> {
  return (await query().where("r.status", "=", "pending").orderBy("r.requested_at", "asc").execute()).map(view);
}

export async function pendingCount(): Promise<number> {
  const row = await db()
    .selectFrom("review_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The latest request of each language of a page: what the page's editor shows its writer. */
export async function pageReviews(pageId: string): Promise<ReviewView[]> {
  const rows = (await query().where("r.page_id", "=", pageId).orderBy("r.requested_at", "desc").execute()).map(view);
  return (["fr", "en"] as const).flatMap((lang) => rows.find((r) => r.lang === lang) ?? []);
}

/** The open request `id`, locked for the answer; 404 when unknown, 409 when someone answered first. */
async function openRequest(id: string) {
  const row = await query().where("r.id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Demande de relecture");
  if (row.status !== "pending") throw errors.conflict("Cette demande de relecture a déjà reçu une réponse ou a été remplacée : rechargez la liste.");
  return row;
}

/** Marks the request answered unless another reviewer got there first (the update's condition decides). */
async function answer(id: string, status: "approved" | "changes_requested", by: string, text: string | null) {
  const res = await db()
    .updateTable("review_requests")
    .set({ status, answered_by: by, answered_at: new Date().toISOString(), answer: text })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw errors.conflict("Cette demande de relecture a déjà reçu une réponse : rechargez la liste.");
}

export async function approveReview(signed: Signed, id: string, version: number, ip: string): Promise<ReviewView> {
  const row = await openRequest(id);
  await assertPublishRules(row.page_id, row.lang);
  // Publishing checks the version the reviewer read (409 if the draft moved since): they approve what they saw.
  // An article is published as the editor's bar does it (its lists, feed and home page refreshed, a schedule
  // still ahead kept); a page as the builder's Publier does.
  if (row.kind === "article") await publishReviewedArticle(row.page_id, row.lang, version, signed.member.email);
  else await publish(row.page_id, row.lang, version, signed.member.email);
  await answer(id, "approved", signed.member.email, null);
  const target = { type: row.kind === "article" ? "article" : "page", id: row.page_id, label: row.title };
  await recordActivity({ actor: signed.member, action: "review.approve", target, lang: row.lang, ip });
  await recordActivity({ actor: signed.member, action: row.kind === "article" ? "article.publish" : "page.publish", target, lang: row.lang, ip });
  mailTeam([row.requested_by], `Publié : ${row.title}`, [
    `${signed.member.email} a approuvé et publié « ${row.title} » (${row.lang.toUpperCase()}).`,
    "",
    `${runtime().env.publicUrl}${row.path}`,
  ]);
  return view(await query().where("r.id", "=", id).executeTakeFirstOrThrow());
}

export async function requestChanges(signed: Signed, id: string, message: string, ip: string): Promise<ReviewView> {
  const row = await openRequest(id);
  await answer(id, "changes_requested", signed.member.email, message);
  await recordActivity({
    actor: signed.member,
    action: "review.changes",
    target: { type: row.kind === "article" ? "article" : "page", id: row.page_id, label: row.title },
    lang: row.lang,
    detail: message,
    ip,
  });
  mailTeam([row.requested_by], `Modifications demandées : ${row.title}`, [
    `${signed.member.email} demande des modifications sur « ${row.title} » (${row.lang.toUpperCase()}) :`,
    "",
    message,
    "",
    editorLink(row),
  ]);
  return view(await query().where("r.id", "=", id).executeTakeFirstOrThrow());
}
