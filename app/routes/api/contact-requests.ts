import { requireTeamMember } from "~/lib/auth/permissions.server";
import { contactListQuerySchema } from "~/lib/contact/admin-schemas";
import { contactCsv, listContactRequests } from "~/lib/contact/contact.server";
import { api, errors, json } from "~/lib/http/api.server";
import type { Route } from "./+types/contact-requests";

/** The "Demandes" list for team members: search, filter by status, CSV export (?format=csv). */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = contactListQuerySchema.safeParse({ ...params, q: params.q || undefined, status: params.status || undefined });
    if (!parsed.success) throw errors.invalid(parsed.error.issues[0]?.message ?? "paramètres invalides");
    const { q, status, format } = parsed.data;
    const requests = await listContactRequests({ q, status, limit: format === "csv" ? 10_000 : 500 });
    if (format === "csv") {
      const day = new Date().toISOString().slice(0, 10);
      return new Response(contactCsv(requests), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="demandes-${day}.csv"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    return json({ requests });
  });
}

export function action() {
  return api(async () => {
    throw errors.method();
  });
}
