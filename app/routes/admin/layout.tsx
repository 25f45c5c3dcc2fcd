import { Outlet, redirect, useLoaderData, useMatches } from "react-router";
import { AdminBar } from "~/components/admin/AdminBar";
import { Spinner } from "~/components/admin/Spinner";
import { ApiClientError } from "~/lib/admin/api-client";
import { authApi } from "~/lib/api/client";
import { setSiteTimeZone } from "~/lib/admin/site-zone";

/**
 * Route guard of the back-office (seed 000 §2): a spinner while the session is read, then the page or
 * /admin/login. Only a convenience: every API call checks the session on the server.
 */
export async function clientLoader() {
  try {
    const { user, timeZone } = await authApi.session();
    if (!user) throw redirect("/admin/login");
    setSiteTimeZone(timeZone);
    return { user };
  } catch (e) {
    if (e instanceof ApiClientError || e instanceof TypeError) throw redirect("/admin/login");
    throw e;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Spinner label="Vérification de la session…" />;
}

export function meta() {
  return [{ title: "Back-office | Archimed" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof clientLoader>();
  // The builder is a full-screen overlay: the admin bar behind it would only add invisible tab stops.
  const fullscreen = useMatches().some((m) => (m.handle as { fullscreen?: boolean } | undefined)?.fullscreen);
  if (fullscreen) return <Outlet context={user} />;
  // The back-office is drawn light whatever theme the member chose on the public site: the dark theme's
  // color-scheme would otherwise draw its checkboxes, date fields and scroll bars dark on light cards.
  return (
    <div lang="fr" className="min-h-screen bg-neutral-50 text-ink [color-scheme:light]">
      <AdminBar user={user} />
      <main className="mx-auto max-w-[1280px] px-5 pb-16 pt-20 md:px-8" id="main">
        <Outlet context={user} />
      </main>
    </div>
  );
}
