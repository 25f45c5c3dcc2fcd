import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Link, useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { ListMessages } from "~/components/kit/ListMessages";
import { Dialog } from "~/components/kit/Dialog";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { pagesApi } from "~/lib/api/client";
import { canDeletePage } from "~/lib/auth/can";
import { checkWith } from "~/lib/http/json-body";
import { createPageSchema } from "~/lib/pages/page-schemas";
import { slugify } from "~/lib/text/slug";
import type { AdminPage, AdminPageTranslation } from "~/lib/api/pages";

type Page = AdminPage;
type Translation = AdminPageTranslation;

const KIND = { system: "Page du site", custom: "Page personnalisée", article: "Article" } as const;
const STATUS = {
  published: ["Publiée", "bg-emerald-100 text-emerald-900"],
  draft_pending: ["Modifications non publiées", "bg-amber-100 text-amber-900"],
  unpublished: ["Non publiée", "bg-neutral-200 text-neutral-800"],
} as const;
const FIELD = "mt-1 rounded-lg border border-neutral-300 bg-white px-3 py-2 font-normal";
const fmt = (iso: string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

export interface PageFilter {
  q: string;
  kind: "" | Page["kind"];
  status: "" | Translation["status"];
  sort: "title" | "updated";
}

/** The list as the filters say: text in a title or path, a kind, a status in either language, then sorted. */
export function filterPages(pages: Page[], f: PageFilter): Page[] {
  const q = f.q.trim().toLocaleLowerCase("fr");
  const title = (p: Page) => p.translations.fr?.title ?? p.translations.en?.title ?? "";
  const updated = (p: Page) => Object.values(p.translations).reduce((m, t) => (t && t.updatedAt > m ? t.updatedAt : m), "");
  return pages
    .filter((p) => !f.kind || p.kind === f.kind)
    .filter((p) => !f.status || Object.values(p.translations).some((t) => t?.status === f.status))
    .filter((p) => !q || Object.values(p.translations).some((t) => !!t && (t.title.toLocaleLowerCase("fr").includes(q) || t.path.toLowerCase().includes(q))))
    .sort((a, b) => (f.sort === "updated" ? updated(b).localeCompare(updated(a)) : title(a).localeCompare(title(b), "fr")));
}

export function PagesScreen() {
  const me = useOutletContext<AdminUser>();
  const { data: pages, error, notice, run } = useAdminList(async () => (await pagesApi.list()).pages);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Page | null>(null);
  // The page just created: highlighted in the list and its first "Éditer" focused, so it is not lost among 20.
  const [created, setCreated] = useState<string | null>(null);
  const [filter, setFilter] = useState<PageFilter>({ q: "", kind: "", status: "", sort: "title" });
  const shown = pages ? filterPages(pages, filter) : null;

  useEffect(() => {
    if (!created || !pages?.some((p) => p.id === created)) return;
    const row = document.querySelector<HTMLElement>(`[data-testid=page-row][data-page-id="${CSS.escape(created)}"]`);
    row?.scrollIntoView({ block: "center" });
    row?.querySelector<HTMLElement>("[data-action=edit-fr]")?.focus({ preventScroll: true });
  }, [created, pages]);

  return (
    <section data-testid="pages-list">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Pages</h1>
        <button
          type="button"
          className="ml-auto rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink"
          onClick={() => setCreating(true)}
          data-action="new-page"
        >
          Nouvelle page
        </button>
      </div>
      <ListMessages error={error} notice={notice} />
      <div className="mt-5 flex flex-wrap items-end gap-3" data-testid="pages-filters">
        <label className="flex min-w-0 flex-1 basis-52 flex-col text-sm font-semibold">
          Rechercher
          <input
            type="search"
            value={filter.q}
            onChange={(e) => setFilter({ ...filter, q: e.target.value })}
            placeholder="Titre ou adresse"
            className={FIELD}
            data-testid="pages-search"
          />
        </label>
        <FilterSelect label="Type" testId="pages-kind" value={filter.kind} onChange={(v) => setFilter({ ...filter, kind: v as PageFilter["kind"] })}>
          <option value="">Tous</option>
          {Object.entries(KIND).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Statut" testId="pages-status" value={filter.status} onChange={(v) => setFilter({ ...filter, status: v as PageFilter["status"] })}>
          <option value="">Tous</option>
          {Object.entries(STATUS).map(([k, [label]]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Trier par" testId="pages-sort" value={filter.sort} onChange={(v) => setFilter({ ...filter, sort: v as PageFilter["sort"] })}>
          <option value="title">Titre</option>
          <option value="updated">Dernière modification</option>
        </FilterSelect>
      </div>
      {pages === null || shown === null ? (
        <p className="mt-6">Chargement…</p>
      ) : shown.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700" data-testid="pages-empty">
          Aucune page ne correspond à ces filtres.
        </p>
      ) : (
        <div className="mt-6 rounded-xl border-neutral-200 md:overflow-x-auto md:border md:bg-white">
          {/* Below md each row is a card (block table parts), so a phone never scrolls sideways. */}
          <table className="w-full text-left text-sm max-md:block md:min-w-[760px]">
            <thead className="bg-neutral-50 text-neutral-600 max-md:sr-only">
              <tr>
                <th className="px-4 py-3">Page</th>
                <th className="px-4 py-3">Français</th>
                <th className="px-4 py-3">English</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {shown.map((p) => (
                <tr
                  key={p.id}
                  className={`align-top max-md:grid max-md:grid-cols-2 max-md:rounded-xl max-md:border max-md:border-neutral-200 md:border-t md:border-neutral-100 ${p.id === created ? "bg-amber-50 outline-2 -outline-offset-2 outline-brand-yellow" : "bg-white"}`}
                  data-testid="page-row"
                  data-page-id={p.id}
                  data-created={p.id === created ? "true" : undefined}
                >
                  <td className="px-4 py-3 max-md:col-span-2 max-md:pb-0">
                    <span className="font-semibold">{p.translations.fr?.title ?? p.translations.en?.title}</span>
                    <span className="mt-1 block text-xs text-neutral-500">{KIND[p.kind]}</span>
                  </td>
                  {(["fr", "en"] as const).map((lang) => {
                    const t = p.translations[lang];
                    if (!t)
                      return (
                        <td key={lang} className="px-4 py-3">
                          —
                        </td>
                      );
                    const [label, cls] = STATUS[t.status];
                    return (
                      <td key={lang} className="min-w-0 px-4 py-3">
                        <span className="mb-1 block text-xs font-semibold text-neutral-500 md:hidden">{lang === "fr" ? "Français" : "English"}</span>
                        <a href={t.path} className="font-mono text-xs break-all text-neutral-600 underline" target="_blank" rel="noreferrer">
                          {t.path}
                        </a>
                        <span className={`mt-1 block w-fit rounded px-1.5 py-0.5 text-xs ${cls}`} data-status={t.status}>
                          {label}
                        </span>
                        <span className="mt-1 block text-xs text-neutral-500">
                          {fmt(t.updatedAt)}
                          {t.updatedBy ? ` · ${t.updatedBy}` : ""}
                        </span>
                        <Link
                          to={`/admin/archimed-editor?page=${p.id}&lang=${lang}`}
                          className="mt-2 inline-block rounded bg-ink px-3 py-1 text-xs font-semibold text-white"
                          data-action={`edit-${lang}`}
                        >
                          Éditer ({lang.toUpperCase()})
                        </Link>
                      </td>
                    );
                  })}
                  <td className="px-4 py-3 max-md:col-span-2 max-md:pt-0 max-md:empty:hidden">
                    {p.kind === "custom" && canDeletePage(me) ? (
                      <button
                        type="button"
                        className="rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50"
                        onClick={() => setDeleting(p)}
                        data-action="delete-page"
                      >
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
            setCreated(p.id);
            // Filters that would hide the new page are cleared.
            setFilter({ q: "", kind: "", status: "", sort: filter.sort });
            void run(async () => `Page « ${p.translations.fr?.title} » créée. Ouvrez-la dans le constructeur pour la composer, puis publiez-la.`);
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
                await run(
                  async () => {
                    await pagesApi.remove(p.id);
                    return "Page supprimée.";
                  },
                  { fallback: "Suppression impossible" },
                );
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

/** One of the list's filters: a labelled select. */
function FilterSelect({
  label,
  testId,
  value,
  onChange,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex flex-col text-sm font-semibold">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className={FIELD} data-testid={testId}>
        {children}
      </select>
    </label>
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
      // The server's own schema: what it would refuse is said here, in the same words, without a round trip.
      const input = checkWith(createPageSchema, {
        fr: { title: v.frTitle, slug: v.frSlug || slugify(v.frTitle) },
        en: { title: v.enTitle, slug: v.enSlug || slugify(v.enTitle) },
      });
      if (!input.ok) return setError(input.refusal.message);
      const r = await pagesApi.create(input.data);
      onCreated(r.page);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Création impossible");
    }
  }
  return (
    <Dialog
      title="Nouvelle page"
      onClose={onClose}
      actions={
        <button type="submit" form="new-page" className="rounded-full bg-brand-yellow px-4 py-2 font-semibold">
          Créer
        </button>
      }
    >
      <form id="new-page" onSubmit={submit} className="grid gap-3 text-sm">
        {error ? (
          <p role="alert" className="rounded bg-red-50 p-2 text-red-800">
            {error}
          </p>
        ) : null}
        <label className="font-semibold">
          Titre (français)
          <input required className={input} value={v.frTitle} onChange={(e) => setV({ ...v, frTitle: e.target.value })} name="frTitle" />
        </label>
        <label className="font-semibold">
          Slug (français) — /page/{v.frSlug || slugify(v.frTitle) || "…"}
          <input className={input} value={v.frSlug} placeholder={slugify(v.frTitle)} onChange={(e) => setV({ ...v, frSlug: e.target.value })} name="frSlug" />
        </label>
        <label className="font-semibold">
          Title (English)
          <input required className={input} value={v.enTitle} onChange={(e) => setV({ ...v, enTitle: e.target.value })} name="enTitle" />
        </label>
        <label className="font-semibold">
          Slug (English) — /en/page/{v.enSlug || slugify(v.enTitle) || "…"}
          <input className={input} value={v.enSlug} placeholder={slugify(v.enTitle)} onChange={(e) => setV({ ...v, enSlug: e.target.value })} name="enSlug" />
        </label>
      </form>
    </Dialog>
  );
}
