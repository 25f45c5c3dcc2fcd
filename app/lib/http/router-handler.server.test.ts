import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { routerRequestHandler } from "./router-handler.server";

/** The smallest bundle React Router serves: a root route and one resource route. */
function bundle(): ServerBuild {
  return {
    entry: { module: { default: () => new Response("document", { status: 500 }) } },
    routes: {
      root: { id: "root", path: "", module: {} },
      ping: { id: "ping", parentId: "root", path: "ping", module: { loader: () => new Response("pong") } },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    future: {},
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    isSpaMode: false,
    ssr: true,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}

async function serveThrice(reload: boolean) {
  let loads = 0;
  const build = bundle();
  const { handle } = await routerRequestHandler(
    async () => {
      loads++;
      return build;
    },
    { reload, mode: reload ? "development" : "production" },
  );
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await (await handle(new Request("http://site.test/ping"))).text());
  return { loads, answers };
}

describe("routerRequestHandler", () => {
  it("without reload (the built bundle), loads it once and serves every request from it (no route tables derived per request)", async () => {
    expect(await serveThrice(false)).toEqual({ loads: 1, answers: ["pong", "pong", "pong"] });
  });

  it("with reload (Vite's development server), loads the bundle again for each request, so that a rebuilt module is served", async () => {
    expect(await serveThrice(true)).toEqual({ loads: 4, answers: ["pong", "pong", "pong"] });
  });
});
