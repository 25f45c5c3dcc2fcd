import { useOutletContext } from "react-router";
import { ReviewsScreen } from "~/components/admin/reviews/ReviewsScreen";
import type { AdminUser } from "~/lib/api/team";
import { canPublishContent } from "~/lib/auth/can";

export function meta() {
  return [{ title: "À relire | Archimed" }];
}

export default function ReviewsRoute() {
  const me = useOutletContext<AdminUser>();
  if (!canPublishContent(me))
    return (
      <p className="rounded-xl border border-amber-300 bg-amber-50 p-4" role="alert">
        La relecture est faite par les éditeurs et les administrateurs : vos demandes apparaissent sur vos pages.
      </p>
    );
  return <ReviewsScreen />;
}
