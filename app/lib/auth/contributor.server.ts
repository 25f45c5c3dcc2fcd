import { ApiError } from "~/lib/http/api.server";
import { runtime } from "~/lib/runtime.server";
import { can } from "./can";
import type { Signed } from "./permissions.server";

/**
 * An article's title, address, excerpt and cover are live the moment they are saved (they are not part of
 * the draft document). A member who may not publish therefore may not change them on a language visitors
 * can see or that is scheduled: the contributor asks for a review of the body instead (issue 25 §1).
 */
export async function assertMayChangeLiveFields(signed: Signed, pageId: string, langs: string[]): Promise<void> {
  if (can(signed.member, "publishContent") || langs.length === 0) return;
  const live = await runtime()
    .db.kysely.selectFrom("page_translations")
    .select("lang")
    .where("page_id", "=", pageId)
    .where("lang", "in", langs as ("fr" | "en")[])
    .where((eb) => eb.or([eb("published_at", "is not", null), eb("publish_at", "is not", null)]))
    .execute();
  if (live.length > 0)
    throw new ApiError(
      403,
      "forbidden",
      `Un contributeur ne modifie pas le titre, l'adresse ou le résumé d'un article publié ou programmé (${live.map((r) => r.lang.toUpperCase()).join(", ")}) : demandez une relecture.`,
    );
}
