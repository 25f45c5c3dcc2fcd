import { lazy, Suspense, useState } from "react";
import { apiFetch } from "~/lib/admin/api-client";

export interface AdminUser {
  id: string;
  email: string;
  role: "admin" | "editor";
}

/** The statistics panel and its charts load only when opened (the bar is on every signed-in page). */
const StatsPanel = lazy(() => import("./stats/StatsPanel"));

const LINKS = [
  { href: "/admin/backups", label: "Sauvegardes" },
  { href: "/admin/media-library", label: "Médiathèque" },
  { href: "/admin/archimed-pages", label: "Pages" },
  { href: "/admin/blog-scheduler", label: "Articles" },
];

/**
 * Fixed bar for signed-in team members (seed 000 §2), on public pages and in the back-office.
 * Public pages load it on demand, so visitors never download it.
 */
export function AdminBar({ user, builderHref = "/admin/archimed-editor" }: { user: AdminUser; builderHref?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const link = "rounded px-2.5 py-1.5 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-yellow";
  async function logout() {
    setError(null);
    try {
      await apiFetch("/api/auth/logout", { method: "POST", body: {} });
      window.location.assign("/");
    } catch {
      setError("Erreur lors de la déconnexion");
    }
  }
  return (
    <>
      <div className="fixed inset-x-0 top-0 z-50 bg-ink text-white shadow" data-testid="admin-bar" lang="fr">
        <nav aria-label="Barre d'administration" className="mx-auto flex h-12 max-w-[1440px] items-center gap-1 overflow-x-auto px-3 text-sm font-medium whitespace-nowrap">
          {LINKS.map((l) => (
            <a key={l.href} href={l.href} className={link}>
              {l.label}
            </a>
          ))}
          {user.role === "admin" ? (
            <a href="/admin/team" className={link}>
              Équipe
            </a>
          ) : null}
          <a href={builderHref} className={`${link} text-brand-yellow`} data-testid="builder-toggle">
            Constructeur de page
          </a>
          <button type="button" className={link} onClick={() => setStatsOpen(true)} aria-expanded={statsOpen} data-testid="stats-open">
            Statistiques
          </button>
          <span className="ml-auto hidden text-white/70 md:inline">{user.email}</span>
          <a href="/" className={link}>
            Voir le site
          </a>
          <button type="button" className={link} onClick={logout} data-testid="logout">
            Déconnexion
          </button>
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
    <aside className="fixed inset-y-0 right-0 z-[60] w-full max-w-md bg-neutral-50 p-6 text-ink shadow-2xl" aria-label="Statistiques" data-testid="stats-panel" lang="fr">
      <p className="text-sm text-neutral-600">Chargement des données...</p>
    </aside>
  );
}
