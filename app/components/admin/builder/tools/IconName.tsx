import { iconByMarkup } from "~/lib/icons/search";

/**
 * The French name of the library icon an element draws, for its settings; nothing for other markup.
 * Loaded lazily, with the icon set, so the builder's first chunk does not carry the catalogue.
 */
export function IconName({ markup }: { markup: string }) {
  const icon = iconByMarkup(markup);
  return icon ? (
    <span className="block truncate text-sm text-neutral-700" data-testid="icon-name">
      {icon.fr}
    </span>
  ) : null;
}

export { prepareIconLookup } from "~/lib/icons/search";
