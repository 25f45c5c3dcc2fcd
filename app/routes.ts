import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

const FEATURE = "routes/admin/feature.tsx";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // JSON API (server only). Route matching ignores case and trailing slashes: variants reach the same checks.
  route("api/auth/login", "routes/api/auth.login.ts"),
  route("api/auth/logout", "routes/api/auth.logout.ts"),
  route("api/auth/session", "routes/api/auth.session.ts"),
  route("api/consent", "routes/api/consent.ts"),
  route("api/consents", "routes/api/consents.ts"),
  route("api/analytics", "routes/api/analytics.ts"),
  route("api/analytics/collect", "routes/api/analytics.collect.ts"),
  route("api/analytics/live", "routes/api/analytics.live.ts"),
  route("api/visitor-info", "routes/api/visitor-info.ts"),
  route("api/team", "routes/api/team.ts"),
  route("api/team/:id", "routes/api/team.$id.ts"),
  route("api/team/:id/password", "routes/api/team.$id.password.ts"),
  route("api/pages", "routes/api/pages.ts"),
  route("api/pages/resolve", "routes/api/pages.resolve.ts"),
  route("api/pages/:id", "routes/api/pages.$id.ts"),
  route("api/pages/:id/:lang", "routes/api/pages.$id.$lang.ts"),
  route("api/pages/:id/:lang/draft", "routes/api/pages.$id.$lang.draft.ts"),
  route("api/pages/:id/:lang/publish", "routes/api/pages.$id.$lang.publish.ts"),
  route("api/pages/:id/:lang/revisions", "routes/api/pages.$id.$lang.revisions.ts"),
  route("api/pages/:id/:lang/revisions/:revId", "routes/api/pages.$id.$lang.revisions.$revId.ts"),
  route("api/*", "routes/api/not-found.ts"),

  // Back-office (seed 001 §2): a client app behind the guard of its layout.
  route("admin/login", "routes/admin/login.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/archimed-pages", "routes/admin/pages.tsx"),
    route("admin/archimed-editor", "routes/admin/editor.tsx"),
    route("admin/backups", FEATURE, { id: "admin-backups" }),
    route("admin/media-library", FEATURE, { id: "admin-media" }),
    route("admin/site-structure", FEATURE, { id: "admin-structure" }),
    route("admin/blog-scheduler", FEATURE, { id: "admin-blog" }),
    route("admin/blog/edit/:id?", FEATURE, { id: "admin-blog-edit" }),
    route("admin/ai-blog-generator", FEATURE, { id: "admin-ai-blog" }),
    route("admin/team", "routes/admin/team.tsx"),
  ]),
  route("admin/*", "routes/admin/unknown.tsx"),

  index("routes/public/page.tsx", { id: "home" }),
  route("*", "routes/public/page.tsx", { id: "page" }),
] satisfies RouteConfig;
