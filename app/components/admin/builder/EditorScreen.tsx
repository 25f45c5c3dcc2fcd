import { useNavigate } from "react-router";
import { z } from "zod";
import { BuilderErrorBoundary } from "./BuilderErrorBoundary";
import { BuilderScreen } from "./BuilderScreen";
import { NarrowScreenNotice } from "./NarrowScreenNotice";
import type { DraftView } from "~/lib/api/pages";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { dropInvalidStyleValues } from "~/lib/elements/style-values";

type Draft = DraftView;

/** The builder over a page's draft; below 1024 px a notice instead (the builder needs the width). */
export function EditorScreen({ draft, returnTo }: { draft: Draft; returnTo: string | null }) {
  const navigate = useNavigate();
  return (
    <>
      <NarrowScreenNotice returnTo={returnTo} />
      {/* Below 1024 px the notice replaces the builder (display: none takes it out of the tab order too). */}
      <div className="max-lg:hidden" data-testid="builder-wide-only">
        <BuilderErrorBoundary>
          {/* An article is published from its editor (issue 20 §2): Fermer goes back there, and the builder has no Publier of its own. */}
          <Builder
            draft={draft}
            onClose={() =>
              returnTo ? window.location.assign(returnTo) : navigate(draft.kind === "article" ? `/admin/blog/edit/${draft.pageId}` : "/admin/archimed-pages")
            }
          />
        </BuilderErrorBoundary>
      </div>
    </>
  );
}

/** The error screen is French: so are the schema's own messages in its details. */
const FRENCH_ISSUES = z.locales.fr().localeError;

function Builder({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  // A draft the server could not read comes back empty: editing it would silently replace the stored one.
  if (draft.readError) throw new Error(`Le brouillon enregistré de cette page est illisible : ${draft.readError}`);
  // Only documents the server would accept are edited; anything else is a rendering failure, shown as such.
  // Style values a save now refuses, stored before the rule, were ignored by the browser: left out, the
  // page looks the same and opens (style-values.ts); the next save stores it clean.
  const parsed = pageDocumentSchema.safeParse(dropInvalidStyleValues(draft.doc), { error: FRENCH_ISSUES });
  if (!parsed.success) throw new Error(`Le brouillon de cette page est illisible : ${parsed.error.issues[0]?.message ?? "format inattendu"}`);
  return (
    <BuilderScreen
      key={`${draft.pageId}:${draft.lang}`}
      page={{ pageId: draft.pageId, lang: draft.lang }}
      title={draft.title}
      path={draft.path}
      doc={parsed.data}
      version={draft.version}
      media={draft.media}
      publication={{
        publishedAtOpen: draft.status === "published",
        otherLang: draft.otherLang ?? null,
        titleIsH1: draft.kind === "article",
        title: draft.title,
        description: draft.description,
        publishRules: draft.publishRules,
      }}
      onClose={onClose}
      publishHere={draft.kind !== "article"}
    />
  );
}
