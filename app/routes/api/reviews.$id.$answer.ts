import type { ReviewAnswer } from "~/lib/api/reviews";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { approveReviewSchema, requestChangesSchema } from "~/lib/review/review-schemas";
import { approveReview, requestChanges } from "~/lib/review/review.server";
import type { Route } from "./+types/reviews.$id.$answer";

/**
 * POST …/approve { version }: "Approuver et publier" (publishes the draft of that version);
 * POST …/changes { message }: "Demander des modifications". Editors and admins; the first answer wins (409 after).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "publishContent",
    handle: async ({ request, params, signed, context }) => {
      const id = params.id.slice(0, 64);
      switch (params.answer) {
        case "approve": {
          const { version } = await readJson(request, approveReviewSchema, 1024);
          return json({ review: await approveReview(signed, id, version, context.ip) } satisfies ReviewAnswer);
        }
        case "changes": {
          const { message } = await readJson(request, requestChangesSchema, 4 * 1024);
          return json({ review: await requestChanges(signed, id, message, context.ip) } satisfies ReviewAnswer);
        }
        default:
          throw errors.notFound("Action");
      }
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
