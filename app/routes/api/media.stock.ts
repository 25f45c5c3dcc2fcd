import type { MediaItemAnswer, StockSearchAnswer } from "~/lib/api/media";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import { DEFAULT_CATEGORY } from "~/lib/media/media-schemas";
import { stockImportSchema, stockSearchSchema } from "~/lib/media/stock-schemas";
import { importStock, searchStock } from "~/lib/media/stock.server";
import type { Route } from "./+types/media.stock";

const handlers = endpoint<Route.LoaderArgs>({
  /** Searches Unsplash (photos) or Pexels (videos) through the server; { configured: false } without a key. */
  GET: {
    permission: "editContent",
    handle: async ({ request }) => {
      const { provider, q, page } = queryOf(request, stockSearchSchema);
      return json((await searchStock(provider, q, page)) satisfies StockSearchAnswer);
    },
  },
  /** { provider, id, category }: adds that stock item to the library, credited to its author. */
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, stockImportSchema);
      const item = await importStock(input.provider, input.id, input.category.trim() || DEFAULT_CATEGORY, signed.member.email);
      return json({ item } satisfies MediaItemAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
