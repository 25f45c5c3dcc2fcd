import { requirePermission } from "~/lib/auth/permissions.server";
import { generatePassword } from "~/lib/auth/password.server";
import { addMemberSchema } from "~/lib/auth/team-schemas";
import { addTeamMember, listTeam } from "~/lib/auth/team.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { CreatedMemberAnswer, MembersAnswer } from "~/lib/api/team";
import type { Route } from "./+types/team";

export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requirePermission(request, "manageTeam");
    return json({ members: await listTeam() } satisfies MembersAnswer);
  });
}

/** Adds a member; without a password one is generated and returned once. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    await requirePermission(request, "manageTeam");
    if (request.method !== "POST") throw errors.method();
    const input = await readJson(request, addMemberSchema);
    const password = input.password ?? generatePassword();
    try {
      const member = await addTeamMember(input.email, input.role, password);
      return json({ member, ...(input.password ? {} : { password }) } satisfies CreatedMemberAnswer, { status: 201 });
    } catch (e) {
      if (e instanceof Error && e.message === "already_member") throw errors.conflict("Cette personne fait déjà partie de l'équipe.");
      throw e;
    }
  });
}
