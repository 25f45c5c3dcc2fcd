import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "~/lib/auth/can";
import { endpoint, endpointMark } from "~/lib/http/endpoint.server";
import routes from "~/routes";

/**
 * The API contract, checked on the modules themselves (not on their text: a comment or a string cannot
 * satisfy it): every route of app/routes.ts under /api, and every file of app/routes/api, exports a loader
 * AND an action that are the functions endpoint() returns (it marks them with a symbol), with a named
 * permission of can.ts or "public" for the few routes visitors use. A resource route outside /api (no
 * component) must have a loader: without one, a GET answers 400 with a stack in the log. Decision 030.
 */
interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Importing some sixty route modules (and what they import) takes seconds on a busy machine. */
const IMPORTS = 120_000;

const flatten = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
const ALL = flatten(routes as RouteEntry[]);
const APP = fileURLToPath(new URL("..", import.meta.url));

/** The routes visitors call without a session: anything else marked public is a mistake. */
const PUBLIC_ROUTES = [
  "api/auth/login",
  "api/auth/second-step",
  "api/auth/enrol-step",
  "api/auth/passkey-challenge",
  "api/auth/logout",
  "api/consent",
  "api/contact",
  "api/analytics/collect",
  "api/*",
];

type RouteModule = Record<string, unknown>;

/** What is wrong with an API route module (empty: nothing). */
function apiProblems(path: string, mod: RouteModule): string[] {
  const problems: string[] = [];
  for (const name of ["loader", "action"] as const) {
    const mark = endpointMark(mod[name]);
    if (!mark) {
      problems.push(`${path}: ${name} ${mod[name] ? "ne vient pas d'endpoint()" : "manquant"}`);
      continue;
    }
    for (const [method, access] of Object.entries(mark.access)) {
      if (access === "public" ? !PUBLIC_ROUTES.includes(path) : !(access in PERMISSIONS)) problems.push(`${path}: ${method} ouvert à « ${access} »`);
    }
  }
  if (mod.default) problems.push(`${path}: une route d'API n'a pas de composant`);
  return problems;
}

describe("the route table", () => {
  it("every route file under app/routes/api is in app/routes.ts", () => {
    const listed = new Set(ALL.map((r) => r.file));
    const files = readdirSync(`${APP}routes/api`).filter((f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((f) => !listed.has(`routes/api/${f}`))).toEqual([]);
  });

  it(
    "every /api route goes through endpoint() with a named permission, for both its loader and its action",
    async () => {
      const api = ALL.filter((r) => r.path?.startsWith("api/"));
      expect(api.length).toBeGreaterThan(40);
      const problems: string[] = [];
      for (const r of api) problems.push(...apiProblems(r.path!, (await import(/* @vite-ignore */ `../${r.file}`)) as RouteModule));
      expect(problems).toEqual([]);
    },
    IMPORTS,
  );

  it(
    "every resource route outside /api answers GET (a loader), so no method gets React Router's 400 and its stack",
    async () => {
      const problems: string[] = [];
      for (const r of ALL.filter((r) => !r.path?.startsWith("api/"))) {
        const mod = (await import(/* @vite-ignore */ `../${r.file}`)) as RouteModule;
        if (!mod.default && typeof mod.loader !== "function") problems.push(`${r.path ?? r.file}: pas de loader`);
      }
      expect(problems).toEqual([]);
    },
    IMPORTS,
  );

  it("the check refuses a hand-written handler, a missing action, a stray public entry and a permission not in can.ts", () => {
    const marked = endpoint<{ request: Request }>({ GET: { permission: "editContent", handle: () => Promise.resolve(new Response()) } });
    expect(apiProblems("api/x", { loader: marked.loader, action: marked.action })).toEqual([]);
    expect(apiProblems("api/x", { loader: () => new Response(), action: marked.action })).toEqual(["api/x: loader ne vient pas d'endpoint()"]);
    expect(apiProblems("api/x", { loader: marked.loader })).toEqual(["api/x: action manquant"]);
    const open = endpoint<{ request: Request }>({ POST: { permission: "public", handle: () => Promise.resolve(new Response()) } });
    expect(apiProblems("api/x", { loader: open.loader, action: open.action })).toHaveLength(2);
    expect(apiProblems("api/contact", { loader: open.loader, action: open.action })).toEqual([]);
    // A permission name typed past the compiler (a cast, a JavaScript file) is caught too.
    const odd = endpoint<{ request: Request }>(JSON.parse('{"GET":{"permission":"everyone"}}'));
    expect(apiProblems("api/x", { loader: odd.loader, action: odd.action })).toHaveLength(2);
  });
});
