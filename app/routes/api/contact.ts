import { contactJson, handleContact } from "~/lib/contact/http.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/contact";

/** The contact form sent by the page's script (JSON); without JavaScript the form posts to the page itself. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const { failure, storeMs } = await handleContact(request, context.ip, "json");
      return contactJson(failure, storeMs);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
