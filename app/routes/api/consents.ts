import { z } from "zod";
import type { ConsentsData } from "~/lib/api/analytics";
import { latestConsents } from "~/lib/consent/consent.server";
import { errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/consents";

const querySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) });

/** GET: the latest GDPR consents, newest first (seed 000 §7 call 8). Team members only. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "handleContactRequests",
    handle: async ({ request }) => {
      const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) throw errors.invalid("limit — un entier de 1 à 200");
      return json({ consents: await latestConsents(parsed.data.limit) } satisfies ConsentsData);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
