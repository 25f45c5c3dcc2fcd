import type { ReviewsAnswer } from "~/lib/api/reviews";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { pageReviews } from "~/lib/review/review.server";
import type { Route } from "./+types/reviews.page.$pageId";

/** GET: the latest review request of each language of a page, with its answer: what the writer reads. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ params }) => json({ reviews: await pageReviews(params.pageId.slice(0, 64)) } satisfies ReviewsAnswer),
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
