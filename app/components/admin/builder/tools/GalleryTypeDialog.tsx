import { useId, useState } from "react";
import { GALLERY_DEFAULTS, GALLERY_TYPES, type GalleryOptions, type GalleryType } from "~/lib/document/gallery";
import { Dialog } from "~/components/kit/Dialog";

const GALLERY_TYPE_LABELS: Record<GalleryType, [string, string]> = {
  grid: ["Grille", "Images alignées en colonnes égales"],
  masonry: ["Mosaïque", "Colonnes de hauteurs libres"],
  slider: ["Carrousel", "Images qui défilent"],
  lightbox: ["Visionneuse", "Grille qui s'agrandit au clic"],
  instagram: ["Instagram", "Carrés serrés, effet au survol"],
};
/** Seed 001 §5: gaps of the selector (the panel's own list differs). */
const SELECTOR_GAPS = ["2px", "5px", "10px", "20px", "30px"] as const;
const RATIOS: [string, string][] = [
  ["1/1", "Carré (1:1)"],
  ["4/3", "Paysage (4:3)"],
  ["16/9", "Large (16:9)"],
  ["3/4", "Portrait (3:4)"],
  ["auto", "Libre"],
];

/**
 * 'Sélectionner un type de galerie' (seed 001 §2, §5, §9): the five types, then an options panel with the
 * seed's ranges and each type's defaults; Confirmer is disabled until a type is chosen.
 */
export function GalleryTypeDialog({ onConfirm, onClose }: { onConfirm: (type: GalleryType, options: GalleryOptions) => void; onClose: () => void }) {
  const id = useId();
  const [type, setType] = useState<GalleryType | null>(null);
  const [options, setOptions] = useState<GalleryOptions | null>(null);
  const choose = (t: GalleryType) => {
    setType(t);
    setOptions({ ...GALLERY_DEFAULTS[t] });
  };
  const opt = (p: Partial<GalleryOptions>) => setOptions((o) => (o ? { ...o, ...p } : o));
  const select = "mt-1 w-full rounded border border-neutral-300 bg-white px-2 py-1.5";
  const maxCols = type === "lightbox" ? 4 : 5;
  return (
    <Dialog
      title="Sélectionner un type de galerie"
      size="3xl"
      onClose={onClose}
      testId="gallery-type-dialog"
      confirm={{
        label: "Confirmer",
        onConfirm: (close) => {
          if (type && options) onConfirm(type, options);
          close();
        },
        disabled: !type || !options,
        action: "gallery-confirm",
      }}
    >
      <div role="radiogroup" aria-label="Type de galerie" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {GALLERY_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={type === t}
            onClick={() => choose(t)}
            className={`rounded-lg border p-3 text-left text-sm ${type === t ? "border-ink bg-brand-yellow/20 ring-2 ring-ink" : "border-neutral-300 hover:border-ink"}`}
            data-gallery-type={t}
          >
            <span className="block font-semibold">{GALLERY_TYPE_LABELS[t][0]}</span>
            <span className="block text-xs text-neutral-600">{GALLERY_TYPE_LABELS[t][1]}</span>
          </button>
        ))}
      </div>
      {type && options ? (
        <fieldset className="mt-4 grid gap-3 rounded-lg border border-neutral-200 p-3 text-sm sm:grid-cols-3" data-testid="gallery-options">
          <legend className="px-1 font-semibold">Options</legend>
          {type === "slider" ? (
            <label className="block" htmlFor={`${id}-spv`}>
              <span className="font-semibold text-neutral-700">Images visibles</span>
              <select id={`${id}-spv`} className={select} value={options.slidesPerView} onChange={(e) => opt({ slidesPerView: Number(e.target.value) })}>
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="block" htmlFor={`${id}-cols`}>
              <span className="font-semibold text-neutral-700">Colonnes</span>
              <select
                id={`${id}-cols`}
                className={select}
                value={Math.min(options.columns, maxCols)}
                onChange={(e) => opt({ columns: Number(e.target.value) })}
              >
                {Array.from({ length: maxCols - 1 }, (_, i) => i + 2).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="block" htmlFor={`${id}-gap`}>
            <span className="font-semibold text-neutral-700">Espacement</span>
            <select id={`${id}-gap`} className={select} value={options.gap} onChange={(e) => opt({ gap: e.target.value })}>
              {SELECTOR_GAPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
          <label className="block" htmlFor={`${id}-ratio`}>
            <span className="font-semibold text-neutral-700">Format des images</span>
            <select id={`${id}-ratio`} className={select} value={options.aspectRatio} onChange={(e) => opt({ aspectRatio: e.target.value })}>
              {RATIOS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          {type === "slider" ? (
            <>
              <Check label="Flèches" checked={options.navigation} onChange={(v) => opt({ navigation: v })} />
              <Check label="Points" checked={options.pagination} onChange={(v) => opt({ pagination: v })} />
              <Check label="Défilement automatique" checked={options.autoplay} onChange={(v) => opt({ autoplay: v })} />
            </>
          ) : null}
          {type !== "lightbox" ? <Check label="Agrandir au clic (visionneuse)" checked={options.lightbox} onChange={(v) => opt({ lightbox: v })} /> : null}
          <Check label="Effet au survol" checked={options.hoverEffect} onChange={(v) => opt({ hoverEffect: v })} />
        </fieldset>
      ) : (
        <p className="mt-4 text-sm text-neutral-600">Choisissez un type pour voir ses options.</p>
      )}
    </Dialog>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" className="h-4 w-4 accent-ink" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
