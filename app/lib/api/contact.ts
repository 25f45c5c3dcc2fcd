import type { Lang } from "~/lib/i18n/routes";

/** A request sent with the public contact form, as the "Demandes" screen shows it. */
export interface ContactRequestView {
  id: string;
  createdAt: string;
  lang: Lang;
  name: string;
  email: string;
  phone: string | null;
  business: string;
  message: string;
  offer: string | null;
  status: "new" | "done";
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
