import { useLocation } from "react-router";

/** Back-office pages whose feature comes with a later version say so plainly instead of showing invented content. */
const TITLES: Record<string, string> = {
  "/admin/archimed-pages": "Pages",
  "/admin/archimed-editor": "Constructeur de page Archimed",
  "/admin/backups": "Sauvegardes",
  "/admin/media-library": "Médiathèque",
  "/admin/site-structure": "Structure du site",
  "/admin/blog-scheduler": "Articles",
  "/admin/ai-blog-generator": "Générateur d'articles IA",
};

export function titleFor(pathname: string): string {
  const p = pathname.replace(/\/+$/, "").toLowerCase();
  if (p.startsWith("/admin/blog/edit")) return "Édition d'article";
  return TITLES[p] ?? "Back-office";
}

export default function FeaturePage() {
  const { pathname } = useLocation();
  return (
    <section data-testid="feature-unavailable">
      <h1 className="text-3xl font-extrabold">{titleFor(pathname)}</h1>
      <p className="mt-4 max-w-2xl rounded-lg border border-neutral-200 bg-white p-5 text-neutral-700">
        Cette fonctionnalité n'est pas encore disponible dans cette version du back-office.
      </p>
    </section>
  );
}
