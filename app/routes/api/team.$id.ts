import { activityBy } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import type { MemberAnswer } from "~/lib/api/team";
import { changeRoleSchema } from "~/lib/auth/team-schemas";
import { changeRole, findTeamMemberById, removeTeamMember, TeamRuleError } from "~/lib/auth/team.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/team.$id";

async function target(id: string) {
  const member = id.length <= 64 ? await findTeamMemberById(id) : null;
  if (!member) throw errors.notFound("Membre");
  return member;
}

/** The team's rules (team.server.ts) as API answers: 409 for the last admin or oneself, 404 for someone already gone. */
function teamRule(e: unknown): never {
  if (e instanceof TeamRuleError) throw e.code === "not_found" ? errors.notFound("Membre") : errors.conflict(e.message);
  throw e;
}

/** PATCH changes the role, DELETE removes the member; both end that person's sessions at once. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "manageTeam", handle: async ({ params }) => json({ member: await target(params.id) } satisfies MemberAnswer) },
  PATCH: {
    permission: "manageTeam",
    handle: async ({ request, params, signed, context }) => {
      const member = await target(params.id);
      const { role } = await readJson(request, changeRoleSchema);
      const changed = await changeRole(member, role).catch(teamRule);
      await activityBy(signed, context)("team.role", { target: { type: "member", id: member.id, label: member.email }, detail: `${member.role} → ${role}` });
      return json({ member: changed } satisfies MemberAnswer);
    },
  },
  DELETE: {
    permission: "manageTeam",
    handle: async ({ params, signed, context }) => {
      const member = await target(params.id);
      await removeTeamMember(member, signed.member).catch(teamRule);
      await activityBy(signed, context)("team.remove", { target: { type: "member", id: member.id, label: member.email } });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
