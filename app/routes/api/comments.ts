import type { CommentAnswer, CommentsAnswer } from "~/lib/api/comments";
import { COMMENT_BODY_LIMIT, listCommentsQuery, newCommentSchema } from "~/lib/comments/comment-schemas";
import { createComment, listComments } from "~/lib/comments/comments.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/comments";

/**
 * GET ?pageId=…&lang=…: the comments of one language of a page or an article (the "Commentaires" panel).
 * POST { pageId, lang, targetId | parentId, body, mentions }: a comment pinned to a block or an element,
 * or a reply. Every member (decision 048).
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "comment",
    handle: async ({ request }) => {
      const { pageId, lang } = queryOf(request, listCommentsQuery);
      return json({ comments: await listComments(pageId, lang) } satisfies CommentsAnswer);
    },
  },
  POST: {
    permission: "comment",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, newCommentSchema, COMMENT_BODY_LIMIT);
      return json({ comment: await createComment(signed, input) } satisfies CommentAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
