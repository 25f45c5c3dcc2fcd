import { BackupsScreen } from "~/components/admin/backups/BackupsScreen";

export function meta() {
  return [{ title: "Sauvegardes | Archimed" }];
}

export default function BackupsRoute() {
  return <BackupsScreen />;
}
