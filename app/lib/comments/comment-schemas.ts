import { z } from "zod";
import { safeText } from "~/lib/text/safe-text";

/**
 * The comments API's inputs (issue 25 §2, decision 048), shared by the panels and the handlers. A comment
 * is plain text (shown escaped, never as HTML); mentions travel apart, as team member ids the server checks.
 */
export const COMMENT_MAX = 2000;
/** More than this in one comment is not a conversation but a mailing. */
export const MENTIONS_MAX = 20;
export const COMMENT_BODY_LIMIT = 16 * 1024;

/**
 * Markup that only an attack writes: script, frames, images, styles and forms, event attributes, script
 * addresses (issue 25: "a comment with hostile markup … refused with a clear French message"). A tag named
 * in a sentence ("le <h2> devrait être un <h3>") stays allowed: comments are shown escaped either way.
 */
const HOSTILE_MARKUP =
  /<\s*\/?\s*(script|iframe|frame|object|embed|svg|math|style|link|meta|base|img|image|video|audio|source|form|input|button|textarea|template)\b|\bon[a-z]+\s*=|(javascript|vbscript)\s*:|data\s*:\s*text\/html/i;
export const HOSTILE_COMMENT_MESSAGE =
  "commentaire\u00a0: écrivez-le en texte simple (balises de script, d'image, de cadre ou de style, attributs «\u00a0on…\u00a0» et adresses «\u00a0javascript:\u00a0» refusés)";

const memberId = z.string().min(1, "membre manquant").max(64, "membre inconnu");
const body = () =>
  safeText(
    z
      .string()
      .trim()
      .min(1, "écrivez un commentaire")
      .max(COMMENT_MAX, `commentaire\u00a0: ${COMMENT_MAX.toLocaleString("fr-FR")} caractères au plus`)
      .refine((v) => !HOSTILE_MARKUP.test(v), HOSTILE_COMMENT_MESSAGE),
  );
const mentions = () =>
  z
    .array(memberId)
    .max(MENTIONS_MAX, `${MENTIONS_MAX} mentions au plus`)
    .default([])
    .transform((ids) => [...new Set(ids)]);
/** Ids of the document's layers as the page schema writes them ("element-…", "block-…"). */
const targetId = z
  .string()
  .min(1, "élément manquant")
  .max(80, "élément inconnu")
  .regex(/^(block|section|column|element)-[A-Za-z0-9_-]+$/, "élément inconnu");

export const newCommentSchema = z.object({
  pageId: z.string().min(1, "page manquante").max(64, "page inconnue"),
  lang: z.enum(["fr", "en"], { error: "langue attendue\u00a0: fr ou en" }),
  /** What the comment is pinned to; a reply takes its thread's. */
  targetId: targetId.optional(),
  /** The comment answered: a reply joins that comment's thread. */
  parentId: z.string().min(1).max(64, "commentaire inconnu").optional(),
  body: body(),
  mentions: mentions(),
});
export type NewComment = z.infer<typeof newCommentSchema>;

export const editCommentSchema = z.object({ body: body(), mentions: mentions() });
export const resolveCommentSchema = z.object({ resolved: z.boolean({ error: "resolved\u00a0: vrai ou faux attendu" }) });
export const listCommentsQuery = z.object({
  pageId: z.string().min(1, "page manquante").max(64, "page inconnue"),
  lang: z.enum(["fr", "en"], { error: "langue attendue\u00a0: fr ou en" }),
});
/** ?count=1: the unread count only (the admin bar's badge). */
export const mentionsQuery = z.object({ count: z.literal("1", { error: "count\u00a0: 1 attendu" }).optional() });
export const readMentionsSchema = z.object({ commentIds: z.array(z.string().min(1).max(64)).max(500, "500 commentaires au plus") });

/**
 * The name a mention shows ("@Camille"): members have an e-mail address and no name, so the first word
 * of its local part, capitalised ("jean.dupont@…" → "Jean").
 */
export function memberName(email: string): string {
  const first = email.split("@")[0]?.split(/[._+-]/)[0] ?? email;
  return first ? first.charAt(0).toLocaleUpperCase("fr-FR") + first.slice(1) : email;
}
