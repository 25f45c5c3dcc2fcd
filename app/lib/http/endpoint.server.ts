import type { Permission } from "~/lib/auth/can";
import { requirePermission, requireTeamMember, type Signed } from "~/lib/auth/permissions.server";
import { api, errors } from "./api.server";

/**
 * One declaration per API route: the methods it answers and the permission each needs. The member is
 * checked before the method (a stranger learns nothing about what a URL accepts: 401, then 405), and
 * every answer goes through api() (the one error shape).
 *
 *   const handlers = endpoint<Route.LoaderArgs>({
 *     GET: { permission: "editContent", handle: ({ params }) => … },
 *     DELETE: { permission: "deletePage", handle: ({ params, signed }) => … },
 *   });
 *   export const loader = handlers.loader; // React Router removes named exports, not destructured ones
 *   export const action = handlers.action;
 */
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface BaseArgs {
  request: Request;
}
type Entry<A> = { permission: Permission; handle: (args: A & { signed: Signed }) => Promise<Response> };
type EndpointSpec<A> = Partial<Record<Method, Entry<A>>>;

export function endpoint<A extends BaseArgs>(spec: EndpointSpec<A>) {
  const serve = (args: A) =>
    api(async () => {
      const method = args.request.method.toUpperCase();
      const entry = spec[(method === "HEAD" ? "GET" : method) as Method];
      if (!entry) {
        await requireTeamMember(args.request);
        throw errors.method();
      }
      const signed = await requirePermission(args.request, entry.permission);
      return entry.handle({ ...args, signed });
    });
  return { loader: serve, action: serve };
}
