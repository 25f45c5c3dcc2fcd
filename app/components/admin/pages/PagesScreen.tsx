import { formatDateTime } from "~/lib/admin/site-zone";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { SelectField, TextField } from "~/components/kit/fields";
import { FormError, ListMessages } from "~/components/kit/ListMessages";
import { useConfirm } from "~/components/kit/useConfirm";
import { Dialog } from "~/components/kit/Dialog";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { pagesApi } from "~/lib/api/client";
import { canDeletePage } from "~/lib/auth/can";
import { checkWith } from "~/lib/http/json-body";
import { createPageSchema } from "~/lib/pages/page-schemas";
import { slugify } from "~/lib/text/slug";
import type { AdminPage } from "~/lib/api/pages";
import type { PublicationKind } from "~/lib/content/publication-state";
import { KIND_LABEL, PublicationBadge } from "~/components/admin/PublicationBadge";

type Page = AdminPage;

const KIND = { system: "Page du site", custom: "Page personnalisée", article: "Article" } as const;
const fmt = (iso: string) => formatDateTime(iso, "short");

export interface PageFilter {
  q: string;
  kind: "" | Page["kind"];
  status: "" | PublicationKind;
  sort: "title" | "updated";
}

/** The list as the filters say: text in a title or path, a kind, a state in either language (a scheduled one is not "Publié"), then sorted. */
export function filterPages(pages: Page[], f: PageFilter): Page[] {
  const q = f.q.trim().toLocaleLowerCase("fr");
  const title = (p: Page) => p.translations.fr?.title ?? p.translations.en?.title ?? "";
  const updated = (p: Page) => Object.values(p.translations).reduce((m, t) => (t && t.updatedAt > m ? t.updatedAt : m), "");
  return pages
    .filter((p) => !f.kind || p.kind === f.kind)
    .filter((p) => !f.status || Object.values(p.translations).some((t) => t?.state.kind === f.status))
    .filter((p) => !q || Object.values(p.translations).some((t) => !!t && (t.title.toLocaleLowerCase("fr").includes(q) || t.path.toLowerCase().includes(q))))
    .sort((a, b) => (f.sort === "updated" ? updated(b).localeCompare(updated(a)) : title(a).localeCompare(title(b), "fr")));
}

export function PagesScreen() {
  const me = useOutletContext<AdminUser>();
  const { data: pages, error, notice, run } = useAdminList(async () => (await pagesApi.list()).pages);
  const [creating, setCreating] = useState(false);
  const deletion = useConfirm<Page>();
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
        <TextField
          look="page"
          label="Rechercher"
          type="search"
          value={filter.q}
          onChange={(q) => setFilter({ ...filter, q })}
          placeholder="Titre ou adresse"
          testId="pages-search"
          className="min-w-0 flex-1 basis-52"
        />
        <SelectField
          look="page"
          label="Type"
          testId="pages-kind"
          value={filter.kind}
          options={[["", "Tous"], ...Object.entries(KIND)]}
          onChange={(kind) => setFilter({ ...filter, kind: kind as PageFilter["kind"] })}
        />
        <SelectField
          look="page"
          label="Statut"
          testId="pages-status"
          value={filter.status}
          options={[["", "Tous"], ...Object.entries(KIND_LABEL)]}
          onChange={(status) => setFilter({ ...filter, status: status as PageFilter["status"] })}
        />
        <SelectField
          look="page"
          label="Trier par"
          testId="pages-sort"
          value={filter.sort}
          options={[
            ["title", "Titre"],
            ["updated", "Dernière modification"],
          ]}
          onChange={(sort) => setFilter({ ...filter, sort: sort as PageFilter["sort"] })}
        />
      </div>
      {pages === null || shown === null ? (
        <p className="mt-6">Chargement…</p>
      ) : shown.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700" data-testid="pages-empty">
          Aucune page ne correspond à ces filtres.
        </p>
      ) : (
        <div className="relative mt-6 rounded-xl border-neutral-200 lg:overflow-x-auto lg:border lg:bg-white">
          {/* Below lg each row is a card (block table parts), so a phone or a tablet never scrolls sideways: the four
              columns need 760 px, more than a 768 px screen leaves them. */}
          <table className="w-full text-left text-sm max-lg:block lg:min-w-[760px]">
            <thead className="bg-neutral-50 text-neutral-600 max-lg:sr-only">
              <tr>
                <th className="px-4 py-3">Page</th>
                <th className="px-4 py-3">Français</th>
                <th className="px-4 py-3">English</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-lg:grid max-lg:gap-3">
              {shown.map((p) => (
                <tr
                  key={p.id}
                  className={`align-top max-lg:grid max-lg:grid-cols-2 max-lg:rounded-xl max-lg:border max-lg:border-neutral-200 lg:border-t lg:border-neutral-100 ${p.id === created ? "bg-amber-50 outline-2 -outline-offset-2 outline-brand-yellow" : "bg-white"}`}
                  data-testid="page-row"
                  data-page-id={p.id}
                  data-created={p.id === created ? "true" : undefined}
                >
                  <td className="px-4 py-3 max-lg:col-span-2 max-lg:pb-0">
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
                    return (
                      <td key={lang} className="min-w-0 px-4 py-3">
                        <span className="mb-1 block text-xs font-semibold text-neutral-500 lg:hidden">{lang === "fr" ? "Français" : "English"}</span>
                        <a href={t.path} className="font-mono text-xs break-all text-neutral-600 underline" target="_blank" rel="noreferrer">
                          {t.path}
                        </a>
                        {/* Its own line under the address (the badge itself is an inline box). */}
                        <div className="mt-1">
                          <PublicationBadge state={t.state} className="font-normal" />
                        </div>
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
                  <td className="px-4 py-3 max-lg:col-span-2 max-lg:pt-0 max-lg:empty:hidden">
                    {p.kind === "custom" && canDeletePage(me) ? (
                      <button
                        type="button"
                        className="rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50"
                        onClick={() => deletion.ask(p)}
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
            void run(async () => `Page « ${p.translations.fr?.title} » créée. Ouvrez-la dans le constructeur pour la composer, puis publiez-la.`);
          }}
        />
      ) : null}
      {deletion.subject ? (
        <ConfirmDialog
          title="Supprimer la page"
          confirmLabel="Supprimer"
          action="confirm-delete"
          {...deletion.handlers((p) =>
            run(
              async () => {
                await pagesApi.remove(p.id);
                return "Page supprimée.";
              },
              { fallback: "Suppression impossible" },
            ),
          )}
        >
          <p>Supprimer « {deletion.subject.translations.fr?.title} » dans les deux langues, avec ses révisions ? Cette action est irréversible.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function CreatePageDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (p: Page) => void }) {
  const [v, setV] = useState({ frTitle: "", frSlug: "", enTitle: "", enSlug: "" });
  const [error, setError] = useState<string | null>(null);
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
      <form id="new-page" onSubmit={submit} className="grid gap-3">
        <FormError error={error} />
        <TextField look="page" label="Titre (français)" required value={v.frTitle} onChange={(frTitle) => setV({ ...v, frTitle })} name="frTitle" />
        <TextField
          look="page"
          label={`Slug (français) — /page/${v.frSlug || slugify(v.frTitle) || "…"}`}
          value={v.frSlug}
          placeholder={slugify(v.frTitle)}
          onChange={(frSlug) => setV({ ...v, frSlug })}
          name="frSlug"
        />
        <TextField look="page" label="Title (English)" required value={v.enTitle} onChange={(enTitle) => setV({ ...v, enTitle })} name="enTitle" />
        <TextField
          look="page"
          label={`Slug (English) — /en/page/${v.enSlug || slugify(v.enTitle) || "…"}`}
          value={v.enSlug}
          placeholder={slugify(v.enTitle)}
          onChange={(enSlug) => setV({ ...v, enSlug })}
          name="enSlug"
        />
      </form>
    </Dialog>
  );
}
