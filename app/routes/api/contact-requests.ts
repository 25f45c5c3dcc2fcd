import type { ContactRequestsAnswer } from "~/lib/api/contact";
import { contactListQuerySchema } from "~/lib/contact/admin-schemas";
import { contactCsv, listContactRequests } from "~/lib/contact/contact.server";
import { download, errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/contact-requests";

/** The "Demandes" list for team members: search, filter by status, CSV export (?format=csv). */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "handleContactRequests",
    handle: async ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = contactListQuerySchema.safeParse({ ...params, q: params.q || undefined, status: params.status || undefined });
      if (!parsed.success) throw errors.invalid(parsed.error.issues[0]?.message ?? "paramètres invalides");
      const { q, status, format } = parsed.data;
      const requests = await listContactRequests({ q, status, limit: format === "csv" ? 10_000 : 500 });
      if (format !== "csv") return json({ requests } satisfies ContactRequestsAnswer);
      const day = new Date().toISOString().slice(0, 10);
      return download(contactCsv(requests), { type: "text/csv; charset=utf-8", name: `demandes-${day}.csv` });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
