import { designApi } from "~/lib/api/client";
import { useEffect, useState } from "react";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { DesignEditor } from "~/components/admin/design/DesignEditor";
import { canEditDesign } from "~/lib/auth/can";
import type { DesignView } from "~/lib/design/view";

export function meta() {
  return [{ title: "Design du site | Archimed" }];
}

/** Admins edit the site's colours, type scale, spacing, radii and button styles (issue 11). */
export default function DesignPage() {
  const me = useOutletContext<AdminUser>();
  const [view, setView] = useState<DesignView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!canEditDesign(me)) return;
    designApi.get().then(setView, (e: unknown) => setError(e instanceof Error ? e.message : "Erreur de chargement."));
  }, [me]);

  return (
    <section data-testid="design-page">
      <h1 className="text-3xl font-extrabold">Design du site</h1>
      <p className="mt-2 max-w-prose text-neutral-700">
        Les couleurs, les tailles de texte, les espacements et les boutons de tout le site. Les pages qui les utilisent changent toutes ensemble, après «
        Publier ».
      </p>
      {!canEditDesign(me) ? (
        <p className="mt-4 rounded-lg border border-neutral-200 bg-white p-5" role="alert">
          Action réservée aux administrateurs. Le design s'applique à toutes les pages du site : demandez à un administrateur de l'équipe.
        </p>
      ) : error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : view === null ? (
        <p className="mt-6" role="status">
          Chargement…
        </p>
      ) : (
        <DesignEditor initial={view} />
      )}
    </section>
  );
}
