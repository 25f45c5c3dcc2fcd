import type { OkAnswer } from "~/lib/api/common";
import type { PresenceAnswer } from "~/lib/api/presence";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { presenceActionSchema } from "~/lib/presence/presence-schemas";
import { beat, leave, openEditor, readOnly, takeOver } from "~/lib/presence/presence.server";
import type { Route } from "./+types/presence.$pageId";

/**
 * POST { action, tab, from? }: an editor tab opens a page or an article, beats, chooses read-only, takes
 * over or leaves (issue 25 §3, decision 049). Every member who edits drafts; the answer is what this tab
 * sees (does it hold the page, who does, who else has it open).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      if (params.pageId.length > 64) throw errors.notFound("Page");
      const input = await readJson(request, presenceActionSchema, 1024);
      const { pageId } = params;
      const member = signed.member;
      switch (input.action) {
        case "open":
          return json({ presence: await openEditor(pageId, input.tab, member) } satisfies PresenceAnswer);
        case "beat":
          return json({ presence: await beat(pageId, input.tab, member) } satisfies PresenceAnswer);
        case "read":
          return json({ presence: await readOnly(pageId, input.tab, member) } satisfies PresenceAnswer);
        case "take":
          return json({ presence: await takeOver(pageId, input.tab, member, input.from) } satisfies PresenceAnswer);
        case "leave":
          await leave(pageId, input.tab, member);
          return json({ ok: true } satisfies OkAnswer);
      }
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
