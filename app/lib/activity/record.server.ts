import type { Signed } from "~/lib/auth/permissions.server";
import { ApiError } from "~/lib/http/api.server";
import type { RequestContext } from "~/lib/http/context";
import { runtime } from "~/lib/runtime.server";
import type { ActivityAction } from "./actions";
import { recordActivity, type ActivityInput } from "./log.server";

type Fields = Omit<ActivityInput, "actor" | "action" | "ip">;

/**
 * The recorder a route hands its actions to: who (the signed member) and from where (the client's
 * address) are taken once, so a route says only what happened. Awaited by the route after the action
 * succeeded: the answer leaves once the line is written.
 */
export function activityBy(signed: Signed | null, context: Pick<RequestContext, "ip"> | undefined) {
  const actor = signed ? { id: signed.member.id, email: signed.member.email } : null;
  return (action: ActivityAction, fields: Fields = {}) => recordActivity({ ...fields, action, actor, ip: context?.ip ?? null });
}

/** A page or an article as the log names it: its kind and its title (the French one unless `lang`). */
export async function pageTarget(pageId: string, lang?: string) {
  const { db } = runtime();
  const page = await db.kysely.selectFrom("pages").select(["kind"]).where("id", "=", pageId).executeTakeFirst();
  const rows = await db.kysely.selectFrom("page_translations").select(["lang", "title"]).where("page_id", "=", pageId).execute();
  const title = (rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === "fr") ?? rows[0])?.title ?? null;
  return { type: page?.kind === "article" ? "article" : "page", id: pageId, label: title };
}

export async function mediaTarget(mediaId: string) {
  const { db } = runtime();
  const row = await db.kysely.selectFrom("media").select(["title"]).where("id", "=", mediaId).executeTakeFirst();
  return { type: "media", id: mediaId, label: row?.title ?? null };
}

/**
 * A refused sign-in (password or second step) as a line: the address tried when known, "refused" when the
 * throttle answered, the French refusal as the detail. The route rethrows the error itself.
 */
export function recordRefusedSignIn(e: unknown, from: { email?: string | null; ip: string }) {
  const throttled = e instanceof ApiError && e.status === 429;
  return recordActivity({
    actorEmail: from.email ?? null,
    action: "auth.sign_in",
    outcome: throttled ? "refused" : "failure",
    detail: e instanceof ApiError ? e.message : null,
    ip: from.ip,
  });
}
