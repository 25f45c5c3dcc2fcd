import { activityBy } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import type { RedirectsAnswer } from "~/lib/api/redirects";
import { removeRedirectSchema } from "~/lib/content/redirect-schemas";
import { listRedirects, removeRedirect } from "~/lib/content/redirects.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/redirects";

/**
 * The former addresses of pages and articles (301). DELETE { fromPath } removes one on purpose, so that
 * another page or article may take that address (decision record 030).
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "editContent", handle: async () => json({ redirects: await listRedirects() } satisfies RedirectsAnswer) },
  DELETE: {
    permission: "publishContent",
    handle: async ({ request, signed, context }) => {
      const { fromPath } = await readJson(request, removeRedirectSchema, 2 * 1024);
      if (!(await removeRedirect(fromPath))) throw errors.notFound("Redirection");
      await activityBy(signed, context)("redirect.delete", { target: { type: "redirect", id: fromPath, label: fromPath } });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
