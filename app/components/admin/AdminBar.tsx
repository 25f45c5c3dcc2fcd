import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useDismiss } from "~/components/kit/useDismiss";
import { authApi } from "~/lib/api/client";
import { can } from "~/lib/auth/can";
import type { AdminUser } from "~/lib/api/team";
import type { PublicationState } from "~/lib/content/publication-state";
import type { Lang } from "~/lib/i18n/routes";
import { ADMIN_LINKS, BAR_WIDTHS, entryFor, inRow, type AdminLink, type BarWidth } from "./admin-links";
import { PageStates } from "./PageStates";
import { usePendingReviews } from "./use-pending-reviews";
import { useUnreadMentions } from "./use-unread-mentions";
import { useBarWidth } from "./use-bar-width";

/** The statistics panel and its charts load only when opened (the bar is on every signed-in page). */
const StatsPanel = lazy(() => import("./stats/StatsPanel"));

/** The last public page a team member looked at, for "Voir le site" (this tab only). */
const LAST_PUBLIC_PATH_KEY = "archimed:last-public-path";

/** A path of our own site ("/…", not "//host"), else the home page. */
function safePath(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/admin") ? value : "/";
}

/**
 * Fixed bar for signed-in team members (seed 000 §2), on public pages and in the back-office.
 * Public pages load it on demand, so visitors never download it. On a public page it says each
 * language's state of that page (`states`, issue 20 §3), first in the row: the links make room for it
 * by one width step (what no longer fits goes behind "Plus"); below md it replaces "Site public".
 */
export function AdminBar({
  user,
  builderHref = "/admin/archimed-editor",
  states,
}: {
  user: AdminUser;
  builderHref?: string;
  states?: Partial<Record<Lang, PublicationState>>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  // Below md every entry is behind "Menu" (375 px cannot hold ten links in a row); from md the row holds
  // what fits at that width and "Plus" the rest, so "Voir le site" and "Déconnexion" never leave the screen.
  const width = useBarWidth();
  // Open at one width only: a new width lays the entries out afresh, and an open menu would hold a stale set.
  const [openAt, setOpenAt] = useState<BarWidth | null>(null);
  const menuOpen = openAt === width;
  const setMenuOpen = (open: boolean) => setOpenAt(open ? width : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useDismiss(menuOpen, () => setMenuOpen(false), [panel, menuButton], menuButton);
  // Where you are: the bar's entry for the current back-office page is marked (aria-current and underline).
  const { pathname, search } = useLocation();
  const pendingReviews = usePendingReviews(can(user, "publishContent"), pathname);
  const unreadMentions = useUnreadMentions(can(user, "comment"), pathname);
  const counts = { reviews: pendingReviews, mentions: unreadMentions };
  // An article's editor or the AI generator marks Articles too: "true" (part of it), not "page" (this very page).
  const entry = pathname.startsWith("/admin") ? entryFor(pathname) : undefined;
  const current = entry?.link;
  const here = (href: string) => (current?.href === href ? ({ "aria-current": entry?.exact ? "page" : "true" } as const) : ({} as Record<string, never>));
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
  const link =
    "rounded px-2.5 py-1.5 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-yellow aria-[current=page]:underline aria-[current=true]:underline decoration-brand-yellow decoration-2 underline-offset-4";
  async function logout() {
    setError(null);
    try {
      await authApi.logout();
      window.location.assign("/");
    } catch {
      setError("Erreur lors de la déconnexion");
    }
  }
  // Each entry once, in the row or in the menu: [where it sits from, the element].
  const entries: [AdminLink["row"], ReactNode][] = [
    ...ADMIN_LINKS.filter((l) => !l.permission || can(user, l.permission)).map((l): [AdminLink["row"], ReactNode] => [
      l.row,
      <a key={l.href} href={l.href} className={link} {...here(l.href)} data-testid={l.testId}>
        {l.label}
        {l.count && counts[l.count] > 0 ? (
          <span className="ml-1.5 rounded-full bg-brand-yellow px-1.5 text-xs font-bold text-ink" data-testid={`${l.count}-count`}>
            {counts[l.count]}
            <span className="sr-only">{l.count === "reviews" ? " en attente" : " non lues"}</span>
          </span>
        ) : null}
      </a>,
    ]),
    [
      "lg",
      <a key="builder" href={builderHref} className={`${link} text-brand-yellow`} data-testid="builder-toggle">
        Constructeur de page
      </a>,
    ],
    [
      "md",
      <button
        key="stats"
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
      </button>,
    ],
  ];
  const hasStates = Boolean(states && Object.keys(states).length);
  // The states take the room of one width step: at md every link goes behind "Plus".
  const rowWidth = hasStates ? (BAR_WIDTHS[BAR_WIDTHS.indexOf(width) - 1] ?? "sm") : width;
  const row = entries.filter(([from]) => inRow(from, rowWidth)).map(([, node]) => node);
  // What waits behind "Plus" or "Menu" (unread mentions below xl) shows on its button, so it is never missed.
  const hiddenCount = ADMIN_LINKS.filter((l) => l.count && (!l.permission || can(user, l.permission)) && (rowWidth === "sm" || !inRow(l.row, rowWidth))).reduce(
    (n, l) => n + (l.count ? counts[l.count] : 0),
    0,
  );
  const more = entries.filter(([from]) => !inRow(from, rowWidth)).map(([, node]) => node);
  // In the menu the states are said in full (in the bar a long one may be cut short).
  const statesInFull = hasStates ? (
    <div key="states" className="border-b border-white/20 px-2.5 pb-2" data-testid="admin-bar-states-full">
      <p className="mb-1 text-xs text-white/70">État de cette page</p>
      <PageStates states={states!} testId="admin-bar-states-menu" />
    </div>
  ) : null;
  const ending = [
    <a key="site" href={sitePath} className={link} data-testid="view-site">
      Voir le site
    </a>,
    <button key="logout" type="button" className={`${link} text-left`} onClick={logout} data-testid="logout">
      Déconnexion
    </button>,
  ];
  const narrow = width === "sm";
  // Arrow keys move between the menu's entries; Tab works as everywhere.
  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
    if (!items.length) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
  }
  return (
    <>
      <div className="fixed inset-x-0 top-0 z-50 bg-ink text-white shadow" data-testid="admin-bar" lang="fr">
        <nav
          aria-label="Barre d'administration"
          className="relative mx-auto flex h-12 max-w-[1440px] items-center gap-1 px-3 text-sm font-medium whitespace-nowrap"
        >
          {narrow ? (
            <span className="min-w-0 truncate font-semibold" data-testid="admin-bar-here">
              {pathname.startsWith("/admin") ? (
                (current?.name ?? current?.label ?? "Back-office")
              ) : hasStates ? (
                <PageStates states={states!} compact short testId="admin-bar-states" />
              ) : (
                "Site public"
              )}
            </span>
          ) : (
            <>
              {hasStates ? (
                <span className="mr-1 flex min-w-0 shrink items-center">
                  <PageStates states={states!} compact testId="admin-bar-states" />
                </span>
              ) : null}
              {row}
            </>
          )}
          {/* On a public page the states take the e-mail's place. */}
          {!narrow && width === "xl" && !hasStates ? <span className="ml-auto min-w-0 truncate text-white/70">{user.email}</span> : null}
          {/* Below md the menu spans the bar (the wrapper takes no box); from md it hangs under "Plus". */}
          <div className={narrow ? "contents" : "relative"}>
            {narrow || more.length || hasStates ? (
              <button
                type="button"
                ref={menuButton}
                className={`${link} flex items-center gap-2 ${narrow ? "ml-auto" : ""}`}
                aria-expanded={menuOpen}
                aria-controls="admin-bar-links"
                onClick={() => setMenuOpen(!menuOpen)}
                onKeyDown={(e) => {
                  if (e.key === "ArrowDown" && !menuOpen) {
                    e.preventDefault();
                    setMenuOpen(true);
                    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>("a, button")?.focus());
                  }
                }}
                data-testid={narrow ? "admin-menu" : "admin-more"}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  {menuOpen ? (
                    <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
                  ) : narrow ? (
                    <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
                  ) : (
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                  )}
                </svg>
                {narrow ? "Menu" : "Plus"}
                {hiddenCount > 0 ? (
                  <span className="rounded-full bg-brand-yellow px-1.5 text-xs font-bold text-ink" data-testid="menu-count">
                    {hiddenCount}
                  </span>
                ) : null}
              </button>
            ) : null}
            {/* The menu's entries follow its button, so Tab goes from one into the other. The arrow keys only move
              focus among the links and buttons inside: the box itself takes no action. */}
            {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
            <div
              id="admin-bar-links"
              ref={panel}
              onKeyDown={onMenuKey}
              className={`${menuOpen ? "flex" : "hidden"} absolute max-h-[calc(100dvh-3rem)] flex-col gap-1 overflow-y-auto bg-ink p-3 shadow-lg ${narrow ? "inset-x-0 top-full" : "top-[calc(100%+0.5rem)] left-0 min-w-56 rounded-b-lg"}`}
            >
              {statesInFull}
              {narrow ? [...entries.map(([, node]) => node), ...ending] : more}
            </div>
          </div>
          {narrow ? null : <span className={`flex items-center gap-1 ${width === "xl" && !hasStates ? "" : "ml-auto"}`}>{ending}</span>}
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
