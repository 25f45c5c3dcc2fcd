import { activityBy } from "~/lib/activity/record.server";
import type { CreatedMemberAnswer, MembersAnswer } from "~/lib/api/team";
import { generatePassword } from "~/lib/auth/password.server";
import { addMemberSchema } from "~/lib/auth/team-schemas";
import { addTeamMember, listTeam, TeamRuleError } from "~/lib/auth/team.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/team";

const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "manageTeam", handle: async () => json({ members: await listTeam() } satisfies MembersAnswer) },
  /** Adds a member; without a password one is generated and returned once. */
  POST: {
    permission: "manageTeam",
    handle: async ({ request, signed, context }) => {
      const input = await readJson(request, addMemberSchema);
      const password = input.password ?? generatePassword();
      try {
        const member = await addTeamMember(input.email, input.role, password);
        await activityBy(signed, context)("team.add", { target: { type: "member", id: member.id, label: member.email }, detail: `Rôle : ${member.role}` });
        return json({ member, ...(input.password ? {} : { password }) } satisfies CreatedMemberAnswer, { status: 201 });
      } catch (e) {
        if (e instanceof TeamRuleError) throw errors.conflict(e.message);
        throw e;
      }
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
