import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import type { SessionAnswer } from "~/lib/api/team";
import type { Route } from "./+types/auth.session";

/** The signed-in team member, or 401/403 with the catalogue's message. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    return json({ user: member } satisfies SessionAnswer);
  });
}

export const action = () => api(async () => Promise.reject(errors.method()));
