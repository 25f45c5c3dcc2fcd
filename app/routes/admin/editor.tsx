import { redirect, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { BuilderErrorBoundary } from "~/components/builder/BuilderErrorBoundary";
import { BuilderScreen } from "~/components/builder/BuilderScreen";
import { NarrowScreenNotice } from "~/components/builder/NarrowScreenNotice";
import { Spinner } from "~/components/admin/Spinner";
import { ApiClientError } from "~/lib/admin/api-client";
import { pagesApi } from "~/lib/api/client";
import type { DraftView } from "~/lib/api/pages";
import { pageDocumentSchema } from "~/lib/document/save-schema";
import { sameSitePath } from "~/lib/document/url";
import { dropInvalidStyleValues } from "~/lib/elements/style-values";

type Draft = DraftView;

/** Full screen: the admin layout leaves out its bar (see layout.tsx). */
export const handle = { fullscreen: true };

export function meta() {
  return [{ title: "Archimed Builder | Archimed" }];
}

/** /admin/archimed-editor?page=ID&lang=fr, or ?path=/offres (the admin bar's toggle over the page being viewed). */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  let pageId = url.searchParams.get("page");
  let lang = url.searchParams.get("lang");
  const path = url.searchParams.get("path");
  if (!pageId && path) {
    const found = await pagesApi.resolve(path).catch(() => null);
    if (!found) throw redirect("/admin/archimed-pages");
    pageId = found.pageId;
    lang = found.lang;
  }
  if (!pageId || (lang !== "fr" && lang !== "en")) throw redirect("/admin/archimed-pages");
  const { draft } = await pagesApi.draft(pageId, lang).catch((e: unknown) => {
    // A page deleted since the link was made (or a mistyped id): back to the list, like any bad parameter.
    if (e instanceof ApiClientError && e.status === 404) throw redirect("/admin/archimed-pages");
    throw e;
  });
  return { draft, returnTo: sameSitePath(path) };
}

export function HydrateFallback() {
  return <Spinner label="Ouverture du constructeur…" />;
}

export default function EditorRoute() {
  const { draft, returnTo } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  return (
    <>
      <NarrowScreenNotice returnTo={returnTo} />
      {/* Below 1024 px the notice replaces the builder (display: none takes it out of the tab order too). */}
      <div className="max-lg:hidden" data-testid="builder-wide-only">
        <BuilderErrorBoundary>
          <Builder draft={draft} onClose={() => (returnTo ? window.location.assign(returnTo) : navigate("/admin/archimed-pages"))} />
        </BuilderErrorBoundary>
      </div>
    </>
  );
}

/** The error screen is French: so are the schema's own messages in its details. */
const FRENCH_ISSUES = z.locales.fr().localeError;

function Builder({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  // A draft the server could not read comes back empty: editing it would silently replace the stored one.
  if (draft.readError) throw new Error(`Le brouillon enregistré de cette page est illisible : ${draft.readError}`);
  // Only documents the server would accept are edited; anything else is a rendering failure, shown as such.
  // Style values a save now refuses, stored before the rule, were ignored by the browser: left out, the
  // page looks the same and opens (style-values.ts); the next save stores it clean.
  const parsed = pageDocumentSchema.safeParse(dropInvalidStyleValues(draft.doc), { error: FRENCH_ISSUES });
  if (!parsed.success) throw new Error(`Le brouillon de cette page est illisible : ${parsed.error.issues[0]?.message ?? "format inattendu"}`);
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
    />
  );
}
