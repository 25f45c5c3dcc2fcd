import { redirect, useLoaderData, type ClientLoaderFunctionArgs } from "react-router";
import { EditorScreen } from "~/components/admin/builder/EditorScreen";
import { Spinner } from "~/components/admin/Spinner";
import { ApiClientError } from "~/lib/admin/api-client";
import { pagesApi } from "~/lib/api/client";
import { sameSitePath } from "~/lib/document/url";

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
  return <EditorScreen draft={draft} returnTo={returnTo} />;
}
