import { useEffect, useState, type FormEvent } from "react";
import { Link, useOutletContext } from "react-router";
import type { AdminUser } from "~/components/admin/AdminBar";
import { Dialog } from "~/components/builder/Dialog";
import { apiFetch } from "~/lib/admin/api-client";
import type { Lang } from "~/lib/i18n/routes";

interface Translation {
  lang: Lang;
  path: string;
  slug: string;
  title: string;
  status: "published" | "draft_pending" | "unpublished";
  updatedAt: string;
  updatedBy: string | null;
}
interface Page {
  id: string;
  kind: "system" | "custom" | "article";
  translations: Partial<Record<Lang, Translation>>;
}

const KIND = { system: "Page du site", custom: "Page personnalisée", article: "Article" } as const;
const STATUS = { published: ["Publiée", "bg-emerald-100 text-emerald-900"], draft_pending: ["Brouillon en attente", "bg-amber-100 text-amber-900"], unpublished: ["Non publiée", "bg-neutral-200 text-neutral-800"] } as const;
const fmt = (iso: string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

/** Turns a title into a URL slug: lower case, accents removed, dashes between words. */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

export function meta() {
  return [{ title: "Pages | Archimed" }];
}

export default function PagesList() {
  const me = useOutletContext<AdminUser>();
  const [pages, setPages] = useState<Page[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Page | null>(null);

  const refresh = () =>
    apiFetch<{ pages: Page[] }>("/api/pages")
      .then((r) => setPages(r.pages))
      .catch((e: Error) => setError(e.message));
  useEffect(() => {
    void refresh();
  }, []);

  return (
    <section data-testid="pages-list">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Pages</h1>
        <button type="button" className="ml-auto rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink" onClick={() => setCreating(true)} data-action="new-page">
          Nouvelle page
        </button>
      </div>
      {error ? <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">{error}</p> : null}
      {notice ? <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900">{notice}</p> : null}
      {pages === null ? (
        <p className="mt-6">Chargement…</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
          <table className="w-full min-w-[760px] text-left text-sm">
            <thead className="bg-neutral-50 text-neutral-600">
              <tr>
                <th className="px-4 py-3">Page</th>
                <th className="px-4 py-3">Français</th>
                <th className="px-4 py-3">English</th>
                <th className="px-4 py-3"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.id} className="border-t border-neutral-100 align-top" data-testid="page-row" data-page-id={p.id}>
                  <td className="px-4 py-3">
                    <span className="font-semibold">{p.translations.fr?.title ?? p.translations.en?.title}</span>
                    <span className="mt-1 block text-xs text-neutral-500">{KIND[p.kind]}</span>
                  </td>
                  {(["fr", "en"] as const).map((lang) => {
                    const t = p.translations[lang];
                    if (!t) return <td key={lang} className="px-4 py-3">—</td>;
                    const [label, cls] = STATUS[t.status];
                    return (
                      <td key={lang} className="px-4 py-3">
                        <a href={t.path} className="font-mono text-xs text-neutral-600 underline" target="_blank" rel="noreferrer">{t.path}</a>
                        <span className={`mt-1 block w-fit rounded px-1.5 py-0.5 text-xs ${cls}`} data-status={t.status}>{label}</span>
                        <span className="mt-1 block text-xs text-neutral-500">{fmt(t.updatedAt)}{t.updatedBy ? ` · ${t.updatedBy}` : ""}</span>
                        <Link to={`/admin/archimed-editor?page=${p.id}&lang=${lang}`} className="mt-2 inline-block rounded bg-ink px-3 py-1 text-xs font-semibold text-white" data-action={`edit-${lang}`}>
                          Éditer ({lang.toUpperCase()})
                        </Link>
                      </td>
                    );
                  })}
                  <td className="px-4 py-3">
                    {p.kind === "custom" && me.role === "admin" ? (
                      <button type="button" className="rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" onClick={() => setDeleting(p)} data-action="delete-page">
                        Supprimer
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating ? (
        <CreatePageDialog
          onClose={() => setCreating(false)}
          onCreated={(p) => {
            setCreating(false);
            setNotice(`Page « ${p.translations.fr?.title} » créée. Ouvrez-la dans le constructeur pour la composer, puis publiez-la.`);
            void refresh();
          }}
        />
      ) : null}
      {deleting ? (
        <Dialog
          title="Supprimer la page"
          onClose={() => setDeleting(null)}
          actions={
            <button
              type="button"
              className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white"
              data-action="confirm-delete"
              onClick={async () => {
                const p = deleting;
                setDeleting(null);
                try {
                  await apiFetch(`/api/pages/${p.id}`, { method: "DELETE" });
                  setNotice("Page supprimée.");
                  void refresh();
                } catch (e) {
                  setError(e instanceof Error ? e.message : "Suppression impossible");
                }
              }}
            >
              Supprimer
            </button>
          }
        >
          <p>Supprimer « {deleting.translations.fr?.title} » dans les deux langues, avec ses révisions ? Cette action est irréversible.</p>
        </Dialog>
      ) : null}
    </section>
  );
}

function CreatePageDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (p: Page) => void }) {
  const [v, setV] = useState({ frTitle: "", frSlug: "", enTitle: "", enSlug: "" });
  const [error, setError] = useState<string | null>(null);
  const input = "mt-1 w-full rounded border border-neutral-300 px-2 py-1.5";
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const r = await apiFetch<{ page: Page }>("/api/pages", {
        method: "POST",
        body: { fr: { title: v.frTitle, slug: v.frSlug || slugify(v.frTitle) }, en: { title: v.enTitle, slug: v.enSlug || slugify(v.enTitle) } },
      });
      onCreated(r.page);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Création impossible");
    }
  }
  return (
    <Dialog title="Nouvelle page" onClose={onClose} actions={<button type="submit" form="new-page" className="rounded-full bg-brand-yellow px-4 py-2 font-semibold">Créer</button>}>
      <form id="new-page" onSubmit={submit} className="grid gap-3 text-sm">
        {error ? <p role="alert" className="rounded bg-red-50 p-2 text-red-800">{error}</p> : null}
        <label className="font-semibold">Titre (français)<input required className={input} value={v.frTitle} onChange={(e) => setV({ ...v, frTitle: e.target.value })} name="frTitle" /></label>
        <label className="font-semibold">Slug (français) — /page/{v.frSlug || slugify(v.frTitle) || "…"}<input className={input} value={v.frSlug} placeholder={slugify(v.frTitle)} onChange={(e) => setV({ ...v, frSlug: e.target.value })} name="frSlug" /></label>
        <label className="font-semibold">Title (English)<input required className={input} value={v.enTitle} onChange={(e) => setV({ ...v, enTitle: e.target.value })} name="enTitle" /></label>
        <label className="font-semibold">Slug (English) — /en/page/{v.enSlug || slugify(v.enTitle) || "…"}<input className={input} value={v.enSlug} placeholder={slugify(v.enTitle)} onChange={(e) => setV({ ...v, enSlug: e.target.value })} name="enSlug" /></label>
      </form>
    </Dialog>
  );
}
