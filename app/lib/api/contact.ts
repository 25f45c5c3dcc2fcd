import type { ContactRequestsTable } from "~/lib/db/schema";
import type { Lang } from "~/lib/i18n/routes";

/**
 * A request sent with the public contact form, as the "Demandes" screen shows it: the row's own fields as
 * they are stored, the others in camelCase.
 */
export interface ContactRequestView extends Pick<ContactRequestsTable, "id" | "name" | "email" | "phone" | "business" | "message" | "offer" | "status"> {
  createdAt: string;
  lang: Lang;
  handledAt: string | null;
  handledBy: string | null;
  emailed: boolean;
}

export interface ContactRequestsAnswer {
  requests: ContactRequestView[];
}
export interface ContactRequestAnswer {
  request: ContactRequestView;
}
