import { lookupVisitor } from "~/lib/analytics/geolocation.server";
import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import type { VisitorData } from "~/lib/api/analytics";
import type { Route } from "./+types/visitor-info";

/** The viewer's IP (from the connection) and its geolocation, or geo: null when the provider fails. */
export function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    return json((await lookupVisitor(context.ip)) satisfies VisitorData);
  });
}

export const action = () => api(async () => Promise.reject(errors.method()));
