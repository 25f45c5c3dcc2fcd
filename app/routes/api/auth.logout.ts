import type { OkAnswer } from "~/lib/api/common";
import { recordActivity } from "~/lib/activity/log.server";
import { clearedSessionCookie, deleteSession, findSession, readSessionToken } from "~/lib/auth/session.server";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/auth.logout";

/** Ends the session (if any) and clears the cookie; signing out twice, or without a session, is not an error. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const token = readSessionToken(request);
      const session = token ? await findSession(token) : null;
      if (token) await deleteSession(token);
      if (session) await recordActivity({ actorEmail: session.email, action: "auth.sign_out", ip: context.ip });
      return json({ ok: true } satisfies OkAnswer, { headers: { "Set-Cookie": clearedSessionCookie() } });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
