import { useOutletContext } from "react-router";
import { ActivityScreen } from "~/components/admin/activity/ActivityScreen";
import type { AdminUser } from "~/lib/api/team";
import { canReadActivityLog } from "~/lib/auth/can";

export function meta() {
  return [{ title: "Journal d'activité | Archimed" }];
}

export default function ActivityRoute() {
  const me = useOutletContext<AdminUser>();
  if (!canReadActivityLog(me))
    return (
      <p className="rounded-xl border border-amber-300 bg-amber-50 p-4" role="alert">
        Le journal d'activité est réservé aux administrateurs.
      </p>
    );
  return <ActivityScreen />;
}
