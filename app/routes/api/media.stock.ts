import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { DEFAULT_CATEGORY } from "~/lib/media/media-schemas";
import { stockImportSchema, stockSearchSchema } from "~/lib/media/stock-schemas";
import { importStock, searchStock } from "~/lib/media/stock.server";
import type { Route } from "./+types/media.stock";

/** GET: search Unsplash (photos) or Pexels (videos) through the server; { configured: false } without a key. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const parsed = stockSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw errors.invalid(parsed.error.issues[0]?.message ?? "paramètres de recherche");
    return json(await searchStock(parsed.data.provider, parsed.data.q, parsed.data.page));
  });
}

/** POST { provider, id, category }: adds that stock item to the library, credited to its author. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const input = await readJson(request, stockImportSchema);
    return json({ item: await importStock(input.provider, input.id, input.category.trim() || DEFAULT_CATEGORY, member.email) }, { status: 201 });
  });
}
