import type { Role, TwoFactorPolicy } from "~/lib/db/schema";
import { runtime } from "~/lib/runtime.server";

/** Who must have a second factor (decision 045); a site without the row asks no one. */
export async function loadTwoFactorPolicy(): Promise<TwoFactorPolicy> {
  const row = await runtime().db.kysely.selectFrom("two_factor_settings").select("policy").where("id", "=", "site").executeTakeFirst();
  return row?.policy ?? "none";
}

export async function saveTwoFactorPolicy(policy: TwoFactorPolicy): Promise<void> {
  const updated_at = new Date().toISOString();
  await runtime()
    .db.kysely.insertInto("two_factor_settings")
    .values({ id: "site", policy, updated_at })
    .onConflict((oc) => oc.column("id").doUpdateSet({ policy, updated_at }))
    .execute();
}

export function policyCovers(policy: TwoFactorPolicy, role: Role): boolean {
  return policy === "everyone" || (policy === "admins" && role === "admin");
}
