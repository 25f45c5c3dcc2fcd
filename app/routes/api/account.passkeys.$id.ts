import { activityBy } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import type { PasskeyAnswer } from "~/lib/api/two-factor";
import { removePasskey, renamePasskey } from "~/lib/auth/passkeys.server";
import { renamePasskeySchema } from "~/lib/auth/two-factor-schemas";
import { loadTwoFactorPolicy, policyCovers } from "~/lib/auth/two-factor-policy.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/account.passkeys.$id";

/** One of the member's own passkeys: PATCH { name } renames it, DELETE removes it (decision 047). */
const idOf = (params: { id: string }) => (/^[0-9a-f-]{36}$/.test(params.id) ? params.id : null);

const handlers = endpoint<Route.LoaderArgs>({
  PATCH: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      const { name } = await readJson(request, renamePasskeySchema, 1024);
      const id = idOf(params);
      const passkey = id ? await renamePasskey(signed.session.accountId, id, name) : null;
      if (!passkey) throw errors.notFound("Clé d'accès");
      return json({ passkey } satisfies PasskeyAnswer);
    },
  },
  DELETE: {
    permission: "editContent",
    handle: async ({ params, signed, context }) => {
      const id = idOf(params);
      const required = policyCovers(await loadTwoFactorPolicy(), signed.member.role);
      const removed = id ? await removePasskey(signed.session.accountId, id, required) : null;
      if (!removed) throw errors.notFound("Clé d'accès");
      await activityBy(signed, context)("account.passkey_remove", { target: { type: "passkey", id, label: removed.name } });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
