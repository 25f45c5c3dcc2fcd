import { publishedDesign } from "~/lib/content/design.server";
import { designCss } from "~/lib/design/css";
import { documentMediaUrls, mediaInfo } from "~/lib/content/pages.server";
import { env } from "~/lib/env.server";
import { exportPageHtml, EXPORT_FILE_NAME } from "~/components/export/export-html.server";
import { download, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { exportSchema } from "~/lib/export/export-schema";
import { MAX_DOCUMENT_BYTES } from "~/lib/pipeline/save-schema";
import { getDraft } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang.export";
import { pageParams } from "./pages-params.server";

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
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params }) => {
      const { id, lang } = pageParams(params);
      const input = await readJson(request, exportSchema, MAX_DOCUMENT_BYTES);
      const page = await getDraft(id, lang);
      const [design, media] = await Promise.all([publishedDesign(), mediaInfo(documentMediaUrls(input.doc))]);
      const html = exportPageHtml({
        doc: input.doc,
        title: page.title,
        lang,
        origin: exportOrigin(request),
        designCss: designCss(design),
        fonts: design.fonts,
        media,
      });
      return download(html, { type: "text/html; charset=utf-8", name: EXPORT_FILE_NAME });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
