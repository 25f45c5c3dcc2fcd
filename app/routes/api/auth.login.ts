import { loginSchema, signIn } from "~/lib/auth/login.server";
import { sessionCookie } from "~/lib/auth/session.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { SessionAnswer } from "~/lib/api/team";
import type { Route } from "./+types/auth.login";

export const loader = () => api(async () => Promise.reject(errors.method()));

export function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") throw errors.method();
    const input = await readJson(request, loginSchema, 8 * 1024);
    const { member, token } = await signIn(request, context.ip, input);
    return json({ user: member } satisfies SessionAnswer, { headers: { "Set-Cookie": sessionCookie(token) } });
  });
}
