import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { authApi } from "~/lib/api/client";
import { canEditDesign, canEditSiteStructure, canManageTeam } from "~/lib/auth/can";
import type { AdminUser } from "~/lib/api/team";

/** The statistics panel and its charts load only when opened (the bar is on every signed-in page). */
const StatsPanel = lazy(() => import("./stats/StatsPanel"));

const LINKS = [
  { href: "/admin/backups", label: "Sauvegardes" },
  { href: "/admin/media-library", label: "Médiathèque" },
  { href: "/admin/archimed-pages", label: "Pages" },
  { href: "/admin/blog-scheduler", label: "Articles" },
  { href: "/admin/contact-requests", label: "Demandes" },
];

/** The last public page a team member looked at, for "Voir le site" (this tab only). */
const LAST_PUBLIC_PATH_KEY = "archimed:last-public-path";

/** A path of our own site ("/…", not "//host"), else the home page. */
function safePath(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/admin") ? value : "/";
}

/**
 * Fixed bar for signed-in team members (seed 000 §2), on public pages and in the back-office.
 * Public pages load it on demand, so visitors never download it.
 */
export function AdminBar({ user, builderHref = "/admin/archimed-editor" }: { user: AdminUser; builderHref?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  // Below md the links collapse into a menu opened by one button (375 px cannot hold ten links in a row).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Where you are: the bar's entry for the current back-office page is marked (aria-current and underline).
  const { pathname, search } = useLocation();
  const here = (href: string) => (pathname === href ? ({ "aria-current": "page" } as const) : {});
  const current = pathname.startsWith("/admin")
    ? [
        ...LINKS,
        { href: "/admin/team", label: "Équipe" },
        { href: "/admin/site-structure", label: "Structure du site" },
        { href: "/admin/design", label: "Design du site" },
      ].find((l) => l.href === pathname)?.label
    : "Site public";
  // "Voir le site" returns to the public page the member came from: the bar remembers each public page it is
  // shown on (it is only ever loaded for team members, so visitors run none of this).
  const [sitePath, setSitePath] = useState("/");
  useEffect(() => {
    try {
      if (!pathname.startsWith("/admin")) sessionStorage.setItem(LAST_PUBLIC_PATH_KEY, pathname + search);
      else setSitePath(safePath(sessionStorage.getItem(LAST_PUBLIC_PATH_KEY)));
    } catch {
      // Storage refused (private mode, quota): the home page is the fallback.
    }
  }, [pathname, search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  const link =
    "rounded px-2.5 py-1.5 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-yellow aria-[current=page]:underline aria-[current=page]:decoration-brand-yellow aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4";
  async function logout() {
    setError(null);
    try {
      await authApi.logout();
      window.location.assign("/");
    } catch {
      setError("Erreur lors de la déconnexion");
    }
  }
  return (
    <>
      <div className="fixed inset-x-0 top-0 z-50 bg-ink text-white shadow" data-testid="admin-bar" lang="fr">
        <nav
          aria-label="Barre d'administration"
          className="relative mx-auto flex h-12 max-w-[1440px] items-center gap-1 px-3 text-sm font-medium whitespace-nowrap"
        >
          <span className="min-w-0 truncate font-semibold md:hidden" data-testid="admin-bar-here">
            {current ?? "Back-office"}
          </span>
          <button
            type="button"
            ref={menuButton}
            className={`${link} ml-auto flex items-center gap-2 md:hidden`}
            aria-expanded={menuOpen}
            aria-controls="admin-bar-links"
            onClick={() => setMenuOpen((o) => !o)}
            data-testid="admin-menu"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              {menuOpen ? (
                <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
              ) : (
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              )}
            </svg>
            Menu
          </button>
          <div
            id="admin-bar-links"
            className={`${menuOpen ? "flex" : "hidden"} absolute inset-x-0 top-full max-h-[calc(100dvh-3rem)] flex-col gap-1 overflow-y-auto bg-ink p-3 shadow-lg md:static md:flex md:h-full md:max-h-none md:flex-1 md:flex-row md:items-center md:overflow-x-auto md:overflow-y-visible md:p-0 md:shadow-none`}
          >
            {LINKS.map((l) => (
              <a key={l.href} href={l.href} className={link} {...here(l.href)}>
                {l.label}
              </a>
            ))}
            {canManageTeam(user) ? (
              <a href="/admin/team" className={link} {...here("/admin/team")}>
                Équipe
              </a>
            ) : null}
            {canEditSiteStructure(user) ? (
              <a href="/admin/site-structure" className={link} {...here("/admin/site-structure")} data-testid="admin-structure-link">
                Structure
              </a>
            ) : null}
            {canEditDesign(user) ? (
              <a href="/admin/design" className={link} {...here("/admin/design")} data-testid="admin-design-link">
                Design
              </a>
            ) : null}
            <a href={builderHref} className={`${link} text-brand-yellow`} data-testid="builder-toggle">
              Constructeur de page
            </a>
            <button
              type="button"
              className={`${link} text-left`}
              onClick={() => {
                setMenuOpen(false);
                setStatsOpen(true);
              }}
              aria-expanded={statsOpen}
              data-testid="stats-open"
            >
              Statistiques
            </button>
            <span className="ml-auto hidden text-white/70 md:inline">{user.email}</span>
            <a href={sitePath} className={link} data-testid="view-site">
              Voir le site
            </a>
            <button type="button" className={`${link} text-left`} onClick={logout} data-testid="logout">
              Déconnexion
            </button>
          </div>
        </nav>
        {error ? (
          <p role="alert" className="bg-red-700 px-4 py-2 text-sm" data-testid="logout-error">
            {error}
          </p>
        ) : null}
      </div>
      {statsOpen ? (
        <Suspense fallback={<StatsLoading />}>
          <StatsPanel onClose={() => setStatsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function StatsLoading() {
  return (
    <aside
      className="fixed inset-y-0 right-0 z-[60] w-full max-w-md bg-neutral-50 p-6 text-ink shadow-2xl"
      aria-label="Statistiques"
      data-testid="stats-panel"
      lang="fr"
    >
      <p className="text-sm text-neutral-600">Chargement des données...</p>
    </aside>
  );
}
