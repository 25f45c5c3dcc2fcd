import { SecurityScreen } from "~/components/admin/security/SecurityScreen";

export function meta() {
  return [{ title: "Sécurité du compte | Archimed" }];
}

export default function SecurityRoute() {
  return <SecurityScreen />;
}
