import { recordActivity } from "~/lib/activity/log.server";
import type { EnrolledSignInAnswer, EnrolmentAnswer } from "~/lib/api/two-factor";
import { confirmEnrolmentStep, startEnrolmentStep } from "~/lib/auth/second-step-sign-in.server";
import { clearedSecondStepCookie } from "~/lib/auth/second-step.server";
import { sessionCookie } from "~/lib/auth/session.server";
import { confirmCodeSchema } from "~/lib/auth/two-factor-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { z } from "zod";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/auth.enrol-step";

/**
 * The enrolment the policy requires right after the password (decision 045): POST makes the secret,
 * PUT { code } confirms it, answers the recovery codes once and opens the session.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request }) => {
      await readJson(request, z.object({}).strict(), 1024);
      return json((await startEnrolmentStep(request)) satisfies EnrolmentAnswer);
    },
  },
  PUT: {
    permission: "public",
    handle: async ({ request, context }) => {
      const { code } = await readJson(request, confirmCodeSchema, 1024);
      const { member, token, recoveryCodes } = await confirmEnrolmentStep(request, context.ip, code);
      await recordActivity({ actor: member, action: "auth.sign_in", detail: "second facteur mis en place à la connexion", ip: context.ip });
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(token));
      headers.append("Set-Cookie", clearedSecondStepCookie());
      return json({ user: member, recoveryCodes } satisfies EnrolledSignInAnswer, { headers });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
