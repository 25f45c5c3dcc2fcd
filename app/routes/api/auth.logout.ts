import { clearedSessionCookie, deleteSession, readSessionToken } from "~/lib/auth/session.server";
import { api, errors, json } from "~/lib/http/api.server";
import type { Route } from "./+types/auth.logout";

export const loader = () => api(async () => Promise.reject(errors.method()));

/** Ends the session (if any) and clears the cookie; signing out twice is not an error. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") throw errors.method();
    const token = readSessionToken(request);
    if (token) await deleteSession(token);
    return json({ ok: true }, { headers: { "Set-Cookie": clearedSessionCookie() } });
  });
}
