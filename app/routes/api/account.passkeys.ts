import { activityBy } from "~/lib/activity/record.server";
import type { PasskeyAddedAnswer, PasskeysAnswer } from "~/lib/api/two-factor";
import { addPasskey, listPasskeys } from "~/lib/auth/passkeys.server";
import { addPasskeySchema, PASSKEY_BODY_LIMIT } from "~/lib/auth/two-factor-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/account.passkeys";

/**
 * The signed-in member's passkeys (decision 047): GET lists them, POST { name, response } keeps the one
 * the browser just made over the challenge of POST /api/account/passkeys/options.
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ signed }) => json({ passkeys: await listPasskeys(signed.session.accountId) } satisfies PasskeysAnswer),
  },
  POST: {
    permission: "editContent",
    handle: async ({ request, signed, context }) => {
      const input = await readJson(request, addPasskeySchema, PASSKEY_BODY_LIMIT);
      const added = await addPasskey(request, { accountId: signed.session.accountId, sessionHash: signed.session.idHash }, input);
      await activityBy(signed, context)("account.passkey_add", { target: { type: "passkey", id: added.passkey.id, label: added.passkey.name } });
      return json(added satisfies PasskeyAddedAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
