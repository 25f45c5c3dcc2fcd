import { randomUUID } from "node:crypto";
import type { CommentMember, CommentView, MentionView } from "~/lib/api/comments";
import type { Signed } from "~/lib/auth/permissions.server";
import { translationRow } from "~/lib/content/translations.server";
import type { CommentsTable } from "~/lib/db/schema";
import type { RenderDocument } from "~/lib/document/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { mailTeam } from "~/lib/mail/team-mail.server";
import { readCleanDocument } from "~/lib/pipeline/read-clean.server";
import { runtime } from "~/lib/runtime.server";
import { memberName, type NewComment } from "./comment-schemas";

/**
 * Comments on a block or an element (issue 25 §2, decision 048). A comment is pinned by its target's id in
 * one language's document: moves keep ids, so it follows the block or the element wherever it goes, and
 * the comment lives beside the document, never in it (the public page and the export cannot show it).
 * Replies join their thread's first comment; "Résolu" is the thread's. Only the author edits or deletes.
 */
const db = () => runtime().db.kysely;

const ONLY_AUTHOR = "Seul l'auteur d'un commentaire peut le modifier ou le supprimer.";

/** Every member as a mention shows them; members who left are missing, their comments stay. */
async function memberMap(): Promise<Map<string, CommentMember>> {
  const rows = await db().selectFrom("team_members").select(["id", "email"]).orderBy("email").execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, email: r.email, name: memberName(r.email) }]));
}

export async function commentMembers(): Promise<CommentMember[]> {
  return [...(await memberMap()).values()];
}

async function mentionsOf(ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db().selectFrom("comment_mentions").select(["comment_id", "member_id"]).where("comment_id", "in", ids).execute();
  for (const r of rows) out.set(r.comment_id, [...(out.get(r.comment_id) ?? []), r.member_id]);
  return out;
}

async function views(rows: CommentsTable[]): Promise<CommentView[]> {
  const members = await memberMap();
  const mentions = await mentionsOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    pageId: r.page_id,
    lang: r.lang,
    targetId: r.target_id,
    parentId: r.parent_id,
    author: members.get(r.author_id) ?? null,
    body: r.body,
    mentions: (mentions.get(r.id) ?? []).flatMap((id) => members.get(id) ?? []),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    resolvedAt: r.resolved_at,
    resolvedBy: r.resolved_by ? (members.get(r.resolved_by) ?? null) : null,
  }));
}

async function oneView(id: string): Promise<CommentView> {
  const row = await db().selectFrom("comments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return (await views([row]))[0];
}

/** Every comment of one language of a page or an article, oldest first (threads and their replies). */
export async function listComments(pageId: string, lang: Lang): Promise<CommentView[]> {
  const rows = await db()
    .selectFrom("comments")
    .selectAll()
    .where("page_id", "=", pageId)
    .where("lang", "=", lang)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return views(rows);
}

/** The ids of a document's layers: blocks, sections, columns and elements. */
function layerIds(doc: RenderDocument): Set<string> {
  const ids = new Set<string>();
  for (const b of doc.blocks) {
    ids.add(b.id);
    for (const s of b.sections) {
      ids.add(s.id);
      for (const c of s.columns) {
        ids.add(c.id);
        for (const e of c.elements) ids.add(e.id);
      }
    }
  }
  return ids;
}

/** A mention names a member of the team, or the comment is refused (nothing stored) with the reason. */
async function checkMentions(ids: string[]): Promise<CommentMember[]> {
  const members = await memberMap();
  const unknown = ids.filter((id) => !members.has(id));
  if (unknown.length > 0) {
    throw new ApiError(
      422,
      "unknown_member",
      "Mention refusée\u00a0: cette personne ne fait pas partie de l'équipe. Choisissez un membre dans la liste «\u00a0@\u00a0».",
    );
  }
  return ids.flatMap((id) => members.get(id) ?? []);
}

function editorHref(kind: string, pageId: string, lang: string, commentId: string): string {
  const q = `lang=${lang}&comment=${encodeURIComponent(commentId)}`;
  return kind === "article" ? `/admin/blog/edit/${encodeURIComponent(pageId)}?${q}` : `/admin/archimed-editor?page=${encodeURIComponent(pageId)}&${q}`;
}

/** Tells the newly mentioned members, in the back-office (unread rows) and by e-mail when SMTP is set. */
async function notify(signed: Signed, comment: Pick<CommentsTable, "id" | "page_id" | "lang" | "body">, mentioned: CommentMember[]) {
  const others = mentioned.filter((m) => m.id !== signed.member.id);
  if (others.length === 0) return;
  const page = await db()
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select(["t.title", "p.kind"])
    .where("t.page_id", "=", comment.page_id)
    .where("t.lang", "=", comment.lang)
    .executeTakeFirst();
  const title = page?.title ?? "une page";
  mailTeam(
    others.map((m) => m.email),
    `Mention\u00a0: ${title}`,
    [
      `${memberName(signed.member.email)} (${signed.member.email}) vous mentionne dans un commentaire sur «\u00a0${title}\u00a0» (${comment.lang.toUpperCase()})\u00a0:`,
      "",
      comment.body,
      "",
      `Ouvrir\u00a0: ${runtime().env.publicUrl}${editorHref(page?.kind ?? "custom", comment.page_id, comment.lang, comment.id)}`,
    ],
  );
}

async function storeMentions(commentId: string, mentioned: CommentMember[], author: string) {
  const rows = mentioned.filter((m) => m.id !== author).map((m) => ({ comment_id: commentId, member_id: m.id, read_at: null }));
  if (rows.length > 0) await db().insertInto("comment_mentions").values(rows).execute();
}

export async function createComment(signed: Signed, input: NewComment): Promise<CommentView> {
  let targetId = input.targetId;
  let parentId: string | null = null;
  if (input.parentId) {
    const parent = await db().selectFrom("comments").selectAll().where("id", "=", input.parentId).executeTakeFirst();
    if (!parent || parent.page_id !== input.pageId || parent.lang !== input.lang) throw errors.notFound("Commentaire");
    // A reply to a reply joins the same thread: threads are one level deep, like the panel shows them.
    parentId = parent.parent_id ?? parent.id;
    targetId = parent.target_id;
  } else {
    if (!targetId) throw errors.invalid("targetId — choisissez le bloc ou l'élément à commenter");
    const row = await translationRow(db(), input.pageId, input.lang);
    if (!row) throw errors.notFound("Page");
    const { doc } = await readCleanDocument(row.draft);
    if (!layerIds(doc).has(targetId)) {
      throw new ApiError(422, "unknown_target", "Cet élément n'existe pas dans le brouillon enregistré\u00a0: enregistrez la page, puis commentez-le.");
    }
  }
  const mentioned = await checkMentions(input.mentions);
  const now = new Date().toISOString();
  const comment: CommentsTable = {
    id: randomUUID(),
    page_id: input.pageId,
    lang: input.lang,
    target_id: targetId,
    parent_id: parentId,
    author_id: signed.member.id,
    body: input.body,
    created_at: now,
    updated_at: now,
    resolved_at: null,
    resolved_by: null,
  };
  await db().insertInto("comments").values(comment).execute();
  await storeMentions(comment.id, mentioned, signed.member.id);
  if (parentId) {
    // Answering a resolved thread reopens it: the conversation goes on.
    await db().updateTable("comments").set({ resolved_at: null, resolved_by: null }).where("id", "=", parentId).execute();
  }
  await notify(signed, comment, mentioned);
  return oneView(comment.id);
}

async function ownComment(signed: Signed, id: string): Promise<CommentsTable> {
  const row = await db().selectFrom("comments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Commentaire");
  if (row.author_id !== signed.member.id) throw new ApiError(403, "forbidden", ONLY_AUTHOR);
  return row;
}

export async function editComment(signed: Signed, id: string, input: { body: string; mentions: string[] }): Promise<CommentView> {
  const row = await ownComment(signed, id);
  const mentioned = await checkMentions(input.mentions);
  const before = new Set((await mentionsOf([id])).get(id) ?? []);
  await db().updateTable("comments").set({ body: input.body, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  const kept = new Set(mentioned.map((m) => m.id));
  const gone = [...before].filter((m) => !kept.has(m));
  if (gone.length > 0) await db().deleteFrom("comment_mentions").where("comment_id", "=", id).where("member_id", "in", gone).execute();
  // Only those mentioned for the first time get a notice: an edit does not ring everyone again.
  const added = mentioned.filter((m) => !before.has(m.id));
  await storeMentions(id, added, signed.member.id);
  await notify(signed, { ...row, body: input.body }, added);
  return oneView(id);
}

/** Deletes a comment and, for a thread's first comment, its replies. */
export async function deleteComment(signed: Signed, id: string): Promise<void> {
  const row = await ownComment(signed, id);
  await db()
    .transaction()
    .execute(async (trx) => {
      const ids = row.parent_id ? [id] : [id, ...(await trx.selectFrom("comments").select("id").where("parent_id", "=", id).execute()).map((r) => r.id)];
      await trx.deleteFrom("comment_mentions").where("comment_id", "in", ids).execute();
      await trx.deleteFrom("comments").where("id", "in", ids).execute();
    });
}

/** "Résolu" or reopened: the thread's state, whichever of its comments was named. */
export async function resolveComment(signed: Signed, id: string, resolved: boolean): Promise<CommentView> {
  const row = await db().selectFrom("comments").select(["id", "parent_id"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw errors.notFound("Commentaire");
  const root = row.parent_id ?? row.id;
  await db()
    .updateTable("comments")
    .set(resolved ? { resolved_at: new Date().toISOString(), resolved_by: signed.member.id } : { resolved_at: null, resolved_by: null })
    .where("id", "=", root)
    .execute();
  return oneView(root);
}

/** The signed-in member's mentions, unread first then newest, with where to open each. */
export async function myMentions(signed: Signed): Promise<{ mentions: MentionView[]; unread: number }> {
  const rows = await db()
    .selectFrom("comment_mentions as m")
    .innerJoin("comments as c", "c.id", "m.comment_id")
    .innerJoin("page_translations as t", (j) => j.onRef("t.page_id", "=", "c.page_id").onRef("t.lang", "=", "c.lang"))
    .innerJoin("pages as p", "p.id", "c.page_id")
    .selectAll("c")
    .select(["m.read_at", "t.title", "p.kind"])
    .where("m.member_id", "=", signed.member.id)
    .orderBy("c.created_at", "desc")
    .limit(100)
    .execute();
  const list = await views(rows);
  const mentions = rows.map((r, i) => ({
    comment: list[i],
    title: r.title,
    kind: r.kind,
    href: editorHref(r.kind, r.page_id, r.lang, r.id),
    readAt: r.read_at,
  }));
  mentions.sort((a, b) => Number(a.readAt !== null) - Number(b.readAt !== null));
  return { mentions, unread: await unreadMentions(signed) };
}

export async function unreadMentions(signed: Signed): Promise<number> {
  const row = await db()
    .selectFrom("comment_mentions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("member_id", "=", signed.member.id)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the signed-in member's mentions in these comments read (others' mentions are not theirs to mark). */
export async function markMentionsRead(signed: Signed, commentIds: string[]): Promise<number> {
  if (commentIds.length > 0) {
    await db()
      .updateTable("comment_mentions")
      .set({ read_at: new Date().toISOString() })
      .where("member_id", "=", signed.member.id)
      .where("comment_id", "in", commentIds)
      .where("read_at", "is", null)
      .execute();
  }
  return unreadMentions(signed);
}
