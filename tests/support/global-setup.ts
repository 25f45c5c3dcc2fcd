import { postgresAvailable, PG_ADMIN_URL } from "./server";
import { makeTemplates, PG_TEMPLATE_VAR, SQLITE_TEMPLATE_VAR } from "./template";

/**
 * Vitest's global set-up of the integration and browser projects: the run's template databases
 * (tests/support/template.ts), made before the first test file starts and dropped after the last one ends.
 * Both projects name this file and run it in Vitest's own process: the first makes the templates, the
 * second finds them in the environment (which the test processes inherit), and the last teardown drops them.
 */
let users = 0;
let drop: (() => Promise<void>) | undefined;

export default async function setup() {
  users++;
  // TEST_TEMPLATES=0: every server migrates and seeds its own database, as before (to rule the templates out).
  if (process.env.TEST_TEMPLATES === "0") return;
  if (!process.env[SQLITE_TEMPLATE_VAR]) {
    const templates = await makeTemplates((await postgresAvailable()) ? PG_ADMIN_URL : null);
    Object.assign(process.env, templates.env);
    drop = templates.drop;
  }
  return async () => {
    if (--users > 0 || !drop) return;
    delete process.env[SQLITE_TEMPLATE_VAR];
    delete process.env[PG_TEMPLATE_VAR];
    await drop();
    drop = undefined;
  };
}
