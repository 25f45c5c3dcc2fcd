import { useDeferredValue, useId, useMemo, useState } from "react";
import { ICON_CATEGORIES, iconCategoryLabel, searchIcons } from "~/lib/icons/search";
import { Dialog } from "~/components/kit/Dialog";

/**
 * Bibliothèque d'icônes (seed 001 §2): search, category filter, a 5-column grid. Choosing an icon gives
 * its SVG markup to the caller. Names, keywords and categories are French (decision 036); the English names
 * still match. This module and the icon set load only when the dialog opens.
 */
export function IconLibraryDialog({ onChoose, onClose }: { onChoose: (svg: string, name: string) => void; onClose: () => void }) {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState("");
  const deferred = useDeferredValue(query);
  const found = useMemo(() => searchIcons(deferred, category), [deferred, category]);
  const id = useId();
  return (
    <Dialog title="Bibliothèque d'icônes" size="3xl" onClose={onClose} testId="icon-library">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-q`} className="sr-only">
          Rechercher une icône
        </label>
        <input
          id={`${id}-q`}
          type="search"
          autoFocus
          placeholder="Rechercher une icône..."
          className="min-w-0 flex-1 rounded border border-neutral-300 px-2 py-1.5 text-sm"
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label htmlFor={`${id}-c`} className="sr-only">
          Catégorie
        </label>
        <select
          id={`${id}-c`}
          className="rounded border border-neutral-300 bg-white px-2 py-1.5 text-sm"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="">Toutes les catégories</option>
          {ICON_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {iconCategoryLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <p className="mt-2 text-xs text-neutral-500" aria-live="polite">
        {found.length} icône{found.length > 1 ? "s" : ""}
      </p>
      {found.length === 0 ? (
        <p className="py-10 text-center text-sm text-neutral-600" data-testid="icon-empty">
          Aucune icône trouvée
        </p>
      ) : (
        <ul className="mt-2 grid max-h-[55vh] grid-cols-5 gap-2 overflow-y-auto p-1" aria-label="Icônes">
          {found.map((icon) => (
            <li key={icon.name}>
              <button
                type="button"
                className="flex w-full flex-col items-center gap-1 rounded-lg border border-neutral-200 p-2 text-[11px] text-neutral-700 hover:border-ink hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand-teal"
                title={icon.fr}
                data-icon={icon.name}
                onClick={(e) => {
                  onChoose(icon.svg, icon.name);
                  (e.currentTarget.closest("dialog") as HTMLDialogElement | null)?.close();
                }}
              >
                <span className="h-6 w-6 [&>svg]:h-6 [&>svg]:w-6" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon.svg }} />
                <span className="w-full truncate text-center">{icon.fr}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-[11px] text-neutral-500">Icônes Lucide, licence ISC.</p>
    </Dialog>
  );
}
