import { requireTeamMember } from "~/lib/auth/permissions.server";
import { contactStatusSchema } from "~/lib/contact/admin-schemas";
import { setContactStatus } from "~/lib/contact/contact.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/contact-requests.$id";

/** PATCH { status: "new" | "done" }: marks a request as handled (who and when are kept) or new again. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method.toUpperCase() !== "PATCH") throw errors.method();
    const { status } = await readJson(request, contactStatusSchema, 1024);
    const updated = params.id.length <= 64 ? await setContactStatus(params.id, status, member.email) : null;
    if (!updated) throw errors.notFound("Demande");
    return json({ request: updated });
  });
}

export function loader() {
  return api(async () => {
    throw errors.method();
  });
}
