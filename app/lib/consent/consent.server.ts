import { randomUUID } from "node:crypto";
import { z } from "zod";
import { runtime } from "~/lib/runtime.server";

/** POST /api/consent: the visitor's choice. The IP comes from the connection, never from the body. */
export const consentInputSchema = z.object({ accepted: z.boolean() }).strict();

interface ConsentRow {
  ip_address: string;
  accepted: boolean;
  created_at: string;
}

export async function insertConsent(ip: string, accepted: boolean, now = new Date()): Promise<void> {
  await runtime()
    .db.kysely.insertInto("gdpr_consents")
    .values({ id: randomUUID(), ip_address: ip.slice(0, 45), accepted: accepted ? 1 : 0, created_at: now.toISOString() })
    .execute();
}

/** Latest first (seed 000 §7 call 8), bounded: the panel shows recent ones, not the whole history. */
export async function latestConsents(limit: number): Promise<ConsentRow[]> {
  const rows = await runtime()
    .db.kysely.selectFrom("gdpr_consents")
    .select(["ip_address", "accepted", "created_at"])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ip_address: r.ip_address, accepted: Number(r.accepted) === 1, created_at: r.created_at }));
}
