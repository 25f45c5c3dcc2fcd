import { structureApi } from "~/lib/api/client";
import { useEffect, useState } from "react";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { StructureEditor } from "~/components/admin/structure/StructureEditor";
import { canEditSiteStructure } from "~/lib/auth/can";
import type { StructureView } from "~/lib/structure/view";

export function meta() {
  return [{ title: "Structure du site | Archimed" }];
}

/** Admins edit the menu, the footer, the contact settings and the pages' titles and addresses (issue 14). */
export default function SiteStructurePage() {
  const me = useOutletContext<AdminUser>();
  const [view, setView] = useState<StructureView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!canEditSiteStructure(me)) return;
    structureApi.get().then(setView, (e: unknown) => setError(e instanceof Error ? e.message : "Erreur de chargement."));
  }, [me]);

  return (
    <section data-testid="site-structure-page">
      <h1 className="text-3xl font-extrabold">Structure du site</h1>
      {!canEditSiteStructure(me) ? (
        <p className="mt-4 rounded-lg border border-neutral-200 bg-white p-5" role="alert">
          Action réservée aux administrateurs. Le menu, le pied de page, les coordonnées et les adresses des pages s'appliquent à tout le site : demandez à un
          administrateur de l'équipe.
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
        <StructureEditor initial={view} />
      )}
    </section>
  );
}
