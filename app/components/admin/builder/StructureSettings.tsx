import { deleteSectionAction, duplicateSectionAction, resizeColumnAction, select } from "~/lib/builder/actions";
import { moveLayerByAction } from "~/lib/builder/layer-actions";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { placeOf } from "~/lib/document/layer-ops";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from "~/lib/document/ops";
import type { PageDocument } from "~/lib/document/schema";
import { LayerLookSettings } from "./LayerLookSettings";

/**
 * Settings of a selected section or column (issue 11 §6: a click on a section or a column selects it,
 * not its whole block): where it is, its own actions, and the way up to its parent.
 */
const btn = "rounded-lg border border-neutral-300 bg-white px-3 py-1.5 text-sm hover:border-ink disabled:opacity-40";

function sectionOf(doc: PageDocument, id: string) {
  const p = placeOf(doc, id);
  if (!p || p.sectionIndex < 0) return null;
  const block = doc.blocks[p.blockIndex];
  return { block, blockIndex: p.blockIndex, section: block.sections[p.sectionIndex], index: p.sectionIndex, columnIndex: p.columnIndex };
}

export function SectionSettings({ id }: { id: string }) {
  const store = useBuilderStore();
  const found = sectionOf(
    useBuilder((s) => s.doc),
    id,
  );
  if (!found || found.columnIndex >= 0) return null;
  const { block, blockIndex, section, index } = found;
  return (
    <div className="space-y-4" data-testid="section-settings">
      <h2 className="font-bold">Section {index + 1}</h2>
      <p className="text-sm text-neutral-700">
        {section.columns.length} colonne{section.columns.length > 1 ? "s" : ""} ({section.columns.map((c) => `${c.width}/12`).join(" + ")}) · section{" "}
        {index + 1} sur {block.sections.length} du bloc {blockIndex + 1}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn} disabled={index === 0} onClick={() => moveLayerByAction(store, id, -1)}>
          Monter
        </button>
        <button type="button" className={btn} disabled={index === block.sections.length - 1} onClick={() => moveLayerByAction(store, id, 1)}>
          Descendre
        </button>
        <button type="button" className={btn} onClick={() => duplicateSectionAction(store, id)}>
          Dupliquer
        </button>
        <button type="button" className={`${btn} text-red-700`} onClick={() => deleteSectionAction(store, id)}>
          Supprimer
        </button>
      </div>
      <button
        type="button"
        className="text-sm font-semibold underline"
        onClick={() => select(store, { kind: "block", id: block.id })}
        data-action="select-parent"
      >
        ↑ Sélectionner le bloc {blockIndex + 1}
      </button>
      <LayerLookSettings node={section} kind="section" />
    </div>
  );
}

export function ColumnSettings({ id }: { id: string }) {
  const store = useBuilderStore();
  const found = sectionOf(
    useBuilder((s) => s.doc),
    id,
  );
  if (!found || found.columnIndex < 0) return null;
  const { section, index: sectionIndex, columnIndex } = found;
  const column = section.columns[columnIndex];
  return (
    <div className="space-y-4" data-testid="column-settings">
      <h2 className="font-bold">Colonne {columnIndex + 1}</h2>
      <p className="text-sm text-neutral-700">
        {column.elements.length} élément{column.elements.length > 1 ? "s" : ""} · colonne {columnIndex + 1} sur {section.columns.length} de la section{" "}
        {sectionIndex + 1}
      </p>
      <div>
        <p className="mb-1 text-sm font-semibold">Largeur</p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={btn}
            disabled={column.width <= MIN_COLUMN_WIDTH}
            onClick={() => resizeColumnAction(store, id, column.width - 1)}
            aria-label="Réduire la largeur"
          >
            −
          </button>
          <span className="min-w-12 text-center font-semibold" data-testid="column-settings-width">
            {column.width}/12
          </span>
          <button
            type="button"
            className={btn}
            disabled={column.width >= MAX_COLUMN_WIDTH}
            onClick={() => resizeColumnAction(store, id, column.width + 1)}
            aria-label="Augmenter la largeur"
          >
            +
          </button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn} disabled={columnIndex === 0} onClick={() => moveLayerByAction(store, id, -1)}>
          Vers la gauche
        </button>
        <button type="button" className={btn} disabled={columnIndex === section.columns.length - 1} onClick={() => moveLayerByAction(store, id, 1)}>
          Vers la droite
        </button>
      </div>
      <button
        type="button"
        className="text-sm font-semibold underline"
        onClick={() => select(store, { kind: "section", id: section.id })}
        data-action="select-parent"
      >
        ↑ Sélectionner la section {sectionIndex + 1}
      </button>
      <LayerLookSettings node={column} kind="column" />
    </div>
  );
}
