import type { ReactNode } from "react";
import { useAdminList } from "~/lib/admin/use-admin-list";

/**
 * A back-office screen's document, loaded once (the design, the site structure): the refusal when the
 * member may not edit it (nothing is loaded then), the loading error, "Chargement…", then the editor,
 * which owns the document from there on (its saves answer with the new state; nothing reloads it).
 */
export function AdminDocument<T>({
  allowed,
  refusal,
  load,
  children,
}: {
  allowed: boolean;
  refusal: ReactNode;
  load: () => Promise<T>;
  children: (data: T) => ReactNode;
}) {
  const { data, error } = useAdminList(async () => (allowed ? load() : null), [allowed]);
  if (!allowed)
    return (
      <p className="mt-4 rounded-lg border border-neutral-200 bg-white p-5" role="alert">
        {refusal}
      </p>
    );
  if (error)
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">
        {error}
      </p>
    );
  if (data === null)
    return (
      <p className="mt-6" role="status">
        Chargement…
      </p>
    );
  return children(data);
}
