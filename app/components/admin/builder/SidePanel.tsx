import { findBlock, findElement } from "~/lib/document/ops";
import { ELEMENT_TYPES, type Block } from "~/lib/document/schema";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { addBlockAction, addElementAction, updateBlockAction } from "~/lib/builder/actions";
import { openMediaLibrary } from "~/components/admin/media/BuilderMediaPicker";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { ColorPicker } from "./ColorPicker";
import { ElementSettings, Visibility } from "./ElementSettings";
import { resetStylesAction, setStylesAction } from "~/lib/builder/device-actions";
import { effectiveStyles } from "~/lib/document/devices";
import { DeviceField, DeviceNotice } from "./DeviceMark";
import { LayersPanel, StructureToggle } from "./layers/LayersPanel";
import { BuilderComments, CommentsToggle } from "./BuilderComments";
import { startPaletteDrag } from "./canvas/palette-drop";
import { SaveAsModelButton, SavedModels } from "./saved/SavedModels";
import { ColumnSettings, SectionSettings } from "./StructureSettings";
import { PresetField } from "./PresetField";
import { SPACE_KIND } from "~/lib/elements/presets";

const EMPTY = "Sélectionnez un bloc ou un élément pour modifier ses propriétés.";

/** The 20rem left panel: the Blocs tab adds things, the Paramètres tab edits the selection. */
export function SidePanel() {
  const tab = useBuilder((s) => s.tab);
  return (
    <aside className="w-80 shrink-0 overflow-y-auto border-r border-neutral-200 bg-white p-4" aria-label="Propriétés" data-testid="side-panel">
      <StructureToggle />
      <CommentsToggle />
      {tab === "blocks" ? <BlocksTab /> : tab === "layers" ? <LayersPanel /> : tab === "comments" ? <BuilderComments /> : <SettingsTab />}
    </aside>
  );
}

function BlocksTab() {
  const store = useBuilderStore();
  const btn = "rounded-lg border border-neutral-300 bg-white px-3 py-2 text-left text-sm hover:border-ink hover:bg-neutral-50";
  return (
    <div className="space-y-6">
      <section>
        <h2 className="mb-2 font-bold">Ajouter un bloc</h2>
        <div className="grid gap-2">
          <button type="button" className={btn} onClick={() => addBlockAction(store, "full-width")} data-action="add-layout-full">
            Pleine largeur (12)
          </button>
          <button type="button" className={btn} onClick={() => addBlockAction(store, "two-columns")} data-action="add-layout-two">
            Deux colonnes (6 + 6)
          </button>
          <button type="button" className={btn} onClick={() => addBlockAction(store, "three-columns")} data-action="add-layout-three">
            Trois colonnes (4 + 4 + 4)
          </button>
        </div>
      </section>
      <section>
        <h2 className="mb-2 font-bold">Ajouter un élément</h2>
        <div className="grid grid-cols-2 gap-2">
          {ELEMENT_TYPES.map((t) => (
            <button
              key={t}
              type="button"
              className={btn}
              onClick={() => addElementAction(store, t)}
              draggable
              onDragStart={(e) => startPaletteDrag(e, t)}
              title="Cliquez pour ajouter, ou glissez dans une colonne de la page"
              data-add-element={t}
            >
              {ELEMENT_REGISTRY[t].label}
            </button>
          ))}
        </div>
      </section>
      <SavedModels />
      <section>
        <h2 className="mb-2 font-bold">Médias</h2>
        <div className="grid gap-2">
          <button type="button" className={btn} onClick={() => openMediaLibrary(store, { mediaType: "image" })}>
            Ajouter une image
          </button>
          <button type="button" className={btn} onClick={() => openMediaLibrary(store, { mediaType: "video" })}>
            Ajouter une vidéo
          </button>
          <button type="button" className={btn} onClick={() => openMediaLibrary(store, { mediaType: "pdf" })}>
            Ajouter un document (PDF)
          </button>
        </div>
      </section>
    </div>
  );
}

function SettingsTab() {
  const selected = useBuilder((s) => s.selected);
  const element = useBuilder((s) => (s.selected?.kind === "element" ? findElement(s.doc, s.selected.id) : undefined));
  const block = useBuilder((s) => (s.selected?.kind === "block" ? findBlock(s.doc, s.selected.id) : undefined));
  if (selected?.kind === "section") return <SectionSettings id={selected.id} />;
  if (selected?.kind === "column") return <ColumnSettings id={selected.id} />;
  if (!selected || (!element && !block))
    return (
      <p className="text-sm text-neutral-600" data-testid="panel-empty">
        {EMPTY}
      </p>
    );
  if (element) return <ElementSettings element={element} />;
  return block ? <BlockSettings block={block} /> : null;
}

function BlockSettings({ block }: { block: Block }) {
  const store = useBuilderStore();
  // Per-device (issue 11 §3): on Tablette and Mobile the spacings change that device only.
  const device = useBuilder((st) => st.device);
  const target = { kind: "block", id: block.id } as const;
  const s = effectiveStyles(block, device);
  const style = (key: string, value: string) => setStylesAction(store, target, { [key]: value }, `style:${key}`);
  const spacing = (key: string, label: string) => (
    <DeviceField key={key} node={block} device={device} keys={[key]} label={label} onReset={(d, k) => resetStylesAction(store, target, d, k)}>
      <PresetField label={label} value={s[key] ?? ""} kind={SPACE_KIND} onChange={(v) => style(key, v)} />
    </DeviceField>
  );
  return (
    <div className="space-y-4" data-testid="block-settings">
      <h2 className="font-bold">Bloc</h2>
      <DeviceNotice device={device} />
      <div className="grid grid-cols-2 gap-3">
        {spacing("paddingTop", "Marge int. haut")}
        {spacing("paddingBottom", "Marge int. bas")}
        {spacing("paddingLeft", "Marge int. gauche")}
        {spacing("paddingRight", "Marge int. droite")}
        {spacing("marginTop", "Marge ext. haut")}
        {spacing("marginBottom", "Marge ext. bas")}
      </div>
      <ColorPicker label="Couleur de fond" value={s.backgroundColor ?? "#ffffff"} onChange={(v) => style("backgroundColor", v)} />
      <Visibility hide={block.hide} device={device} onChange={(hide) => updateBlockAction(store, block.id, { hide })} />
      <SaveAsModelButton block={block} />
    </div>
  );
}
