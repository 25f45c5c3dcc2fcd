// The server modules the analytics benchmark drives in-process (scripts/bench/analytics.mjs imports
// this one file through tsx, so they all share one runtime: one database connection, one env).
export { boot, shutdown } from "~/lib/boot.server";
export { runtime } from "~/lib/runtime.server";
export { recordPageView } from "~/lib/analytics/record.server";
export { activeUsers, dailyViews, periodStart, topPages } from "~/lib/analytics/query.server";
export { action as collectAction } from "~/routes/api/analytics.collect";
