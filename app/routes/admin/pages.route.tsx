import { PagesScreen } from "~/components/admin/pages/PagesScreen";

export function meta() {
  return [{ title: "Pages | Archimed" }];
}

export default function PagesRoute() {
  return <PagesScreen />;
}
