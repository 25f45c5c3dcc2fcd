import { ContactRequestsScreen } from "~/components/admin/contact-requests/ContactRequestsScreen";

export function meta() {
  return [{ title: "Demandes | Archimed" }];
}

export default function ContactRequestsRoute() {
  return <ContactRequestsScreen />;
}
