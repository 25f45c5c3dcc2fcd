import type { StructureAnswer } from "~/lib/api/structure";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { saveStructureSchema, STRUCTURE_LIMITS } from "~/lib/structure/structure-schemas";
import { getStructureView, saveStructureDraft } from "~/lib/structure/structure.server";
import type { Route } from "./+types/site-structure";

const handlers = endpoint<Route.LoaderArgs>({
  /** The structure's draft, what is published, and the pages and articles entries can point to (admins). */
  GET: { permission: "editSiteStructure", handle: async () => json((await getStructureView()) satisfies StructureAnswer) },
  /** Saves the whole draft, based on the version read (a stale one is refused). */
  PUT: {
    permission: "editSiteStructure",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, saveStructureSchema, STRUCTURE_LIMITS.body);
      return json((await saveStructureDraft(input.structure, input.version, signed.member.email)) satisfies StructureAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
