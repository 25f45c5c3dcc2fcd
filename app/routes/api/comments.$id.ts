import type { CommentAnswer } from "~/lib/api/comments";
import type { OkAnswer } from "~/lib/api/common";
import { COMMENT_BODY_LIMIT, editCommentSchema } from "~/lib/comments/comment-schemas";
import { deleteComment, editComment } from "~/lib/comments/comments.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/comments.$id";

/** PATCH { body, mentions }: edits a comment; DELETE: removes it (and a thread's replies). The author only (403 otherwise). */
const handlers = endpoint<Route.LoaderArgs>({
  PATCH: {
    permission: "comment",
    handle: async ({ request, params, signed }) => {
      const input = await readJson(request, editCommentSchema, COMMENT_BODY_LIMIT);
      return json({ comment: await editComment(signed, params.id.slice(0, 64), input) } satisfies CommentAnswer);
    },
  },
  DELETE: {
    permission: "comment",
    handle: async ({ params, signed }) => {
      await deleteComment(signed, params.id.slice(0, 64));
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
