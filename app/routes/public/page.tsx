import { useLoaderData } from "react-router";
import { AdminBar } from "~/components/admin/AdminBar";
import { PublicApp } from "~/components/public/PublicApp";
import { PUBLIC_DATA_ID } from "~/islands/public-data";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/page";
import { loadPublicPage } from "./page.server";

/**
 * Visitors' pages hydrate as an island, without React Router in the browser (see entry.client.tsx and
 * the root layout). A signed-in member's view hydrates through the router and carries the admin bar.
 */
export const handle = { island: true };

export async function loader({ request }: Route.LoaderArgs) {
  return loadPublicPage(request);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  const page = data?.props.page;
  if (!data || !page) {
    const en = data?.props.lang === "en";
    return [{ title: en ? "Page not found | Archimed" : "Page introuvable | Archimed" }, { name: "robots", content: "noindex" }];
  }
  return seoMeta({
    origin: data.origin,
    lang: page.lang,
    path: page.path,
    title: page.title,
    description: page.description,
    image: page.image,
    alternates: page.alternates,
    type: page.kind === "article" ? "article" : "website",
  });
}

/** JSON inside <script>: "<" is escaped so no content can close the tag. */
function serialize(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export default function PublicPageRoute() {
  const { props } = useLoaderData<typeof loader>();
  return (
    <>
      <div id={props.user ? undefined : "public-root"}>
        <PublicApp
          {...props}
          topBar={props.user ? <AdminBar user={props.user} builderHref={`/admin/archimed-editor?path=${encodeURIComponent(props.pathname)}`} /> : null}
        />
      </div>
      {props.user ? null : <script id={PUBLIC_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serialize(props) }} />}
    </>
  );
}
