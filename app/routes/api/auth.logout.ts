import type { OkAnswer } from "~/lib/api/common";
import { clearedSessionCookie, deleteSession, readSessionToken } from "~/lib/auth/session.server";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/auth.logout";

/** Ends the session (if any) and clears the cookie; signing out twice, or without a session, is not an error. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request }) => {
      const token = readSessionToken(request);
      if (token) await deleteSession(token);
      return json({ ok: true } satisfies OkAnswer, { headers: { "Set-Cookie": clearedSessionCookie() } });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
