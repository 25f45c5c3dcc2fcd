import { SchedulerScreen } from "~/components/admin/blog/SchedulerScreen";

export function meta() {
  return [{ title: "Articles | Archimed" }];
}

export default function BlogSchedulerRoute() {
  return <SchedulerScreen />;
}
