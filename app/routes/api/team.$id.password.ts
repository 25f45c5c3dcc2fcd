import { requirePermission } from "~/lib/auth/permissions.server";
import { generatePassword } from "~/lib/auth/password.server";
import { resetPasswordSchema } from "~/lib/auth/team-schemas";
import { findTeamMemberById, resetPassword } from "~/lib/auth/team.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { PasswordResetAnswer } from "~/lib/api/team";
import type { Route } from "./+types/team.$id.password";

export const loader = () => api(async () => Promise.reject(errors.method()));

/** Sets a new password (generated and returned once when none is given) and ends the member's sessions. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    await requirePermission(request, "manageTeam");
    if (request.method !== "POST") throw errors.method();
    const member = params.id.length <= 64 ? await findTeamMemberById(params.id) : null;
    if (!member) throw errors.notFound("Membre");
    const input = await readJson(request, resetPasswordSchema);
    const password = input.password ?? generatePassword();
    if (!(await resetPassword(member.email, password))) throw errors.notFound("Compte");
    return json({ ok: true, ...(input.password ? {} : { password }) } satisfies PasswordResetAnswer);
  });
}
