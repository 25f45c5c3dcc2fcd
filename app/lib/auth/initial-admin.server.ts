import type { Env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { generatePassword } from "./password.server";
import { addTeamMember, countTeam } from "./team.server";

const DEFAULT_ADMIN_EMAIL = "admin@archimed.local";

/**
 * First start with an empty team: one admin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * password printed once in the log (it is stored only as a hash).
 */
export async function ensureInitialAdmin(env: Env): Promise<void> {
  if ((await countTeam()) > 0) return;
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  try {
    await addTeamMember(email, "admin", password);
  } catch (e) {
    // Another server process sharing the database created it first.
    if ((await countTeam()) > 0) return;
    throw e;
  }
  if (env.ADMIN_PASSWORD) log.info(`administrateur initial créé : ${email}`);
  else
    console.log(
      `\n  Administrateur initial créé : ${email}\n  Mot de passe (affiché une seule fois) : ${password}\n  Changez-le avec : npm run team -- reset-password ${email}\n`,
    );
}
