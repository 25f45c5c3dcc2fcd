import { useEffect, useState, type ReactNode } from "react";
import { openMediaLibrary } from "~/components/admin/media/BuilderMediaPicker";
import { SelectField } from "~/components/kit/fields";
import { resetStylesAction, setStylesAction, updateLayerAction } from "~/lib/builder/device-actions";
import { useBuilder, useBuilderStore } from "~/lib/builder/store";
import { effectiveStyles } from "~/lib/document/devices";
import type { Background, Column, Section } from "~/lib/document/schema";
import { resolveColor } from "~/lib/elements/contrast-check";
import { overlayContrastWarning } from "~/lib/elements/overlay-contrast";
import { SPACE_KIND } from "~/lib/elements/presets";
import { ColorPicker } from "./ColorPicker";
import { DeviceField, DeviceNotice } from "./DeviceMark";
import { themeVariables } from "./ElementDesignHints";
import { Visibility } from "./ElementSettings";
import { FocalPoint } from "./FocalPoint";
import { PresetField } from "./PresetField";

const TEXT_ALIGN = [
  ["", "Selon les éléments"],
  ["left", "Gauche"],
  ["center", "Centre"],
  ["right", "Droite"],
] as const;
const SECTION_VERTICAL = [
  ["", "En haut (par défaut)"],
  ["center", "Centrées"],
  ["end", "En bas"],
  ["stretch", "Même hauteur"],
] as const;
const COLUMN_VERTICAL = [
  ["", "En haut (par défaut)"],
  ["center", "Au milieu"],
  ["flex-end", "En bas"],
  ["space-between", "Réparties"],
] as const;

/**
 * A section's or a column's look (issue 21): inner spacing and the space between its columns or elements
 * as the design's named steps, a background (a site colour, or an image from the Médiathèque with a focal
 * point and an overlay whose text contrast is checked), content alignment and visibility. Spacing, colours
 * and alignment are per device, with the same mark and "Rétablir" as elements (DeviceMark.tsx).
 */
export function LayerLookSettings({ node, kind }: { node: Section | Column; kind: "section" | "column" }) {
  const store = useBuilderStore();
  const device = useBuilder((st) => st.device);
  const target = { kind, id: node.id } as const;
  const styled = { styles: node.styles ?? {}, deviceStyles: node.deviceStyles };
  const s = effectiveStyles(styled, device);
  const set = (values: Record<string, string>, field: string) => setStylesAction(store, target, values, `style:${field}`);
  const reset = (d: "tablet" | "mobile", keys: readonly string[]) => resetStylesAction(store, target, d, keys);
  const field = (keys: readonly string[], label: string, child: ReactNode) => (
    <DeviceField key={keys.join(" ")} node={styled} device={device} keys={keys} label={label} onReset={reset}>
      {child}
    </DeviceField>
  );
  const spacing = (key: string, label: string) =>
    field([key], label, <PresetField label={label} value={s[key] ?? ""} kind={SPACE_KIND} onChange={(v) => set({ [key]: v }, key)} />);
  const setBackground = (background: Background | undefined) => updateLayerAction(store, node.id, { background }, "background");
  const vertical = kind === "section" ? "alignItems" : "justifyContent";

  return (
    <div className="space-y-4" data-testid={`${kind}-look`}>
      <DeviceNotice device={device} />
      <fieldset className="space-y-3 rounded border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-semibold text-neutral-700">Espacement</legend>
        <div className="grid grid-cols-2 gap-3">
          {spacing("paddingTop", "Intérieur haut")}
          {spacing("paddingBottom", "Intérieur bas")}
          {field(
            ["paddingLeft", "paddingRight"],
            "Intérieur côtés",
            <PresetField
              label="Intérieur côtés"
              value={s.paddingLeft === s.paddingRight ? (s.paddingLeft ?? "") : ""}
              kind={SPACE_KIND}
              onChange={(v) => set({ paddingLeft: v, paddingRight: v }, "paddingX")}
            />,
          )}
          {spacing("gap", kind === "section" ? "Entre les colonnes" : "Entre les éléments")}
        </div>
      </fieldset>
      <fieldset className="space-y-3 rounded border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-semibold text-neutral-700">Fond</legend>
        {field(
          ["backgroundColor"],
          "Couleur de fond",
          <ColorPicker label="Couleur de fond" value={s.backgroundColor ?? ""} onChange={(v) => set({ backgroundColor: v }, "backgroundColor")} />,
        )}
        {field(["color"], "Couleur du texte", <ColorPicker label="Couleur du texte" value={s.color ?? ""} onChange={(v) => set({ color: v }, "color")} />)}
        <BackgroundImage background={node.background} textColor={s.color} onChange={setBackground} nodeId={node.id} />
      </fieldset>
      <fieldset className="space-y-3 rounded border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-semibold text-neutral-700">Alignement</legend>
        {field(
          ["textAlign"],
          "Alignement du texte",
          <SelectField label="Alignement du texte" value={s.textAlign ?? ""} options={TEXT_ALIGN} onChange={(v) => set({ textAlign: v }, "textAlign")} />,
        )}
        {field(
          [vertical],
          "Alignement vertical",
          <SelectField
            label={kind === "section" ? "Alignement vertical des colonnes" : "Alignement vertical des éléments"}
            value={s[vertical] ?? ""}
            options={kind === "section" ? SECTION_VERTICAL : COLUMN_VERTICAL}
            onChange={(v) => set({ [vertical]: v }, vertical)}
          />,
        )}
      </fieldset>
      <Visibility hide={node.hide} device={device} onChange={(hide) => updateLayerAction(store, node.id, { hide })} />
    </div>
  );
}

function BackgroundImage({
  background,
  textColor,
  onChange,
  nodeId,
}: {
  background: Background | undefined;
  textColor: string | undefined;
  onChange: (b: Background | undefined) => void;
  nodeId: string;
}) {
  const store = useBuilderStore();
  const warning = useOverlayWarning(background, textColor);
  if (!background) {
    return (
      <button
        type="button"
        className="w-full rounded border border-neutral-300 px-3 py-2 text-left text-sm font-semibold hover:border-ink"
        onClick={() => openMediaLibrary(store, { mediaType: "image", layerId: nodeId })}
        data-action="choose-background-image"
      >
        Image de fond (Médiathèque)…
      </button>
    );
  }
  return (
    <div className="space-y-2" data-testid="background-image">
      <FocalPoint
        image={background.image}
        x={background.focusX}
        y={background.focusY}
        onChange={(focusX, focusY) => onChange({ ...background, focusX, focusY })}
      />
      <label className="block text-sm">
        <span className="font-semibold text-neutral-700">Voile sombre&#8239;: {background.overlay}&#8239;%</span>
        <input
          type="range"
          min={0}
          max={90}
          step={5}
          value={background.overlay}
          onChange={(e) => onChange({ ...background, overlay: Number(e.target.value) })}
          className="mt-1 w-full"
          data-testid="background-overlay"
        />
      </label>
      {warning ? (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-950" data-testid="overlay-contrast-warning">
          {warning}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded border border-neutral-300 px-2 py-1 text-sm hover:border-ink"
          onClick={() => openMediaLibrary(store, { mediaType: "image", layerId: nodeId })}
        >
          Changer l'image
        </button>
        <button type="button" className="rounded border border-neutral-300 px-2 py-1 text-sm text-red-700 hover:border-ink" onClick={() => onChange(undefined)}>
          Retirer l'image
        </button>
      </div>
    </div>
  );
}

/** The text colour (the node's, or the theme's text) over the image under its overlay, in both themes. */
function useOverlayWarning(background: Background | undefined, textColor: string | undefined): string | null {
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => {
    const themes = background ? themeVariables() : null;
    if (!background || !themes) return setWarning(null);
    for (const theme of ["light", "dark"] as const) {
      const text = resolveColor(textColor ?? "var(--text)", themes[theme]);
      const w = text ? overlayContrastWarning(text, background.overlay) : null;
      if (w) return setWarning(w);
    }
    setWarning(null);
  }, [background, textColor]);
  return warning;
}
