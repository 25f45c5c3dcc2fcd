import { recordActivity } from "~/lib/activity/log.server";
import { recordRefusedSignIn } from "~/lib/activity/record.server";
import type { LoginAnswer } from "~/lib/api/two-factor";
import { normalizeEmail } from "~/lib/auth/team.server";
import { loginSchema, signIn } from "~/lib/auth/login.server";
import { secondStepCookie } from "~/lib/auth/second-step.server";
import { sessionCookie } from "~/lib/auth/session.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/auth.login";

/**
 * POST { email, password }: opens a session (cookie), or, for a member with a second factor or one the
 * policy requires, answers the next step with its short-lived cookie (decision 045). Open to anyone,
 * throttled in signIn().
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const input = await readJson(request, loginSchema, 8 * 1024);
      const email = normalizeEmail(input.email);
      let result: Awaited<ReturnType<typeof signIn>>;
      try {
        result = await signIn(request, context.ip, input);
      } catch (e) {
        await recordRefusedSignIn(e, { email, ip: context.ip });
        throw e;
      }
      // A second factor to come: the session (and its line) opens at the second step.
      if ("secondStep" in result) {
        const answer: LoginAnswer = result.secondStep === "code" ? { secondStep: "code", methods: result.methods } : { secondStep: "enrol" };
        return json(answer, { headers: { "Set-Cookie": secondStepCookie(result.token) } });
      }
      await recordActivity({ actor: result.member, action: "auth.sign_in", ip: context.ip });
      return json({ user: result.member } satisfies LoginAnswer, { headers: { "Set-Cookie": sessionCookie(result.token) } });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
