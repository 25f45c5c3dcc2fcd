import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import appCss from "./app.css?url";
import "~/lib/i18n/all-messages";
import { translator } from "~/lib/i18n/messages";
import { languageFromPath } from "~/lib/i18n/routes";
import { THEME_SCRIPT } from "~/lib/theme";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";
import type { Route } from "./+types/root";
import { clientEntry, routerPreloads } from "~/lib/runtime.server";
import { adminPrefetchUrls, prefetchScript } from "~/lib/admin/prefetch";
import "~/lib/http/context";
import { headDesignFor } from "~/lib/content/design.server";
import type { LeadImage } from "~/components/public/lead-image";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appCss }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // The site's published design settings as CSS variables (issue 11): inline, from memory, no request.
  // A member editing the design sees its draft with `?design=draft` (the design screen's preview of real pages).
  const { css: designCss, themeColor, fontPreloads, ordinalsPreload, icon } = await headDesignFor(request);
  return {
    entry: clientEntry(),
    nonce: context.nonce,
    routerPreloads: routerPreloads(),
    prefetch: adminPrefetchUrls(new URL(request.url)),
    designCss,
    themeColor,
    fontPreloads,
    ordinalsPreload,
    // The favicon in the published brand colours; the static yellow one stands in without it (decision 052).
    iconHref: icon.href,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = languageFromPath(useLocation().pathname);
  const matches = useMatches();
  const publicPage = matches.find((m) => (m.handle as { island?: boolean } | undefined)?.island);
  // Public pages are islands for visitors; a signed-in member's view hydrates with the router (admin bar).
  // What the public page's loader (routes/public/page.server.ts) returns that this layout reads.
  const pageData = publicPage?.data as { props?: { user?: unknown }; ordinals?: boolean; leadImage?: LeadImage | null } | undefined;
  const lead = pageData?.leadImage;
  const island = !!publicPage && !pageData?.props?.user;
  const rootData = useRouteLoaderData<typeof loader>("root");
  const entry = rootData?.entry;
  const nonce = rootData?.nonce;
  const prefetch = rootData?.prefetch ?? [];
  // A public page that writes a French ordinal (6ᵉ; its loader says so) preloads the text face's small ordinals
  // file (decision 056).
  const fontPreloads = [...(rootData?.fontPreloads ?? []), ...(pageData?.ordinals && rootData?.ordinalsPreload ? [rootData.ordinalsPreload] : [])];
  return (
    // The theme script sets the class before paint, so React must not fight it during hydration.
    <html lang={lang} className="light" data-theme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The page's lead image first (lead-image.ts): its request goes out before the typefaces'. */}
        {lead ? (
          <link
            rel="preload"
            as="image"
            href={lead.href}
            imageSrcSet={lead.srcset}
            imageSizes={lead.srcset ? lead.sizes : undefined}
            type={lead.type}
            fetchPriority="high"
          />
        ) : null}
        <meta name="theme-color" content={rootData?.themeColor ?? DEFAULT_DESIGN.colors.light.brand} />
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {prefetch.length ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: prefetchScript(prefetch) }} /> : null}
        <link rel="icon" href={rootData?.iconHref ?? "/favicon.svg"} type="image/svg+xml" />
        {/* The chosen typefaces' Latin files (one hashed URL each, the same the design's @font-face names): fetched
            with the first paint's requests instead of after the stylesheet is parsed. */}
        {fontPreloads.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <Meta />
        {island ? <link rel="stylesheet" href={appCss} /> : <Links />}
        {rootData?.designCss ? <style id="design-settings" dangerouslySetInnerHTML={{ __html: rootData.designCss }} /> : null}
        {island && entry ? <link rel="modulepreload" href={entry} /> : null}
        {!island ? rootData?.routerPreloads?.map((href) => <link key={href} rel="modulepreload" href={href} />) : null}
      </head>
      <body className="min-h-screen bg-[var(--surface)] text-[var(--text)] antialiased">
        {children}
        {island ? entry ? <script type="module" src={entry} /> : null : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const lang = languageFromPath(useLocation().pathname);
  const t = translator(lang);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand-yellow">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{status === 404 ? t("notFound.title") : t("error.title")}</h1>
      <p className="mt-2">{status === 404 ? t("notFound.text") : t("error.text")}</p>
      <a className="mt-6 inline-block underline" href={lang === "en" ? "/en" : "/"}>
        {t("notFound.home")}
      </a>
    </main>
  );
}
