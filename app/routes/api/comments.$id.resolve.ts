import type { CommentAnswer } from "~/lib/api/comments";
import { resolveCommentSchema } from "~/lib/comments/comment-schemas";
import { resolveComment } from "~/lib/comments/comments.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/comments.$id.resolve";

/** POST { resolved }: "Résolu" or "Rouvrir" for the comment's thread; any member. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "resolveComments",
    handle: async ({ request, params, signed }) => {
      const { resolved } = await readJson(request, resolveCommentSchema, 1024);
      return json({ comment: await resolveComment(signed, params.id.slice(0, 64), resolved) } satisfies CommentAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
