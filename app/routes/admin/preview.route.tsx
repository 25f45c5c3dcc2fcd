import { PreviewScreen } from "~/components/admin/builder/PreviewScreen";

/** Inside the builder's iframe only: the admin layout leaves out its bar. */
export const handle = { fullscreen: true };

export function meta() {
  return [{ title: "Aperçu | Archimed" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function PreviewRoute() {
  return <PreviewScreen />;
}
