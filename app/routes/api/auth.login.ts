import type { SessionAnswer } from "~/lib/api/team";
import { loginSchema, signIn } from "~/lib/auth/login.server";
import { sessionCookie } from "~/lib/auth/session.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/auth.login";

/** POST { email, password }: opens a session (cookie); open to anyone, throttled in signIn(). */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const input = await readJson(request, loginSchema, 8 * 1024);
      const { member, token } = await signIn(request, context.ip, input);
      return json({ user: member } satisfies SessionAnswer, { headers: { "Set-Cookie": sessionCookie(token) } });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
