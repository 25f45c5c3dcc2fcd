import { requirePermission } from "~/lib/auth/permissions.server";
import { changeRoleSchema } from "~/lib/auth/team-schemas";
import { changeRole, findTeamMemberById, removeTeamMember, TeamRuleError } from "~/lib/auth/team.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { MemberAnswer } from "~/lib/api/team";
import type { Route } from "./+types/team.$id";

async function target(id: string) {
  const member = id.length <= 64 ? await findTeamMemberById(id) : null;
  if (!member) throw errors.notFound("Membre");
  return member;
}

export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requirePermission(request, "manageTeam");
    return json({ member: await target(params.id) } satisfies MemberAnswer);
  });
}

/** The team's rules (team.server.ts) as API answers: 409 for the last admin, 404 for someone already gone. */
function teamRule(e: unknown): never {
  if (e instanceof TeamRuleError) throw e.code === "not_found" ? errors.notFound("Membre") : errors.conflict(e.message);
  throw e;
}

/** PATCH changes the role, DELETE removes the member; both end that person's sessions at once. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member: me } = await requirePermission(request, "manageTeam");
    const member = await target(params.id);
    const method = request.method.toUpperCase();
    if (method === "PATCH") {
      const { role } = await readJson(request, changeRoleSchema);
      return json({ member: await changeRole(member, role).catch(teamRule) } satisfies MemberAnswer);
    }
    if (method === "DELETE") {
      await removeTeamMember(member, me).catch(teamRule);
      return json({ ok: true });
    }
    throw errors.method();
  });
}
