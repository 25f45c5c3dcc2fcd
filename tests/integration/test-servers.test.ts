import { afterAll, describe, expect, it } from "vitest";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The test servers themselves (decision 053): under Vitest each starts from a copy of the run's migrated and
 * seeded template database (tests/support/template.ts) instead of seeding its own. Should the templates stop
 * being made or used, every test would still pass, only slower: this one says so. (A start from an empty
 * database is tests/integration/auth-cli.test.ts's "first start"; `prepare` is stored-content's set-up.)
 */
const ENGINES = await engines();

describe.each(ENGINES)("test servers on %s", (engine) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("start from the run's template: the database is seeded before the server starts", async () => {
    server = await startServer(engine, { LOG_LEVEL: "info" });
    expect(server.logs()).toMatch(/base \w+.* prête/);
    expect(server.logs()).not.toContain("contenu initial créé");
    expect((await get(server.url, "/offres")).status).toBe(200);
  });
});
