import type { MentionCountAnswer, MentionsAnswer } from "~/lib/api/comments";
import { mentionsQuery, readMentionsSchema } from "~/lib/comments/comment-schemas";
import { markMentionsRead, myMentions, unreadMentions } from "~/lib/comments/comments.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/comments.mentions";

/**
 * GET: the signed-in member's mentions (?count=1: the unread count only, for the admin bar's badge).
 * POST { commentIds }: marks their mentions in those comments read. Each member sees and marks their own.
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "comment",
    handle: async ({ request, signed }) => {
      const { count } = queryOf(request, mentionsQuery);
      if (count) return json({ unread: await unreadMentions(signed) } satisfies MentionCountAnswer);
      return json((await myMentions(signed)) satisfies MentionsAnswer);
    },
  },
  POST: {
    permission: "comment",
    handle: async ({ request, signed }) => {
      const { commentIds } = await readJson(request, readMentionsSchema, 32 * 1024);
      return json({ unread: await markMentionsRead(signed, commentIds) } satisfies MentionCountAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
