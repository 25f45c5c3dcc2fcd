import type { ContactRequestAnswer } from "~/lib/api/contact";
import { contactStatusSchema } from "~/lib/contact/admin-schemas";
import { setContactStatus } from "~/lib/contact/contact.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/contact-requests.$id";

/** PATCH { status: "new" | "done" }: marks a request as handled (who and when are kept) or new again. */
const handlers = endpoint<Route.LoaderArgs>({
  PATCH: {
    permission: "handleContactRequests",
    handle: async ({ request, params, signed }) => {
      const { status } = await readJson(request, contactStatusSchema, 1024);
      const updated = params.id.length <= 64 ? await setContactStatus(params.id, status, signed.member.email) : null;
      if (!updated) throw errors.notFound("Demande");
      return json({ request: updated } satisfies ContactRequestAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
