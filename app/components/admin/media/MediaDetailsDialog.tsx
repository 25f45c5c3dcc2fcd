import { formatDateTime } from "~/lib/admin/site-zone";
import { mediaApi } from "~/lib/api/client";
import { lazy, Suspense, useEffect, useState } from "react";
import { defaultFormat, EDIT_DEFAULTS, formatBytes, formatName, type MediaEdit } from "~/lib/media/edit-math";
import type { MediaItem, MediaUsage } from "~/lib/media/media-schemas";
import type { EditState } from "./ImageEditor";
import { NBSP } from "~/lib/typography/french";
import { Dialog } from "~/components/kit/Dialog";

/**
 * 'Détails du média' / 'Éditeur d'image' (seed 001 §2), its Informations part: title, alt text and
 * category are saved on the server; file facts are read-only (a dash when missing, and the author and date
 * of shooting not shown at all when the photo did not say); where it is used.
 */
const NA = "—";
// The 'Édition' tab and its cropping library load only when opened.
const ImageEditor = lazy(() => import("./ImageEditor"));

function initialEdit(item: MediaItem): EditState {
  return { ...EDIT_DEFAULTS, format: defaultFormat(item.fileType), crop: null };
}

/** Whether the edit changes anything: an untouched Édition tab saves the labels only. */
function isIdentity(e: EditState, item: MediaItem) {
  const d = initialEdit(item);
  return (
    !e.crop &&
    e.rotation % 360 === 0 &&
    !e.straighten &&
    e.brightness === d.brightness &&
    e.contrast === d.contrast &&
    e.saturation === d.saturation &&
    e.format === d.format &&
    e.quality === d.quality
  );
}
const SOURCE_LABEL = { local: "Import local", unsplash: "Unsplash", pexels: "Pexels" } as const;

export function MediaDetailsDialog({
  item,
  onClose,
  onSaved,
  onDelete,
  initialTab = "info",
}: {
  item: MediaItem;
  /** "edit": opened by "Modifier l'image" straight on the Édition tab. */
  initialTab?: "info" | "edit";
  onClose: () => void;
  onSaved: (item: MediaItem) => void;
  onDelete: () => void;
}) {
  const [title, setTitle] = useState(item.title);
  const [alt, setAlt] = useState(item.alt);
  const [category, setCategory] = useState(item.category);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [usage, setUsage] = useState<MediaUsage[] | null>(null);
  const [tab, setTab] = useState<"info" | "edit">(item.type === "image" ? initialTab : "info");
  const [edit, setEdit] = useState<EditState>(() => initialEdit(item));
  const [edited, setEdited] = useState(false);
  const [reverting, setReverting] = useState(false);

  useEffect(() => {
    const c = new AbortController();
    mediaApi
      .usage(item.id, { signal: c.signal })
      .then((d) => {
        setUsage(d.usage);
        setEdited(d.edited === true);
      })
      .catch(() => {});
    return () => c.abort();
  }, [item.id]);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      let r = await mediaApi.update(item.id, { title, alt, category });
      if (tab === "edit" && !isIdentity(edit, item)) {
        const body: MediaEdit = {
          crop: edit.crop,
          rotation: edit.rotation,
          straighten: edit.straighten,
          brightness: edit.brightness,
          contrast: edit.contrast,
          saturation: edit.saturation,
          format: edit.format,
          quality: edit.quality,
        };
        r = await mediaApi.edit(item.id, body);
      }
      onSaved(r.item);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Enregistrement impossible");
    } finally {
      setSaving(false);
    }
  }

  async function revert() {
    setReverting(true);
    setError(null);
    try {
      const r = await mediaApi.revert(item.id);
      onSaved(r.item);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Restauration impossible");
      setReverting(false);
    }
  }

  const date = (iso: string, withTime = true) =>
    new Intl.DateTimeFormat("fr-FR", withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "long" }).format(new Date(iso));
  const facts: [string, string][] = [
    ["Type", item.type === "image" ? "Image" : item.type === "video" ? "Vidéo" : "PDF"],
    ["Format", item.fileType ? formatName(item.fileType) : NA],
    ["Taille", item.size ? formatBytes(item.size) : NA],
    ["Dimensions", item.width && item.height ? `${item.width} × ${item.height} px` : NA],
    ["Ajouté le", item.createdAt ? formatDateTime(item.createdAt) : NA],
    ["Source", SOURCE_LABEL[item.source] ?? NA],
    // Read from the photo's EXIF, XMP or IPTC at upload; a line nobody could fill is left out.
    ...(item.author ? [["Auteur", item.author] as [string, string]] : []),
    ...(item.takenAt ? [["Date de prise de vue", date(item.takenAt, !item.takenAt.endsWith("T00:00:00"))] as [string, string]] : []),
  ];
  const field = "mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2 font-normal";

  return (
    <Dialog
      title={item.type === "image" ? "Éditeur d'image" : "Détails du média"}
      onClose={onClose}
      testId="media-details"
      size="full"
      closeIn="header"
      headerActions={
        tab === "edit" ? (
          <button
            type="button"
            aria-label="Réinitialiser"
            title="Réinitialiser les modifications"
            className="rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap hover:bg-neutral-100"
            onClick={() => setEdit(initialEdit(item))}
          >
            <span aria-hidden="true">↺</span>
            <span className="hidden sm:inline"> Réinitialiser</span>
          </button>
        ) : null
      }
    >
      <div className="flex h-full flex-col">
        {item.type === "image" ? (
          <div role="tablist" className="mb-3 flex gap-1 border-b border-neutral-200">
            {(
              [
                ["info", "Informations"],
                ["edit", "Édition"],
              ] as const
            ).map(([k, label]) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === k ? "border-neutral-900" : "border-transparent text-neutral-600 hover:text-neutral-900"}`}
                onClick={() => setTab(k)}
              >
                {label}
              </button>
            ))}
          </div>
        ) : null}
        {tab === "edit" && item.type === "image" ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <Suspense fallback={<p className="p-4 text-neutral-600">Chargement de l'éditeur…</p>}>
              <ImageEditor item={item} edit={edit} setEdit={setEdit} edited={edited} onRevert={() => void revert()} reverting={reverting} />
            </Suspense>
          </div>
        ) : (
          <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto md:grid-cols-2">
            <div className="flex items-start justify-center rounded-lg bg-neutral-100 p-3">
              {item.type === "image" ? (
                <img
                  src={item.url}
                  alt={item.alt}
                  width={item.width || undefined}
                  height={item.height || undefined}
                  className="h-auto max-h-[60vh] max-w-full object-contain"
                />
              ) : item.type === "video" ? (
                <video src={item.url} controls preload="metadata" className="max-h-[60vh] w-full" />
              ) : (
                <a href={item.url} target="_blank" rel="noopener noreferrer" className="my-10 rounded-full bg-neutral-900 px-5 py-2 font-bold text-white">
                  Ouvrir le PDF
                </a>
              )}
            </div>
            <div className="space-y-3">
              <label className="block text-sm font-semibold">
                Titre
                <input value={title} onChange={(e) => setTitle(e.target.value)} className={field} />
              </label>
              <label className="block text-sm font-semibold">
                Texte alternatif
                <input value={alt} onChange={(e) => setAlt(e.target.value)} className={field} aria-describedby="alt-hint" />
                <span id="alt-hint" className="mt-1 block text-xs font-normal text-neutral-600">
                  Décrivez le média pour les personnes malvoyantes et pour le référencement (SEO).
                </span>
              </label>
              <label className="block text-sm font-semibold">
                Catégorie
                <input value={category} onChange={(e) => setCategory(e.target.value)} placeholder="Ex. : bannières, produits, équipe" className={field} />
              </label>
              {/* Seed 001 §2's Largeur/Hauteur: here the stored file's own size, read-only (a typed value would
                  not match the pixels, and public pages reserve their space from it); 'Édition' changes it. */}
              <div className="grid grid-cols-2 gap-3" data-testid="media-size-fields">
                {(
                  [
                    ["Largeur (px)", item.width],
                    ["Hauteur (px)", item.height],
                  ] as const
                ).map(([label, value]) => (
                  <label key={label} className="block text-sm font-semibold">
                    {label}
                    <input
                      type="text"
                      inputMode="numeric"
                      readOnly
                      value={value ? String(value) : NA}
                      aria-describedby="size-hint"
                      className={`${field} bg-neutral-50 text-neutral-700`}
                    />
                  </label>
                ))}
                <span id="size-hint" className="col-span-2 -mt-2 block text-xs text-neutral-600">
                  {item.type === "image" ? "Dimensions du fichier : le recadrage et la rotation de l'onglet Édition les changent." : "Dimensions du fichier."}
                </span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-neutral-50 p-3 text-sm" data-testid="media-facts">
                {facts.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-neutral-600">{k}</dt>
                    <dd className="font-semibold break-all">{v}</dd>
                  </div>
                ))}
              </dl>
              <div className="text-sm" data-testid="media-usage">
                <p className="font-semibold">Utilisé sur</p>
                {usage === null ? (
                  <p className="text-neutral-600">Chargement…</p>
                ) : usage.length === 0 ? (
                  <p className="text-neutral-600">Aucune page</p>
                ) : (
                  <UsageList usage={usage} />
                )}
              </div>
            </div>
          </div>
        )}
        {error ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap justify-between gap-2 border-t border-neutral-200 pt-4">
          <button type="button" className="rounded-full bg-red-600 px-4 py-2 font-bold text-white" onClick={onDelete}>
            Supprimer
          </button>
          <span className="flex gap-2">
            <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={onClose}>
              Annuler
            </button>
            <button
              type="button"
              disabled={saving}
              className="rounded-full bg-brand-yellow px-5 py-2 font-bold text-ink disabled:opacity-60"
              onClick={() => void save()}
            >
              {saving ? "Enregistrement..." : "Enregistrer"}
            </button>
          </span>
        </div>
      </div>
    </Dialog>
  );
}

const PLACE = { page: "Page", article: "Article", menu: "Menu", footer: "Pied de page", design: "Design", settings: "Réglages", model: "Modèle" } as const;
const STATE = { published: "", scheduled: " — programmé", draft: " — brouillon", revision: " — ancienne version" } as const;

/** Where an item is used (every version of it), as GET /api/media/:id lists it. */
function UsageList({ usage }: { usage: MediaUsage[] }) {
  return (
    <ul className="list-disc pl-5" data-testid="media-usage-list">
      {usage.map((u, i) => (
        <li key={`${u.place}-${u.pageId ?? u.title}-${u.lang ?? ""}-${i}`}>
          {PLACE[u.place]} «{NBSP}
          {u.title}
          {NBSP}»{u.path ? ` (${u.path}${u.lang ? `, ${u.lang.toUpperCase()}` : ""})` : ""}
          {STATE[u.state]}
        </li>
      ))}
    </ul>
  );
}

/** The delete confirmation names where the item is used; while the public site shows it, deleting is not offered. */
export function ConfirmDelete({ item, onCancel, onConfirm }: { item: MediaItem; onCancel: () => void; onConfirm: () => void }) {
  const [usage, setUsage] = useState<MediaUsage[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const c = new AbortController();
    mediaApi
      .usage(item.id, { signal: c.signal })
      .then((d) => setUsage(d.usage))
      .catch(() => {
        if (!c.signal.aborted) setFailed(true);
      });
    return () => c.abort();
  }, [item.id]);
  const blocked = usage?.some((u) => u.published) ?? false;
  return (
    <Dialog title={blocked ? "Suppression impossible" : "Confirmer la suppression"} onClose={onCancel} testId="media-confirm-delete">
      {usage === null && !failed ? (
        <p className="text-neutral-600">Recherche des pages qui utilisent ce média…</p>
      ) : blocked ? (
        <p role="alert">Le site public affiche ce média (ou une de ses versions). Retirez-le d'abord de{NBSP}:</p>
      ) : (
        <p>Êtes-vous sûr de vouloir supprimer ce média{NBSP}? Cette action est irréversible.</p>
      )}
      {usage && usage.length > 0 ? (
        <div className="mt-3 text-sm">
          {blocked ? null : <p className="font-semibold">Encore présent dans des brouillons ou d'anciennes versions (leurs fichiers sont conservés){NBSP}:</p>}
          <UsageList usage={blocked ? usage.filter((u) => u.published) : usage} />
        </div>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={onCancel}>
          {blocked ? "Compris" : "Annuler"}
        </button>
        {blocked ? null : (
          <button
            type="button"
            disabled={usage === null && !failed}
            className="rounded-full bg-red-600 px-4 py-2 font-bold text-white disabled:opacity-60"
            onClick={onConfirm}
          >
            Supprimer
          </button>
        )}
      </div>
    </Dialog>
  );
}
