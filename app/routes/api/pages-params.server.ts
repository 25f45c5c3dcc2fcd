import { errors } from "~/lib/http/api.server";
import { langSchema } from "~/lib/pages/page-schemas";
import type { Lang } from "~/lib/i18n/routes";

/** Route params of the page API, checked before any query. */
export function pageParams(params: { id?: string; lang?: string }): { id: string; lang: Lang } {
  const lang = langSchema.safeParse(params.lang);
  if (!params.id || params.id.length > 64 || !lang.success) throw errors.notFound("Page");
  return { id: params.id, lang: lang.data };
}
