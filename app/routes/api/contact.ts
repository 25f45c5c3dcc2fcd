import { handleContact, contactJson } from "~/lib/contact/http.server";
import { api, errors } from "~/lib/http/api.server";
import type { Route } from "./+types/contact";

/** The contact form sent by the page's script (JSON); without JavaScript the form posts to the page itself. */
export function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") throw errors.method();
    const { failure, storeMs } = await handleContact(request, context.ip, "json");
    return contactJson(failure, storeMs);
  });
}

export function loader() {
  return api(async () => {
    throw errors.method();
  });
}
