import { recordActivity } from "~/lib/activity/log.server";
import { recordRefusedSignIn } from "~/lib/activity/record.server";
import type { SessionAnswer } from "~/lib/api/team";
import { signInWithCode } from "~/lib/auth/second-step-sign-in.server";
import { clearedSecondStepCookie } from "~/lib/auth/second-step.server";
import { sessionCookie } from "~/lib/auth/session.server";
import { PASSKEY_BODY_LIMIT, secondStepSchema } from "~/lib/auth/two-factor-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/auth.second-step";

/**
 * POST { method: "totp" | "recovery", code } or { method: "passkey", response }: the sign-in's second
 * step; its cookie stands for the password.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const input = await readJson(request, secondStepSchema, PASSKEY_BODY_LIMIT);
      let signed: Awaited<ReturnType<typeof signInWithCode>>;
      try {
        signed = await signInWithCode(request, context.ip, input);
      } catch (e) {
        // A refused code is a sign-in line too (the address tried is not known here, only the step's cookie).
        await recordRefusedSignIn(e, { ip: context.ip });
        throw e;
      }
      const { member, token, passkeyName } = signed;
      const detail =
        input.method === "passkey"
          ? `avec une clé d'accès (${passkeyName ?? "sans nom"})`
          : input.method === "recovery"
            ? "avec un code de secours"
            : "avec un code d'authentification";
      await recordActivity({ actor: member, action: "auth.sign_in", detail, ip: context.ip });
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(token));
      headers.append("Set-Cookie", clearedSecondStepCookie());
      return json({ user: member } satisfies SessionAnswer, { headers });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
