import type { z } from "zod";
import type { Permission } from "~/lib/auth/can";
import { requirePermission, requireTeamMember, type Signed } from "~/lib/auth/permissions.server";
import { unsafeTextReason } from "~/lib/text/safe-text";
import { api, errors, refusalError } from "./api.server";
import { checkWith } from "./json-body";

/**
 * One declaration per API route: the methods it answers and who may call each (a named permission of
 * can.ts, or "public" for the few routes visitors use). The member is checked before the method (a
 * stranger learns nothing about what a member URL accepts: 401, then 405), every query parameter goes
 * through the safe-text rule of bodies before any handler runs, and every answer goes through api() (the
 * one error shape). Decision record 030 (with the "add an endpoint" checklist).
 *
 *   const handlers = endpoint<Route.LoaderArgs>({
 *     GET: { permission: "editContent", handle: ({ request }) => { const q = queryOf(request, listQuerySchema); … } },
 *     DELETE: { permission: "deletePage", handle: ({ params, signed }) => … },
 *   });
 *   export const loader = handlers.loader; // React Router removes named exports, not destructured ones
 *   export const action = handlers.action;
 */
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
interface BaseArgs {
  request: Request;
}

/** A query string longer than this is not a search anyone typed (the longest filter is 200 characters). */
export const MAX_QUERY_LENGTH = 4096;

type MemberEntry<A> = { permission: Permission; handle: (args: A & { signed: Signed }) => Promise<Response> };
/** Open to visitors (sign-in, contact form, consent, page-view beacon): said here, never by skipping endpoint(). */
type PublicEntry<A> = { permission: "public"; handle: (args: A & { signed: null }) => Promise<Response> };
type Entry<A> = MemberEntry<A> | PublicEntry<A>;
type EndpointSpec<A> = Partial<Record<Method, Entry<A>>>;

/** The mark endpoint() leaves on the loader and action it returns (the route-table test reads it). */
export const ENDPOINT = Symbol.for("archimed.endpoint");
export interface EndpointMark {
  methods: Method[];
  access: Partial<Record<Method, Permission | "public">>;
}
export type EndpointHandler<A> = ((args: A) => Promise<Response>) & { [ENDPOINT]: EndpointMark };

export function endpointMark(fn: unknown): EndpointMark | null {
  if (typeof fn !== "function") return null;
  const marked = fn as { [ENDPOINT]?: EndpointMark };
  return marked[ENDPOINT] ?? null;
}

/** The query string as flat text, refused (400, French) when it breaks the safe-text rule or is too long. */
function checkedQuery(request: Request): Record<string, string> {
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_LENGTH) throw errors.invalid(`paramètres — ${MAX_QUERY_LENGTH} caractères au plus`);
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    const keyReason = unsafeTextReason(key);
    if (keyReason) throw errors.invalid(`nom de paramètre — ${keyReason}`);
    const reason = unsafeTextReason(value);
    if (reason) throw errors.invalid(`${key.slice(0, 40)} — ${reason}`);
    out[key] = value;
  }
  return out;
}

/** The query string checked against `schema` (every value a string), with the same French refusals as bodies. */
export function queryOf<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = checkWith(schema, checkedQuery(request));
  if (!parsed.ok) throw refusalError(parsed.refusal);
  return parsed.data;
}

export function endpoint<A extends BaseArgs>(spec: EndpointSpec<A>) {
  const isPublic = METHODS.some((m) => spec[m]?.permission === "public");
  const serve = (args: A) =>
    api(async () => {
      const method = args.request.method.toUpperCase();
      const entry = spec[(method === "HEAD" ? "GET" : method) as Method];
      if (!entry) {
        // A member route tells a stranger nothing (401 first); a visitor route has nothing to hide.
        if (!isPublic) await requireTeamMember(args.request);
        throw errors.method();
      }
      if (entry.permission === "public") {
        checkedQuery(args.request);
        return entry.handle({ ...args, signed: null });
      }
      const signed = await requirePermission(args.request, entry.permission);
      checkedQuery(args.request);
      return entry.handle({ ...args, signed });
    });
  const mark: EndpointMark = {
    methods: METHODS.filter((m) => spec[m]),
    access: Object.fromEntries(METHODS.flatMap((m) => (spec[m] ? [[m, spec[m].permission]] : []))),
  };
  const handler: EndpointHandler<A> = Object.assign(serve, { [ENDPOINT]: mark });
  return { loader: handler, action: handler };
}
