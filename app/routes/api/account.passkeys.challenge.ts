import { confirmationOptions } from "~/lib/auth/account-two-factor.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { z } from "zod";
import type { Route } from "./+types/account.passkeys.challenge";

/**
 * POST {}: a challenge for one of the member's passkeys to sign, bound to this session, to confirm turning
 * the second factor off or renewing the recovery codes (decision 047).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      await readJson(request, z.object({}).strict(), 1024);
      return json(await confirmationOptions(request, signed));
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
