import type { ReviewAnswer, ReviewsAnswer } from "~/lib/api/reviews";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { requestReviewSchema } from "~/lib/review/review-schemas";
import { pendingReviews, requestReview } from "~/lib/review/review.server";
import type { Route } from "./+types/reviews";

/**
 * GET: the open review requests ("À relire"), for those who publish. POST { pageId, lang, message? }:
 * "Demander une relecture", open to every member (contributors above all).
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "publishContent", handle: async () => json({ reviews: await pendingReviews() } satisfies ReviewsAnswer) },
  POST: {
    permission: "editContent",
    handle: async ({ request, signed, context }) => {
      const input = await readJson(request, requestReviewSchema, 4 * 1024);
      return json({ review: await requestReview(signed, input, context.ip) } satisfies ReviewAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
