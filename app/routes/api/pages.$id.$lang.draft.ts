import type { SavedAnswer } from "~/lib/api/pages";
import type { PageDocument } from "~/lib/document/schema";
import { documentJob } from "~/lib/pipeline/document-pool.server";
import { json, readJsonText, refusalError } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { MAX_DOCUMENT_BYTES } from "~/lib/pipeline/save-schema";
import { refuseUnlessHolder } from "~/lib/presence/presence.server";
import { saveCheckedDraft } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang.draft";
import { pageParams } from "./pages-params.server";

/** Saves the draft: validated against the schema, sanitized, validated again, refused when based on a stale version. */
const handlers = endpoint<Route.LoaderArgs>({
  PUT: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      const { id, lang } = pageParams(params);
      // Parsing, checking and sanitizing run in the document worker: a 2 MB draft never holds this thread.
      const checked = await documentJob({ kind: "save", text: await readJsonText(request, MAX_DOCUMENT_BYTES) });
      if (!checked.ok) throw refusalError(checked.refusal);
      // A tab that does not hold the page (read-only, or taken over) saves nothing (decision 049).
      await refuseUnlessHolder(request, id, signed.member);
      const saved = await saveCheckedDraft(id, lang, checked.draft, checked.version, checked.force, signed.member.email);
      return json({ ...saved, ...(checked.changed ? { doc: JSON.parse(checked.draft) as PageDocument } : {}) } satisfies SavedAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
