import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, signedInContext, watchErrors } from "./builder-support";

/**
 * What the blog's browser tests share: one server (SQLite, Paris time) and one Chromium for the file, the
 * admin's API session, and a signed-in page per test (closed after it). Call at the top of a test file.
 */
export function blogBrowserSuite() {
  const s = {} as { server: TestServer; browser: Browser; admin: Api };
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    [s.server, s.browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD, SITE_TIMEZONE: "Europe/Paris" }), launchBrowser()]);
    s.admin = await Api.signIn(s.server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(s.browser);
    await s.server?.stop();
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  async function memberPage(width = 1440): Promise<{ page: Page; watch: ReturnType<typeof watchErrors> }> {
    const ctx = await signedInContext(s.browser, s.server, s.admin.cookie, { width, height: 900 });
    open.push(ctx);
    const page = await ctx.newPage();
    return { page, watch: watchErrors(page) };
  }
  /** A visitor's context (no session), closed after the test. */
  async function visitorContext(): Promise<BrowserContext> {
    const ctx = await s.browser.newContext();
    open.push(ctx);
    return ctx;
  }
  return { s, memberPage, visitorContext };
}

/** A day of next month, "YYYY-MM-DD" (always inside next month's calendar grid). */
export function nextMonthDay(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}
