import { loadDesignCss } from "~/lib/design/design.server";
import { requireTeamMember } from "~/lib/auth/permissions.server";
import { env } from "~/lib/env.server";
import { exportPageHtml, EXPORT_FILE_NAME } from "~/lib/export/export-html.server";
import { api, errors, readJson } from "~/lib/http/api.server";
import { exportSchema } from "~/lib/export/export-schema";
import { MAX_DOCUMENT_BYTES } from "~/lib/pages/page-schemas";
import { getDraft } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang.export";
import { pageParams } from "./pages-params.server";

export const loader = ({ request }: Route.LoaderArgs) =>
  api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });

/**
 * The site's address for the file's absolute media URLs: PUBLIC_URL when set, else the address the
 * editor is using (this POST's Origin, which the server has already checked is this site).
 */
function exportOrigin(request: Request): string {
  if (env().PUBLIC_URL) return env().publicUrl;
  const origin = request.headers.get("origin");
  return origin && /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(origin) ? origin : env().publicUrl;
}

/**
 * Exporter: the document the builder holds (saved or not) as a standalone HTML file. Validated and
 * sanitized as a save is; nothing is stored.
 */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const { id, lang } = pageParams(params);
    const input = await readJson(request, exportSchema, MAX_DOCUMENT_BYTES);
    const page = await getDraft(id, lang);
    const origin = exportOrigin(request);
    const html = exportPageHtml({ doc: input.doc, title: page.title, lang, origin, designCss: await loadDesignCss() });
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": `attachment; filename="${EXPORT_FILE_NAME}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
