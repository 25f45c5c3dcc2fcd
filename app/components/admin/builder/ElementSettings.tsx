import { lazy, Suspense } from "react";
import { openMediaLibrary } from "~/components/admin/media/BuilderMediaPicker";
import { parseGallery, GALLERY_TYPES, type GalleryType } from "~/lib/document/gallery";
import type { Hide, PageElement } from "~/lib/document/schema";
import { ELEMENT_REGISTRY, type SettingField } from "~/lib/elements/registry";
import { SHADOWS } from "~/lib/elements/style";
import { updateElementAction } from "~/lib/builder/actions";
import { removeGalleryImageAction } from "~/lib/builder/gallery-actions";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { resetStylesAction, setStylesAction } from "~/lib/builder/device-actions";
import { effectiveStyles, type Device } from "~/lib/document/devices";
import { hiddenAt, isVisibilityOverridden, resetVisibility, withHidden } from "~/lib/document/visibility";
import { DEVICE_SETTING_KEYS, DeviceField, DeviceMark, DeviceNotice } from "./DeviceMark";
import { ColorPicker } from "./ColorPicker";
import { GalleryImages } from "./tools/GalleryImages";
import { CheckField, SelectField, TextField } from "~/components/kit/fields";
import { PresetField } from "./PresetField";
import { ElementDesignHints } from "./ElementDesignHints";
import { BUTTON_SIZE_KIND, fontSizeKind, HEIGHT_KIND, iconNaturalSize, iconSizeOptions, RADIUS_KIND, SPACE_KIND, WIDTH_KIND } from "~/lib/elements/presets";
import { colorRef } from "~/lib/design/tokens";

// With the icon set: only an icon's settings load it, or the builder once idle on a page that holds an icon
// (preloadIconName), so the first icon selected does not wait for the catalogue's chunk and lookup table.
let iconName: Promise<typeof import("./tools/IconName")> | undefined;
export function preloadIconName() {
  iconName ??= import("./tools/IconName").then((m) => {
    m.prepareIconLookup();
    return m;
  });
  return iconName;
}
const IconName = lazy(() => preloadIconName().then((m) => ({ default: m.IconName })));

/** Seed 001 §9 option lists. */
const FONT_WEIGHTS = [
  ["normal", "Normal"],
  ["bold", "Gras"],
  ["lighter", "Léger"],
  // The weights the seeded pages and new headings use (issue 11), named rather than shown as numbers.
  ["600", "Demi-gras"],
  ["700", "Gras (700)"],
  ["800", "Extra-gras"],
] as const;
const ALIGNMENTS = [
  ["left", "Gauche"],
  ["center", "Centre"],
  ["right", "Droite"],
  ["justify", "Justifié"],
] as const;
const SHADOW_OPTIONS = [
  ["none", "Aucune"],
  ["light", "Légère"],
  ["medium", "Moyenne"],
  ["strong", "Forte"],
  ["very strong", "Très forte"],
] as const;
const DIVIDER_STYLES = [
  ["solid", "Plein"],
  ["dashed", "Tirets"],
  ["dotted", "Pointillés"],
  ["double", "Double"],
] as const;
const DIVIDER_THICKNESS = ["1px", "2px", "3px", "4px", "5px"] as const;
const GALLERY_GAPS = ["5px", "10px", "15px", "20px", "30px"] as const;

function parseBorder(v: string | undefined): { width: string; style: string; color: string } {
  const m = (v ?? "").match(/^(\d+px)\s+(solid|dashed|dotted|double)\s+(\S+)$/);
  return m ? { width: m[1], style: m[2], color: m[3] } : { width: "1px", style: "solid", color: "#e5e7eb" };
}

export function ElementSettings({ element }: { element: PageElement }) {
  const store = useBuilderStore();
  const def = ELEMENT_REGISTRY[element.type];
  const mediaType = def?.library === "image" || def?.library === "video" ? def.library : null;
  const set = (patch: Partial<Omit<PageElement, "id" | "type">>, field?: string) => updateElementAction(store, element.id, patch, field);
  // Per-device (issue 11 §3): the fields show and change the values of the device shown (device-actions.ts).
  const device = useBuilder((st) => st.device);
  const target = { kind: "element", id: element.id } as const;
  const styles = (values: Record<string, string>, key: string) => setStylesAction(store, target, values, `style:${key}`);
  const style = (key: string, value: string) => styles({ [key]: value }, key);
  const s = effectiveStyles(element, device);
  const border = parseBorder(s.borderTop);
  const setBorder = (p: Partial<typeof border>) => {
    const b = { ...border, ...p };
    style("borderTop", `${b.width} ${b.style} ${b.color}`);
  };

  const field = (f: SettingField) => {
    switch (f) {
      case "level":
        return (
          <SelectField
            key={f}
            label="Niveau de titre"
            value={String(element.level ?? 2)}
            options={[
              ["1", "H1 (un seul par page)"],
              ["2", "H2"],
              ["3", "H3"],
              ["4", "H4"],
            ]}
            onChange={(v) => set({ level: Number(v) })}
          />
        );
      case "fontSize":
        return (
          <PresetField key={f} label="Taille du texte" value={s.fontSize ?? ""} kind={fontSizeKind(element.type)} onChange={(v) => style("fontSize", v)} />
        );
      case "fontWeight":
        return <SelectField key={f} label="Graisse" value={s.fontWeight ?? "normal"} options={FONT_WEIGHTS} onChange={(v) => style("fontWeight", v)} />;
      case "textAlign":
        return <SelectField key={f} label="Alignement" value={s.textAlign ?? "left"} options={ALIGNMENTS} onChange={(v) => style("textAlign", v)} />;
      case "color":
        return (
          <ColorPicker
            key={f}
            label={def?.fieldText.color?.label ?? "Couleur"}
            value={s.color ?? def?.fieldText.color?.unset ?? ""}
            onChange={(v) => style("color", v)}
          />
        );
      case "backgroundColor":
        return <ColorPicker key={f} label="Couleur de fond" value={s.backgroundColor ?? colorRef("brand")} onChange={(v) => style("backgroundColor", v)} />;
      case "borderRadius":
        return (
          <PresetField
            key={f}
            label="Arrondi"
            value={s.borderRadius ?? def?.fieldText.borderRadius?.unset ?? "0px"}
            kind={RADIUS_KIND}
            onChange={(v) => style("borderRadius", v)}
          />
        );
      case "padding":
        // A button's padding is its size (issue 21: "Petit, Moyen, Grand"); other elements' is a spacing.
        return element.type === "button" ? (
          <PresetField key={f} label="Taille du bouton" value={s.padding ?? ""} kind={BUTTON_SIZE_KIND} onChange={(v) => style("padding", v)} />
        ) : (
          <PresetField key={f} label="Marge intérieure" value={s.padding ?? ""} kind={SPACE_KIND} onChange={(v) => style("padding", v)} />
        );
      case "width":
        return <PresetField key={f} label="Largeur" value={s.width ?? "100%"} kind={WIDTH_KIND} onChange={(v) => style("width", v)} />;
      case "shadow":
        return (
          <SelectField
            key={f}
            label="Ombre"
            value={s.shadow && SHADOWS[s.shadow] ? s.shadow : "none"}
            options={SHADOW_OPTIONS}
            onChange={(v) => style("shadow", v)}
          />
        );
      case "dividerThickness":
        return <SelectField key={f} label="Épaisseur" value={border.width} options={DIVIDER_THICKNESS} onChange={(v) => setBorder({ width: v })} />;
      case "dividerStyle":
        return <SelectField key={f} label="Style" value={border.style} options={DIVIDER_STYLES} onChange={(v) => setBorder({ style: v })} />;
      case "dividerColor":
        return <ColorPicker key={f} label="Couleur de la ligne" value={border.color} onChange={(v) => setBorder({ color: v })} />;
      case "marginBottom":
        return <PresetField key={f} label="Marge inférieure" value={s.marginBottom ?? "0px"} kind={SPACE_KIND} onChange={(v) => style("marginBottom", v)} />;
      case "height":
        return <PresetField key={f} label="Hauteur" value={s.height ?? ""} kind={HEIGHT_KIND} onChange={(v) => style("height", v)} />;
      case "href":
        return (
          <TextField
            key={f}
            label="Lien (URL ou chemin)"
            type="url"
            value={element.href ?? ""}
            placeholder="https://exemple.fr ou /offres"
            onChange={(v) => set({ href: v }, "href")}
          />
        );
      case "alt":
        return <TextField key={f} label={def?.fieldText.alt?.label ?? "Texte alternatif"} value={element.alt ?? ""} onChange={(v) => set({ alt: v }, "alt")} />;
      case "richText":
        return (
          <button
            key={f}
            type="button"
            className="w-full rounded border border-neutral-300 px-3 py-2 text-left text-sm font-semibold hover:border-ink"
            onClick={() => store.setState({ tool: { kind: "text", elementId: element.id } })}
            data-action="settings-text-editor"
          >
            Ouvrir l'éditeur de texte
          </button>
        );
      case "icon":
        return (
          <div key={f} className="flex items-center gap-3">
            <span
              className="flex h-12 w-12 items-center justify-center rounded border border-neutral-200 [&>svg]:h-8 [&>svg]:w-8"
              style={{ color: s.color }}
              aria-hidden="true"
              dangerouslySetInnerHTML={{ __html: element.content }}
            />
            <div className="min-w-0 flex-1">
              <Suspense fallback={null}>
                <IconName markup={element.content} />
              </Suspense>
              <button
                type="button"
                className="mt-1 w-full rounded border border-neutral-300 px-3 py-2 text-left text-sm font-semibold hover:border-ink"
                onClick={() => store.setState({ tool: { kind: "icon", elementId: element.id } })}
                data-action="settings-icon-library"
              >
                Changer l'icône
              </button>
            </div>
          </div>
        );
      case "iconSize":
        return (
          <SelectField
            key={f}
            label="Taille de l'icône"
            // What the renderer draws without a size (renderers/Simple.tsx): the panel says what the page shows.
            value={s.width ?? iconNaturalSize(element.content)}
            options={iconSizeOptions(s.width ?? iconNaturalSize(element.content))}
            onChange={(v) => styles({ width: v, height: v }, "iconSize")}
          />
        );
      case "gallery":
        return (
          <GallerySettings
            key={f}
            element={element}
            onChange={(content) => set({ content })}
            onChooseType={() => store.setState({ tool: { kind: "gallery-type", elementId: element.id } })}
          />
        );
      default: {
        // Every settings field has its case: a new SettingField does not compile until it has one.
        const missing: never = f;
        return missing;
      }
    }
  };

  return (
    <div className="space-y-4" data-testid="element-settings">
      {mediaType ? (
        <button
          type="button"
          className="w-full rounded-lg bg-brand-yellow px-3 py-2 text-sm font-bold text-ink"
          onClick={() => openMediaLibrary(store, { mediaType, elementId: element.id })}
        >
          Choisir dans la médiathèque
        </button>
      ) : null}
      <h2 className="font-bold">Élément : {def?.label ?? element.type}</h2>
      <DeviceNotice device={device} />
      <ElementDesignHints element={element} onStyles={(styles) => set({ styles }, "style:preset")} />
      {def?.settings.map((f) => {
        const perDevice = DEVICE_SETTING_KEYS[f];
        if (!perDevice) return field(f);
        return (
          <DeviceField
            key={f}
            node={element}
            device={device}
            keys={perDevice.keys}
            label={perDevice.label}
            onReset={(d, k) => resetStylesAction(store, target, d, k)}
          >
            {field(f)}
          </DeviceField>
        );
      })}
      <Visibility hide={element.hide} device={device} onChange={(hide) => set({ hide })} />
    </div>
  );
}

/**
 * "Visibilité": one box per device. In Tablette or Mobile view, when the device shown is hidden or shown
 * unlike the larger device, "Modifié pour …" and "Rétablir" (visibility.ts), as for the other per-device fields.
 */
export function Visibility({ hide, device, onChange }: { hide: Hide | undefined; device: Device; onChange: (h: Hide | undefined) => void }) {
  const small = device === "desktop" ? null : device;
  const marked = small !== null && isVisibilityOverridden(hide, small);
  const box = (d: Device, label: string) => <CheckField label={label} checked={hiddenAt(hide, d)} onChange={(v) => onChange(withHidden(hide, d, v))} />;
  return (
    <fieldset className="space-y-1.5 rounded border border-neutral-200 p-3" data-device-field="hide" data-device-overridden={marked ? device : undefined}>
      <legend className="px-1 text-sm font-semibold text-neutral-700">Visibilité</legend>
      {box("mobile", "Masquer sur mobile")}
      {box("tablet", "Masquer sur tablette")}
      {box("desktop", "Masquer sur ordinateur")}
      {marked && small ? (
        <div className="mt-1">
          <DeviceMark device={small} label="Visibilité" onReset={() => onChange(resetVisibility(hide, small))} />
        </div>
      ) : null}
    </fieldset>
  );
}

function GallerySettings({ element, onChange, onChooseType }: { element: PageElement; onChange: (content: string) => void; onChooseType: () => void }) {
  const store = useBuilderStore();
  const parsed = parseGallery(element.content);
  if (!parsed.ok) {
    return (
      <div className="space-y-2">
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
          Format de galerie invalide
        </p>
        <button
          type="button"
          className="rounded border border-neutral-300 px-2 py-1 text-sm"
          onClick={() => onChange(JSON.stringify({ type: "grid", options: { columns: 3, gap: "10px" }, images: [] }))}
        >
          Réinitialiser la galerie
        </button>
      </div>
    );
  }
  const g = parsed.gallery;
  const write = (patch: Partial<typeof g>) => {
    const next = { ...g, ...patch };
    onChange(JSON.stringify({ type: next.type, options: next.options, images: next.images.map((i) => (i.alt ? i : i.url)) }));
  };
  const opt = (p: Partial<typeof g.options>) => write({ options: { ...g.options, ...p } });
  const maxCols = g.type === "lightbox" ? 4 : 5;
  return (
    <div className="space-y-3">
      <button
        type="button"
        className="w-full rounded border border-neutral-300 px-3 py-2 text-left text-sm font-semibold hover:border-ink"
        onClick={onChooseType}
        data-action="open-gallery-type"
      >
        Choisir le type de galerie…
      </button>
      <SelectField
        label="Type de galerie"
        value={g.type}
        options={GALLERY_TYPES.map(
          (t) => [t, { grid: "Grille", masonry: "Mosaïque", slider: "Carrousel", lightbox: "Visionneuse", instagram: "Instagram" }[t]] as [string, string],
        )}
        onChange={(v) => write({ type: v as GalleryType })}
      />
      {g.type === "slider" ? (
        <SelectField
          label="Images visibles"
          value={String(g.options.slidesPerView)}
          options={["1", "2", "3", "4"]}
          onChange={(v) => opt({ slidesPerView: Number(v) })}
        />
      ) : (
        <SelectField
          label="Colonnes"
          value={String(Math.min(g.options.columns, maxCols))}
          options={Array.from({ length: maxCols - 1 }, (_, i) => String(i + 2))}
          onChange={(v) => opt({ columns: Number(v) })}
        />
      )}
      <SelectField
        label="Espacement"
        value={GALLERY_GAPS.includes(g.options.gap as (typeof GALLERY_GAPS)[number]) ? g.options.gap : "10px"}
        options={GALLERY_GAPS}
        onChange={(v) => opt({ gap: v })}
      />
      {g.type === "slider" ? (
        <div className="space-y-1.5">
          <CheckField label="Flèches" checked={g.options.navigation} onChange={(v) => opt({ navigation: v })} />
          <CheckField label="Points" checked={g.options.pagination} onChange={(v) => opt({ pagination: v })} />
          <CheckField label="Défilement automatique" checked={g.options.autoplay} onChange={(v) => opt({ autoplay: v })} />
        </div>
      ) : null}
      <GalleryImages content={element.content} images={g.images} onChange={onChange} onRemove={(i) => removeGalleryImageAction(store, element.id, i)} />
    </div>
  );
}
