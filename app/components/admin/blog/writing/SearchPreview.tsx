/**
 * How a search engine shows the article: title, address, description, with the lengths they cut at
 * (about 60 and 160 characters); past them the counter turns red and the preview cuts like they do.
 */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

function Counter({ n, max, label }: { n: number; max: number; label: string }) {
  return (
    <span className={n > max ? "font-semibold text-red-700" : "text-neutral-600"} data-over={n > max || undefined}>
      {label} {n}/{max}
    </span>
  );
}

export function SearchPreview({ title, url, description }: { title: string; url: string; description: string }) {
  return (
    <section className="rounded-lg border border-neutral-200 bg-white p-3" aria-label="Aperçu dans les résultats de recherche" data-testid="search-preview">
      <p className="text-xs font-semibold text-neutral-600">Aperçu dans un moteur de recherche</p>
      <p className="mt-2 truncate text-xs text-emerald-800">{url}</p>
      <p className="text-lg leading-snug text-blue-800">{cut(title || "Titre de l'article", SEARCH_TITLE_MAX)}</p>
      <p className="text-sm text-neutral-700">
        {cut(description || "Ajoutez une méta-description : sinon le moteur choisit un extrait de la page.", SEARCH_DESCRIPTION_MAX)}
      </p>
      <p className="mt-2 flex gap-3 text-xs">
        <Counter n={title.length} max={SEARCH_TITLE_MAX} label="Titre" />
        <Counter n={description.length} max={SEARCH_DESCRIPTION_MAX} label="Description" />
      </p>
    </section>
  );
}
