import type { SavedSectionAnswer, SavedSectionsAnswer } from "~/lib/api/saved-sections";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { SAVED_SECTION_LIMITS, saveSectionSchema } from "~/lib/saved-sections/saved-section-schemas";
import { createSavedSection, listSavedSections } from "~/lib/saved-sections/saved-sections.server";
import type { Route } from "./+types/saved-sections";

const handlers = endpoint<Route.LoaderArgs>({
  /** The library of saved sections, newest first (the builder's palette). */
  GET: { permission: "editContent", handle: async () => json({ sections: await listSavedSections() } satisfies SavedSectionsAnswer) },
  /** "Enregistrer comme modèle": { name, block }, the block checked and sanitized as a draft is. */
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, saveSectionSchema, SAVED_SECTION_LIMITS.body);
      const section = await createSavedSection(input.name, input.block, signed.member.email);
      return json({ section } satisfies SavedSectionAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
