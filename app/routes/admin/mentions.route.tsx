import { MentionsScreen } from "~/components/admin/mentions/MentionsScreen";

export function meta() {
  return [{ title: "Mentions | Archimed" }];
}

/** Every member's own mentions (decision 048): the layout has already checked the member. */
export default function MentionsRoute() {
  return <MentionsScreen />;
}
