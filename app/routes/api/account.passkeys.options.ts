import { registrationOptions } from "~/lib/auth/passkeys.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { z } from "zod";
import type { Route } from "./+types/account.passkeys.options";

/** POST {}: the options navigator.credentials.create() takes to add a passkey, bound to this session (decision 047). */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      await readJson(request, z.object({}).strict(), 1024);
      return json(await registrationOptions(request, { accountId: signed.session.accountId, email: signed.session.email, sessionHash: signed.session.idHash }));
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
