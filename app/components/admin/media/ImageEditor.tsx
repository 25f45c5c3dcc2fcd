import { useEffect, useRef, useState } from "react";
import { ReactCrop, type PixelCrop } from "react-image-crop";
import "react-image-crop/dist/ReactCrop.css";
import {
  ASPECT_PRESETS,
  centredCrop,
  displayedToSource,
  downloadName,
  EDIT_RANGES,
  estimatedBytes,
  exactCrop,
  EXPORT_FORMATS,
  finalSize,
  FORMAT_MIME,
  formatBytes,
  formatName,
  quarterTurns,
  uprightSize,
  type ExportFormat,
  type Rect,
} from "~/lib/media/edit-math";
import { NNBSP } from "~/lib/typography/french";
import type { MediaItem } from "~/lib/media/media-schemas";

/**
 * The 'Édition' tab of the image editor (seed 001 §2): loaded on demand (React.lazy) so neither the
 * builder nor the Médiathèque carries the cropping library. The preview is drawn on a canvas with the
 * same geometry the server applies: the quarter turns and the straightening, the largest upright
 * rectangle inside, then the crop in that rectangle's pixels, then the adjustments (CSS filters here,
 * sharp's modulate/linear there). The estimated size is a real encode of that canvas by the browser.
 */
export interface EditState {
  zoom: number;
  rotation: number;
  straighten: number;
  brightness: number;
  contrast: number;
  saturation: number;
  format: ExportFormat;
  quality: number;
  crop: Rect | null;
}

/**
 * The crop frame's and its handles' accessible names: react-image-crop's own are English (and give the side
 * handles the wrong arrows); the back-office speaks French.
 */
const CROP_LABELS = {
  cropArea: "Zone de recadrage : les flèches la déplacent",
  nwDragHandle: "Coin haut gauche du recadrage : les flèches le déplacent",
  nDragHandle: "Bord haut du recadrage : flèches haut et bas pour le déplacer",
  neDragHandle: "Coin haut droit du recadrage : les flèches le déplacent",
  eDragHandle: "Bord droit du recadrage : flèches gauche et droite pour le déplacer",
  seDragHandle: "Coin bas droit du recadrage : les flèches le déplacent",
  sDragHandle: "Bord bas du recadrage : flèches haut et bas pour le déplacer",
  swDragHandle: "Coin bas gauche du recadrage : les flèches le déplacent",
  wDragHandle: "Bord gauche du recadrage : flèches gauche et droite pour le déplacer",
};

const PREVIEW_SIDE = 1400;
const ENCODE_DELAY_MS = 400;

function filterOf(e: EditState) {
  return `brightness(${e.brightness}%) contrast(${e.contrast}%) saturate(${e.saturation}%)`;
}

/** The edited image on a canvas, at most `maxSide` px on its longer side (the download uses the full size). */
function render(img: HTMLImageElement, e: EditState, maxSide = Infinity, withFilter = true): HTMLCanvasElement {
  const w = img.naturalWidth;
  const h = img.naturalHeight;
  const upright = uprightSize(w, h, e.rotation, e.straighten);
  const c = e.crop ?? { x: 0, y: 0, ...upright };
  const s = Math.min(1, maxSide / Math.max(c.width, c.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(c.width * s));
  canvas.height = Math.max(1, Math.round(c.height * s));
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas;
  if (withFilter) ctx.filter = filterOf(e);
  ctx.scale(s, s);
  ctx.translate(-c.x, -c.y);
  // The upright rectangle is centred on the turn's centre.
  ctx.translate(upright.width / 2, upright.height / 2);
  ctx.rotate(((quarterTurns(e.rotation) + e.straighten) * Math.PI) / 180);
  ctx.drawImage(img, -w / 2, -h / 2);
  return canvas;
}

function Slider({
  label,
  value,
  min,
  max,
  step = 1,
  unit = "",
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onChange: (v: number) => void;
}) {
  return (
    <label className="block text-sm font-semibold">
      <span className="flex justify-between">
        {label}
        <span className="font-normal text-neutral-600">
          {value.toLocaleString("fr-FR")}
          {unit}
        </span>
      </span>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-neutral-900"
      />
    </label>
  );
}

export default function ImageEditor({
  item,
  edit,
  setEdit,
  edited,
  onRevert,
  reverting,
}: {
  item: MediaItem;
  edit: EditState;
  setEdit: (e: EditState) => void;
  edited: boolean;
  onRevert: () => void;
  reverting: boolean;
}) {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [cropping, setCropping] = useState(false);
  const [pending, setPending] = useState<PixelCrop | undefined>(undefined);
  const [turnedUrl, setTurnedUrl] = useState<string | null>(null);
  const [measured, setMeasured] = useState<{ key: string; bytes: number } | null>(null);
  const [aspect, setAspect] = useState<number | null>(null);
  const [exact, setExact] = useState<{ width: string; height: string }>({ width: "", height: "" });
  const [exactError, setExactError] = useState<string | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const cropImgRef = useRef<HTMLImageElement>(null);

  // The image is loaded with anonymous cross-origin access so the canvas stays readable (seed §4).
  useEffect(() => {
    const i = new Image();
    i.crossOrigin = "anonymous";
    i.onload = () => setImg(i);
    i.src = item.url;
    return () => {
      i.onload = null;
    };
  }, [item.url]);

  // Crop mode draws on the rotated (uncropped, unfiltered) image.
  useEffect(() => {
    if (!img || !cropping) return;
    if (quarterTurns(edit.rotation) === 0 && !edit.straighten) {
      setTurnedUrl(item.url);
      return;
    }
    let url: string | null = null;
    let live = true;
    render(img, { ...edit, crop: null }, PREVIEW_SIDE, false).toBlob((b) => {
      if (!b || !live) return;
      url = URL.createObjectURL(b);
      setTurnedUrl(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // Only the rotation matters for the crop view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [img, cropping, edit.rotation, edit.straighten, item.url]);

  useEffect(() => {
    const host = previewRef.current;
    if (!host || !img || cropping) return;
    const canvas = render(img, edit, PREVIEW_SIDE);
    canvas.className = "max-h-[55vh] max-w-full origin-center";
    canvas.style.transform = `scale(${edit.zoom / 100})`;
    canvas.setAttribute("data-testid", "editor-preview");
    canvas.setAttribute("data-width", String(canvas.width));
    host.replaceChildren(canvas);
  }, [img, edit, cropping]);

  const natural = img ? { width: img.naturalWidth, height: img.naturalHeight } : { width: item.width, height: item.height };
  const upright = uprightSize(natural.width, natural.height, edit.rotation, edit.straighten);
  const size = finalSize(natural.width, natural.height, edit.rotation, edit.straighten, edit.crop);
  const guess = estimatedBytes(
    { bytes: item.size, width: item.width, height: item.height, mime: item.fileType },
    { ...size, format: edit.format, quality: edit.quality },
  );
  const encodeKey = JSON.stringify({ ...edit, zoom: null });
  // The saved file's size: the browser encodes the edited image at full size (the same codecs as the
  // server's, libjpeg-turbo and libwebp), once the settings rest; until then the guess from the source.
  useEffect(() => {
    if (!img) return;
    let live = true;
    const t = setTimeout(() => {
      render(img, edit).toBlob(
        (b) => {
          if (live && b && b.type === FORMAT_MIME[edit.format]) setMeasured({ key: encodeKey, bytes: b.size });
        },
        FORMAT_MIME[edit.format],
        edit.quality / 100,
      );
    }, ENCODE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // encodeKey stands for every setting but the zoom, which does not change the file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [img, encodeKey]);
  const isMeasured = measured?.key === encodeKey;
  const estimate = isMeasured ? measured.bytes : guess;
  const set = (patch: Partial<EditState>) => setEdit({ ...edit, ...patch });
  /** A setting in per cent, between the limits the server checks too. */
  const percent = (key: "zoom" | "brightness" | "contrast" | "saturation" | "quality", label: string) => (
    <Slider label={label} value={edit[key]} min={EDIT_RANGES[key].min} max={EDIT_RANGES[key].max} unit="%" onChange={(v) => set({ [key]: v })} />
  );
  const rotate = (delta: number) => {
    // The slider's range is −180..180: keep the angle inside it. A crop drawn before no longer fits.
    let r = edit.rotation + delta;
    if (r > 180) r -= 360;
    if (r < -180) r += 360;
    set({ rotation: r, crop: null });
  };

  /** A straightening angle, kept inside −45..45 at a tenth of a degree; a crop drawn before no longer fits. */
  function straighten(value: number) {
    const a = Math.round(Math.min(EDIT_RANGES.straighten.max, Math.max(EDIT_RANGES.straighten.min, value)) * 10) / 10;
    set({ straighten: a, crop: aspect ? centredCrop(uprightSize(natural.width, natural.height, edit.rotation, a), aspect) : null });
  }

  function chooseAspect(ratio: number | null) {
    setAspect(ratio);
    setPending(undefined);
    if (ratio) set({ crop: centredCrop(upright, ratio) });
  }

  function applyExact() {
    const crop = exactCrop(upright, Number(exact.width), Number(exact.height));
    if (!crop) {
      setExactError(`Indiquez une largeur et une hauteur en pixels entiers, au plus ${upright.width}${NNBSP}×${NNBSP}${upright.height}${NNBSP}px.`);
      return;
    }
    setExactError(null);
    setAspect(null);
    set({ crop });
  }

  function apply() {
    const shown = cropImgRef.current;
    if (!pending || !shown || pending.width < 1 || pending.height < 1) return;
    set({ crop: displayedToSource(pending, { width: shown.width, height: shown.height }, upright) });
    setCropping(false);
    setPending(undefined);
  }

  function downloadEdited() {
    if (!img) return;
    render(img, edit).toBlob(
      (b) => {
        if (!b) return;
        const a = document.createElement("a");
        a.href = URL.createObjectURL(b);
        a.download = downloadName(item.title, edit.format);
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      },
      FORMAT_MIME[edit.format],
      edit.quality / 100,
    );
  }

  const section = "space-y-3 rounded-lg border border-neutral-200 p-3";
  const btn = "rounded-full border border-neutral-300 px-3 py-1 text-sm font-semibold hover:bg-neutral-100 disabled:opacity-50";

  return (
    <div className="grid min-h-0 gap-5 md:grid-cols-[1fr_20rem]" data-testid="image-editor">
      {/* The preview stays in view while the settings column scrolls beside it. */}
      <div className="flex min-h-[40vh] items-center justify-center self-start overflow-auto rounded-lg bg-neutral-100 p-3 md:sticky md:top-0">
        {!img ? (
          <p className="text-neutral-600">Chargement de l'image…</p>
        ) : cropping ? (
          turnedUrl ? (
            <ReactCrop crop={pending} onChange={(c) => setPending(c)} aspect={aspect ?? undefined} ruleOfThirds ariaLabels={CROP_LABELS}>
              <img ref={cropImgRef} src={turnedUrl} alt={item.alt} data-testid="crop-image" className="max-h-[55vh] max-w-full" draggable={false} />
            </ReactCrop>
          ) : null
        ) : (
          <div ref={previewRef} className="flex items-center justify-center" />
        )}
      </div>
      <div className="space-y-4 overflow-y-auto">
        <section className={section}>
          <h3 className="font-bold">Transformations</h3>
          {percent("zoom", "Zoom")}
          <Slider
            label="Rotation"
            value={edit.rotation}
            min={EDIT_RANGES.rotation.min}
            max={EDIT_RANGES.rotation.max}
            step={90}
            unit="°"
            onChange={(rotation) => set({ rotation, crop: null })}
          />
          <div className="space-y-1">
            <label className="flex items-center justify-between gap-2 text-sm font-semibold">
              Redresser (°)
              <input
                type="number"
                min={EDIT_RANGES.straighten.min}
                max={EDIT_RANGES.straighten.max}
                step={0.1}
                value={edit.straighten}
                onChange={(e) => {
                  const v = e.target.valueAsNumber;
                  if (Number.isFinite(v)) straighten(v);
                }}
                className="w-24 rounded-lg border border-neutral-300 px-2 py-1 text-right font-normal"
              />
            </label>
            <input
              type="range"
              aria-label="Redresser"
              min={EDIT_RANGES.straighten.min}
              max={EDIT_RANGES.straighten.max}
              step={0.1}
              value={edit.straighten}
              onChange={(e) => straighten(Number(e.target.value))}
              className="w-full accent-neutral-900"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={btn} onClick={() => rotate(-90)}>
              -90°
            </button>
            <button type="button" className={btn} onClick={() => rotate(90)}>
              +90°
            </button>
            <button
              type="button"
              className={btn}
              disabled={!img}
              onClick={() => {
                setCropping(!cropping);
                setPending(undefined);
              }}
            >
              {cropping ? "Annuler" : "Recadrer"}
            </button>
            {cropping && pending && pending.width > 0 && pending.height > 0 ? (
              <button type="button" className="rounded-full bg-neutral-900 px-3 py-1 text-sm font-semibold text-white" onClick={apply}>
                Appliquer
              </button>
            ) : null}
          </div>
          {cropping ? <p className="text-xs text-neutral-600">Tracez la zone à garder sur l'image avec la souris.</p> : null}
          <label className="block text-sm font-semibold">
            Proportions
            <select
              value={ASPECT_PRESETS.find((p) => p.ratio === aspect)?.label ?? "Libre"}
              onChange={(e) => chooseAspect(ASPECT_PRESETS.find((p) => p.label === e.target.value)?.ratio ?? null)}
              className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            >
              {ASPECT_PRESETS.map((p) => (
                <option key={p.label} value={p.label}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold">Taille exacte du recadrage</legend>
            <div className="flex flex-wrap items-center gap-1 text-sm">
              <input
                type="number"
                min={1}
                step={1}
                aria-label="Largeur du recadrage (px)"
                value={exact.width}
                onChange={(e) => setExact({ ...exact, width: e.target.value })}
                placeholder={String(upright.width)}
                className="w-20 rounded-lg border border-neutral-300 px-2 py-1"
              />
              <span aria-hidden="true">×</span>
              <input
                type="number"
                min={1}
                step={1}
                aria-label="Hauteur du recadrage (px)"
                value={exact.height}
                onChange={(e) => setExact({ ...exact, height: e.target.value })}
                placeholder={String(upright.height)}
                className="w-20 rounded-lg border border-neutral-300 px-2 py-1"
              />
              <span>px</span>
              <button type="button" className={btn} onClick={applyExact}>
                Appliquer la taille
              </button>
            </div>
            {exactError ? (
              <p role="alert" className="text-xs text-red-800">
                {exactError}
              </p>
            ) : null}
          </fieldset>
          {edit.crop && !cropping ? (
            <p className="text-xs text-neutral-600">
              Recadrage{NNBSP}: {edit.crop.width} × {edit.crop.height} px{" "}
              <button type="button" className="underline" onClick={() => set({ crop: null })}>
                Retirer
              </button>
            </p>
          ) : null}
        </section>
        <section className={section}>
          <h3 className="font-bold">Ajustements</h3>
          {percent("brightness", "Luminosité")}
          {percent("contrast", "Contraste")}
          {percent("saturation", "Saturation")}
        </section>
        <section className={section}>
          <h3 className="font-bold">Exportation</h3>
          <label className="block text-sm font-semibold">
            Format
            <select
              value={edit.format}
              onChange={(e) => set({ format: e.target.value as ExportFormat })}
              className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            >
              {EXPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {formatName(FORMAT_MIME[f])}
                </option>
              ))}
            </select>
          </label>
          {percent("quality", "Qualité")}
          <p className="text-sm" data-testid="editor-final">
            Dimensions finales{NNBSP}:{" "}
            <strong>
              {size.width} × {size.height} px
            </strong>
            <br />
            Taille estimée{NNBSP}:{" "}
            <strong data-testid="editor-estimate" data-bytes={estimate} data-measured={isMeasured}>
              {formatBytes(estimate)}
            </strong>
          </p>
          <button type="button" className={`${btn} w-full`} disabled={!img} onClick={downloadEdited}>
            Télécharger l'image modifiée
          </button>
        </section>
        {edited ? (
          <button type="button" className={`${btn} w-full`} disabled={reverting} onClick={onRevert}>
            {reverting ? "Restauration..." : "Revenir à l'original"}
          </button>
        ) : null}
      </div>
    </div>
  );
}
