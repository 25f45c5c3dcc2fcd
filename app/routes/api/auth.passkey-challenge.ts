import { passkeyStepOptions } from "~/lib/auth/second-step-sign-in.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { z } from "zod";
import type { Route } from "./+types/auth.passkey-challenge";

/**
 * POST {}: the options navigator.credentials.get() takes at the sign-in's second step (decision 047),
 * their challenge bound to the step's cookie; the signed answer goes to /api/auth/second-step.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request }) => {
      await readJson(request, z.object({}).strict(), 1024);
      return json(await passkeyStepOptions(request));
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
