import { designApi } from "~/lib/api/client";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { AdminDocument } from "~/components/admin/AdminDocument";
import { DesignEditor } from "~/components/admin/design/DesignEditor";
import { canEditDesign } from "~/lib/auth/can";

export function meta() {
  return [{ title: "Design du site | Archimed" }];
}

/** Admins edit the site's colours, type scale, spacing, radii and button styles (issue 11). */
export default function DesignPage() {
  const me = useOutletContext<AdminUser>();

  return (
    <section data-testid="design-page">
      <h1 className="text-3xl font-extrabold">Design du site</h1>
      <p className="mt-2 max-w-prose text-neutral-700">
        Les couleurs, les tailles de texte, les espacements et les boutons de tout le site. Les pages qui les utilisent changent toutes ensemble, après
        « Publier ».
      </p>
      <AdminDocument
        allowed={canEditDesign(me)}
        refusal={<>Action réservée aux administrateurs. Le design s'applique à toutes les pages du site : demandez à un administrateur de l'équipe.</>}
        load={designApi.get}
      >
        {(view) => <DesignEditor initial={view} />}
      </AdminDocument>
    </section>
  );
}
