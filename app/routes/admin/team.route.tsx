import { TeamScreen } from "~/components/admin/team/TeamScreen";

export function meta() {
  return [{ title: "Équipe | Archimed" }];
}

export default function TeamRoute() {
  return <TeamScreen />;
}
