import { structureApi } from "~/lib/api/client";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { AdminDocument } from "~/components/admin/AdminDocument";
import { StructureEditor } from "~/components/admin/structure/StructureEditor";
import { canEditSiteStructure } from "~/lib/auth/can";

export function meta() {
  return [{ title: "Structure du site | Archimed" }];
}

/** Admins edit the menu, the footer, the contact settings and the pages' titles and addresses (issue 14). */
export default function SiteStructurePage() {
  const me = useOutletContext<AdminUser>();

  return (
    <section data-testid="site-structure-page">
      <h1 className="text-3xl font-extrabold">Structure du site</h1>
      <AdminDocument
        allowed={canEditSiteStructure(me)}
        refusal={
          <>
            Action réservée aux administrateurs. Le menu, le pied de page, les coordonnées et les adresses des pages s'appliquent à tout le site : demandez à un
            administrateur de l'équipe.
          </>
        }
        load={structureApi.get}
      >
        {(view) => <StructureEditor initial={view} />}
      </AdminDocument>
    </section>
  );
}
