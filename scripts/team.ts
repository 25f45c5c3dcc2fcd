// Team management from the shell (README): npm run team -- <command>
//   list
//   add <email> --role admin|editor|contributor [--password <pw>]     (a password is generated and printed when omitted)
//   reset-password <email> [--password <pw>]
//   set-role <email> admin|editor|contributor
//   remove <email>
//   reset-2fa <email>                                      (removes the second factor: a lost device, decision 045)
import { generatePassword } from "~/lib/auth/password.server";
import { addMemberSchema, PASSWORD_MIN } from "~/lib/auth/team-schemas";
import { addTeamMember, changeRole, findTeamMember, listTeam, removeTeamMember, resetPassword, ROLES, TeamRuleError } from "~/lib/auth/team.server";
import { resetMemberSecondFactor } from "~/lib/auth/team-two-factor.server";
import { openRuntime, shutdown } from "~/lib/boot.server";
import type { Role } from "~/lib/db/schema";

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(`Erreur : ${message}`);
  process.exit(2);
}

function checkedRole(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value)) fail("rôle attendu : admin, editor ou contributor");
  return value as Role;
}

function checkedPassword(value: string | undefined): { password: string; generated: boolean } {
  if (value === undefined) return { password: generatePassword(), generated: true };
  if (value.length < PASSWORD_MIN) fail(`le mot de passe doit faire au moins ${PASSWORD_MIN} caractères`);
  return { password: value, generated: false };
}

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  const args = [email, ...rest].filter((a): a is string => a !== undefined);
  await openRuntime();
  let ruleBroken: string | null = null;
  try {
    switch (command) {
      case "list": {
        for (const m of await listTeam()) console.log(`${m.email}\t${m.role}\tdernière connexion : ${m.last_login ?? "jamais"}`);
        break;
      }
      case "add": {
        if (!email || email.startsWith("--")) fail("usage : add <email> --role admin|editor|contributor [--password <mot de passe>]");
        // The same rule as the team page: nobody could ever sign in with a malformed address.
        if (!addMemberSchema.shape.email.safeParse(email).success) fail(`adresse e-mail invalide : ${email}`);
        const role = checkedRole(option(args, "role"));
        const { password, generated } = checkedPassword(option(args, "password"));
        const m = await addTeamMember(email, role, password);
        console.log(`Membre ajouté : ${m.email} (${m.role})`);
        if (generated) console.log(`Mot de passe : ${password}`);
        break;
      }
      case "reset-password": {
        if (!email) fail("usage : reset-password <email> [--password <mot de passe>]");
        const { password, generated } = checkedPassword(option(args, "password"));
        if (!(await resetPassword(email, password))) fail(`aucun compte pour ${email}`);
        console.log(`Mot de passe réinitialisé pour ${email}; ses sessions sont fermées.`);
        if (generated) console.log(`Mot de passe : ${password}`);
        break;
      }
      case "set-role": {
        const member = email ? await findTeamMember(email) : null;
        if (!member) fail(`aucun membre ${email ?? ""}`);
        const m = await changeRole(member, checkedRole(rest[0]));
        console.log(`Rôle de ${m.email} : ${m.role}`);
        break;
      }
      case "remove": {
        const member = email ? await findTeamMember(email) : null;
        if (!member) fail(`aucun membre ${email ?? ""}`);
        await removeTeamMember(member);
        console.log(`${member.email} retiré de l'équipe.`);
        break;
      }
      case "reset-2fa": {
        const member = email ? await findTeamMember(email) : null;
        if (!member) fail(`aucun membre ${email ?? ""}`);
        await resetMemberSecondFactor(member.email, "ligne de commande");
        console.log(`Double authentification réinitialisée pour ${member.email}.`);
        break;
      }
      default:
        fail(
          "commandes : list | add <email> --role admin|editor|contributor [--password …] | reset-password <email> [--password …] | set-role <email> <rôle> | remove <email> | reset-2fa <email>",
        );
    }
  } catch (e) {
    // The team's rules (at least one admin) are the API's too: said as plainly here.
    if (!(e instanceof TeamRuleError)) throw e;
    ruleBroken = e.message;
  } finally {
    await shutdown();
  }
  if (ruleBroken) fail(ruleBroken);
}

await main();
