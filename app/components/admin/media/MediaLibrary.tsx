import { mediaApi } from "~/lib/api/client";
import { ApiClientError } from "~/lib/admin/api-client";
import { useCallback, useEffect, useRef, useState } from "react";
import { MenuButton, type MenuEntry } from "~/components/kit/MenuButton";
import { formatBytes } from "~/lib/media/edit-math";
import { replaceMediaFile } from "~/lib/media/upload-client";
import type { MediaItem, MediaListAnswer, MediaType } from "~/lib/media/media-schemas";
import type { StockItem, StockProvider } from "~/lib/media/stock-schemas";
import { BulkImportDialog } from "./BulkImportDialog";
import { dismissImport, importSummary, useImportRun } from "./import-queue";
import { ConfirmDelete, MediaDetailsDialog } from "./MediaDetailsDialog";

/**
 * The Médiathèque (seed 001 §2): the full page at /admin/media-library and, with `onSelect`, the picker
 * the builder opens. Search, filters and paging run on the server, so a library of thousands of items
 * loads one page of small thumbnails at a time. A click on a card is its main action: choose it (picker) or
 * open it (page); the rest sits in the card's "…" menu, away from it (issue 22 §5).
 */
export type MediaFilter = MediaType | "all";

const TYPE_LABEL: Record<MediaType, string> = { image: "Image", video: "Vidéo", pdf: "PDF" };
const SEARCH_DELAY_MS = 250;
const SOURCES: { id: "local" | StockProvider; label: string; only?: MediaFilter }[] = [
  { id: "local", label: "Bibliothèque" },
  { id: "unsplash", label: "Unsplash", only: "image" },
  { id: "pexels", label: "Pexels", only: "video" },
];
const PROVIDER_LABEL: Record<StockProvider, string> = { unsplash: "Unsplash", pexels: "Pexels" };

export function MediaLibrary({ mediaType = "all", onSelect }: { mediaType?: MediaFilter; onSelect?: (item: MediaItem) => void }) {
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState("");
  const [view, setView] = useState<"grid" | "list">("grid");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MediaListAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Apart from `error`: a reload that succeeds must not wipe the message of the action that caused it.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ item: MediaItem; tab: "info" | "edit" } | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [importing, setImporting] = useState(false);
  // The item whose "Remplacer" opened the file chooser.
  const replacing = useRef<MediaItem | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [reload, setReload] = useState(0);
  const [source, setSource] = useState<"local" | StockProvider>("local");
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ q: query, category, type: mediaType, page: String(page) });
    setLoading(true);
    mediaApi
      .list(String(params), { signal: controller.signal })
      .then((d) => {
        setData(d);
        setLoadError(null);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoadError(e instanceof Error ? e.message : "Erreur de chargement");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query, category, mediaType, page, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  // The import runs on its own (import-queue.ts): each file it adds shows here, and its end is announced.
  const run = useImportRun();
  const imported = run?.imported.length ?? 0;
  useEffect(() => {
    if (imported === 0) return;
    setPage(1);
    refresh();
  }, [imported, refresh]);
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!run || run.running || announced.current === run.runId) return;
    announced.current = run.runId;
    setNotice(importSummary(run));
  }, [run]);
  // A run that ended well leaves once its dialog no longer shows it; one with errors stays to be reopened.
  useEffect(() => {
    if (run && !run.running && run.errors.length === 0 && !importing) dismissImport();
  }, [run, importing]);

  /** The picker's choice, once the server confirms the item still exists (another tab may have deleted it). */
  async function pick(item: MediaItem) {
    if (!onSelect) return;
    setError(null);
    try {
      const fresh = await mediaApi.usage(item.id);
      onSelect(fresh.item);
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) {
        setError("Ce média a été supprimé entre-temps. Choisissez-en un autre.");
        refresh();
      } else setError(e instanceof Error ? e.message : "Ce média ne peut pas être choisi.");
    }
  }
  const open = (item: MediaItem) => (onSelect ? void pick(item) : setEditing({ item, tab: "info" }));
  async function replace(item: MediaItem, file: File) {
    setError(null);
    setNotice(`Remplacement de «\u00a0${item.title || "Média"}\u00a0»…`);
    try {
      await replaceMediaFile(item.id, file);
      setNotice(`«\u00a0${item.title || "Média"}\u00a0» a été remplacé\u202f; les pages qui le montrent affichent le nouveau fichier.`);
      refresh();
    } catch (e) {
      setNotice(null);
      setError(e instanceof Error ? e.message : "Remplacement impossible");
    }
  }

  const entries = (item: MediaItem): MenuEntry[] => [
    item.type === "image"
      ? { label: "Modifier l'image", onSelect: () => setEditing({ item, tab: "edit" }) }
      : { label: "Modifier les informations", onSelect: () => setEditing({ item, tab: "info" }) },
    ...(item.type === "image" ? [{ label: "Modifier les informations", onSelect: () => setEditing({ item, tab: "info" }) }] : []),
    {
      label: "Remplacer",
      onSelect: () => {
        const input = replaceInput.current;
        if (!input) return;
        replacing.current = item;
        input.accept = item.type === "pdf" ? "application/pdf" : `${item.type}/*`;
        input.click();
      },
    },
    { label: "Télécharger", href: item.url, download: "" },
    { label: "Supprimer", tone: "danger", onSelect: () => setDeleting(item) },
  ];

  function onSearch(value: string) {
    setQ(value);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      setPage(1);
      setQuery(value.trim());
    }, SEARCH_DELAY_MS);
  }

  async function remove(item: MediaItem) {
    setError(null);
    try {
      await mediaApi.remove(item.id);
      setNotice(`« ${item.title || "Média"} » a été supprimé.`);
      setDeleting(null);
      setEditing(null);
      refresh();
    } catch (e) {
      setDeleting(null);
      setError(e instanceof Error ? e.message : "Suppression impossible");
    }
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const items = data?.items ?? [];

  return (
    <div className="flex h-full min-h-0 flex-col gap-3" data-testid="media-library">
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label="Source" className="flex rounded-full bg-neutral-100 p-1 text-sm">
          {SOURCES.filter((t) => t.id === "local" || t.only === mediaType).map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={source === t.id}
              className={`rounded-full px-3 py-1 ${source === t.id ? "bg-white font-semibold shadow-sm" : ""}`}
              onClick={() => {
                // Choosing a source clears the search text and the external results (seed 001 §4).
                setSource(t.id);
                setQ("");
                setQuery("");
                setPage(1);
              }}
            >
              {t.label}
            </button>
          ))}
        </div>
        <input
          type="search"
          value={q}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Rechercher un média..."
          aria-label="Rechercher un média"
          className="min-w-0 flex-1 basis-48 rounded-lg border border-neutral-300 px-3 py-2"
        />
        {source === "local" ? (
          <select
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setPage(1);
            }}
            aria-label="Catégorie"
            className="rounded-lg border border-neutral-300 px-3 py-2"
          >
            <option value="">Toutes les catégories</option>
            {(data?.categories ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        ) : null}
        <div className="flex rounded-lg border border-neutral-300 text-sm" role="group" aria-label="Affichage">
          <button
            type="button"
            aria-pressed={view === "grid"}
            className={`px-3 py-2 ${view === "grid" ? "bg-neutral-900 text-white" : ""} rounded-l-lg`}
            onClick={() => setView("grid")}
          >
            Grille
          </button>
          <button
            type="button"
            aria-pressed={view === "list"}
            className={`px-3 py-2 ${view === "list" ? "bg-neutral-900 text-white" : ""} rounded-r-lg`}
            onClick={() => setView("list")}
          >
            Liste
          </button>
        </div>
        {run && !importing ? (
          <button
            type="button"
            className="rounded-full border border-neutral-300 px-3 py-2 text-sm font-semibold"
            onClick={() => setImporting(true)}
            data-testid="import-indicator"
            aria-label={run.running ? `Import en cours : ${run.index + 1} sur ${run.total}, afficher` : `${importSummary(run)} Afficher les erreurs`}
          >
            {run.running ? `Import\u202f: ${run.index + 1}/${run.total}` : `Import\u202f: ${run.errors.length} erreur${run.errors.length > 1 ? "s" : ""}`}
          </button>
        ) : null}
        <input
          ref={replaceInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="replace-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file && replacing.current) void replace(replacing.current, file);
          }}
        />
        {source === "local" ? (
          <button type="button" className="rounded-full bg-brand-yellow px-4 py-2 font-bold text-ink" onClick={() => setImporting(true)}>
            Importer
          </button>
        ) : null}
      </div>
      {error || loadError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="media-error">
          {error ?? loadError}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="media-notice">
          {notice}
        </p>
      ) : null}
      {source !== "local" ? (
        <StockResults
          provider={source}
          query={query}
          onAdded={(item) => {
            if (onSelect) onSelect(item);
            else {
              setNotice(`« ${item.title || "Média"} » a été ajouté à la bibliothèque.`);
              setSource("local");
              setQ("");
              setQuery("");
              setPage(1);
              refresh();
            }
          }}
        />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={loading}>
          {!data && loading ? (
            <p className="py-10 text-center text-neutral-600">Chargement…</p>
          ) : items.length === 0 ? (
            <div className="py-12 text-center" data-testid="media-empty">
              <p className="text-lg font-semibold">Aucun média trouvé</p>
              <p className="mt-1 text-sm text-neutral-600">
                {query || category ? "Essayez d'autres mots-clés ou une autre catégorie." : "Importez vos images, vidéos et PDF avec le bouton « Importer »."}
              </p>
            </div>
          ) : view === "grid" ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5" data-testid="media-grid">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="group relative overflow-hidden rounded-lg border border-neutral-200 bg-neutral-50"
                  data-testid="media-item"
                  data-media-id={item.id}
                >
                  <button
                    type="button"
                    className="block w-full text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ink"
                    onClick={() => open(item)}
                    aria-label={onSelect ? `Sélectionner ${item.title || "Sans titre"}` : `Ouvrir ${item.title || "Sans titre"}`}
                  >
                    <Thumb item={item} />
                    <span className="block truncate py-1.5 pr-10 pl-2 text-xs font-semibold">{item.title || "Sans titre"}</span>
                  </button>
                  <MenuButton
                    className="absolute right-1 bottom-0.5"
                    label={`Actions pour ${item.title || "Sans titre"}`}
                    entries={entries(item)}
                    testId="media-actions"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <table className="w-full text-left text-sm" data-testid="media-list">
              <thead className="text-neutral-600">
                <tr>
                  <th className="px-2 py-2">Aperçu</th>
                  <th className="px-2 py-2">Titre</th>
                  <th className="hidden px-2 py-2 md:table-cell">Catégorie</th>
                  <th className="hidden px-2 py-2 md:table-cell">Type</th>
                  <th className="hidden px-2 py-2 sm:table-cell">Taille</th>
                  <th className="px-2 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className="border-t border-neutral-200" data-testid="media-item" data-media-id={item.id}>
                    <td className="w-20 px-2 py-1.5">
                      <div className="w-16">
                        <Thumb item={item} />
                      </div>
                    </td>
                    <td className="max-w-[12rem] truncate px-2 font-semibold">{item.title || "Sans titre"}</td>
                    <td className="hidden px-2 md:table-cell">{item.category}</td>
                    <td className="hidden px-2 md:table-cell">{TYPE_LABEL[item.type]}</td>
                    <td className="hidden px-2 whitespace-nowrap sm:table-cell">{formatBytes(item.size)}</td>
                    <td className="px-2 text-right whitespace-nowrap">
                      <span className="flex items-center justify-end gap-2">
                        <button
                          type="button"
                          className={`rounded-full px-3 py-1 text-xs font-bold ${onSelect ? "bg-brand-yellow text-ink" : "border border-neutral-300"}`}
                          onClick={() => open(item)}
                          aria-label={onSelect ? `Sélectionner ${item.title || "Sans titre"}` : `Ouvrir ${item.title || "Sans titre"}`}
                        >
                          {onSelect ? "Sélectionner" : "Ouvrir"}
                        </button>
                        <MenuButton label={`Actions pour ${item.title || "Sans titre"}`} entries={entries(item)} testId="media-actions" />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {source === "local" && data && data.total > 0 ? (
        <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Pages de la médiathèque">
          <span data-testid="media-total" className="whitespace-nowrap">
            {data.total} média{data.total > 1 ? "s" : ""}
          </span>
          <span className="flex items-center gap-2">
            <button
              type="button"
              disabled={page <= 1}
              className="rounded-full border border-neutral-300 px-3 py-1 disabled:opacity-40"
              onClick={() => setPage((p) => p - 1)}
            >
              Précédent
            </button>
            <span className="whitespace-nowrap">
              Page {page} sur {pages}
            </span>
            <button
              type="button"
              disabled={page >= pages}
              className="rounded-full border border-neutral-300 px-3 py-1 disabled:opacity-40"
              onClick={() => setPage((p) => p + 1)}
            >
              Suivant
            </button>
          </span>
        </nav>
      ) : null}
      {importing ? <BulkImportDialog onClose={() => setImporting(false)} /> : null}
      {editing ? (
        <MediaDetailsDialog
          item={editing.item}
          initialTab={editing.tab}
          onClose={() => setEditing(null)}
          onSaved={(item) => {
            setEditing(null);
            setNotice(`« ${item.title || "Média"} » a été enregistré.`);
            refresh();
          }}
          onDelete={() => setDeleting(editing.item)}
        />
      ) : null}
      {deleting ? <ConfirmDelete item={deleting} onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)} /> : null}
    </div>
  );
}

function Thumb({ item }: { item: MediaItem }) {
  if (item.type === "image") {
    return (
      <img
        src={item.thumbnail ?? item.url}
        alt={item.alt}
        loading="lazy"
        decoding="async"
        width={400}
        height={300}
        className="aspect-[4/3] w-full bg-neutral-200 object-cover"
      />
    );
  }
  return (
    <div className="flex aspect-[4/3] w-full items-center justify-center bg-neutral-800 text-sm font-bold text-white" aria-hidden="true">
      {item.type === "video" ? "▶ VIDÉO" : "PDF"}
    </div>
  );
}

/** Unsplash or Pexels results, searched by the server from 3 characters; choosing one adds it to the library. */
function StockResults({ provider, query, onAdded }: { provider: StockProvider; query: string; onAdded: (item: MediaItem) => void }) {
  const [state, setState] = useState<{ configured: boolean; items: StockItem[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const c = new AbortController();
    setLoading(true);
    const params = new URLSearchParams({ provider, q: query, page: "1" });
    mediaApi
      .stock(String(params), { signal: c.signal })
      .then((d) => {
        setState(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!c.signal.aborted) setError(e instanceof Error ? e.message : "Recherche impossible");
      })
      .finally(() => {
        if (!c.signal.aborted) setLoading(false);
      });
    return () => c.abort();
  }, [provider, query]);

  async function add(item: StockItem) {
    setAdding(item.id);
    setError(null);
    try {
      const r = await mediaApi.importStock(provider, item.id);
      onAdded(r.item);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Ajout impossible");
    } finally {
      setAdding(null);
    }
  }

  const label = PROVIDER_LABEL[provider];
  if (state && !state.configured) {
    return (
      <p className="rounded-lg bg-neutral-100 px-4 py-6 text-center text-sm" data-testid="stock-not-configured">
        {label} n'est pas configuré sur ce serveur ({provider === "unsplash" ? "UNSPLASH_ACCESS_KEY" : "PEXELS_API_KEY"}).
      </p>
    );
  }
  const items = state?.items ?? [];
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={loading} data-testid="stock-results">
      {error ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-lg font-semibold">{loading ? "Recherche…" : "Aucun média trouvé"}</p>
          <p className="mt-1 text-sm text-neutral-600">
            {query.length < 3 ? `Saisissez au moins 3 caractères pour rechercher sur ${label}.` : `Essayez d'autres mots-clés sur ${label}.`}
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
          {items.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-lg border border-neutral-200 bg-neutral-50" data-testid="stock-item">
              <button
                type="button"
                disabled={adding !== null}
                className="block w-full text-left disabled:opacity-60"
                onClick={() => void add(item)}
                aria-label={`Ajouter ${item.title || item.id} à la bibliothèque`}
              >
                <img src={item.thumbnail} alt={item.alt} loading="lazy" width={400} height={300} className="aspect-[4/3] w-full bg-neutral-200 object-cover" />
                <span className="block truncate px-2 py-1.5 text-xs">{adding === item.id ? "Ajout…" : `par ${item.author}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
