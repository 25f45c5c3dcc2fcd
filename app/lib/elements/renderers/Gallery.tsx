import { useEffect, useRef, useState } from "react";
import { parseGallery, type Gallery, type GalleryImage } from "~/lib/document/gallery";
import { translator } from "~/lib/i18n/messages";
import { useRenderContext } from "../context";
import { safeStyle } from "../style";
import type { ElementRendererProps } from "../types";
import { Picture } from "./Media";

export function GalleryElement({ element }: ElementRendererProps) {
  const parsed = parseGallery(element.content);
  if (!parsed.ok) return <p className="el-gallery-invalid text-sm text-red-700">Invalid gallery format</p>;
  const g = parsed.gallery;
  return (
    <div className={`el-gallery gallery-${g.type}`} style={safeStyle(element.styles)}>
      {g.type === "slider" ? <Slider gallery={g} /> : g.type === "masonry" ? <Masonry gallery={g} /> : <Grid gallery={g} />}
    </div>
  );
}

function Grid({ gallery }: { gallery: Gallery }) {
  const { columns, gap, aspectRatio, hoverEffect } = gallery.options;
  const zoomable = gallery.type === "lightbox" || gallery.options.lightbox;
  const [open, setOpen] = useState<number | null>(null);
  const ratio = aspectRatio === "auto" ? undefined : aspectRatio;
  return (
    <>
      <ul className="grid list-none p-0" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap }}>
        {gallery.images.map((img, i) => (
          <li key={`${img.url}-${i}`} className={`overflow-hidden ${hoverEffect ? "gallery-hover" : ""}`} style={{ aspectRatio: ratio }}>
            <Tile img={img} index={i} zoomable={zoomable} onOpen={setOpen} fill={Boolean(ratio)} />
          </li>
        ))}
      </ul>
      {zoomable && open !== null ? <Lightbox images={gallery.images} index={open} onChange={setOpen} /> : null}
    </>
  );
}

function Masonry({ gallery }: { gallery: Gallery }) {
  const { columns, gap } = gallery.options;
  return (
    <div style={{ columnCount: columns, columnGap: gap }}>
      {gallery.images.map((img, i) => (
        <div key={`${img.url}-${i}`} style={{ breakInside: "avoid", marginBottom: gap }}>
          <Picture src={img.url} alt={img.alt} className="block h-auto w-full" />
        </div>
      ))}
    </div>
  );
}

function Tile({ img, index, zoomable, onOpen, fill }: { img: GalleryImage; index: number; zoomable: boolean; onOpen: (i: number) => void; fill: boolean }) {
  const { lang } = useRenderContext();
  const cls = fill ? "block h-full w-full object-cover" : "block h-auto w-full";
  const picture = <Picture src={img.url} alt={img.alt} className={cls} sizes="(min-width: 768px) 33vw, 50vw" />;
  if (!zoomable) return picture;
  return (
    <button
      type="button"
      className="block h-full w-full cursor-zoom-in"
      onClick={() => onOpen(index)}
      data-gallery-open={index}
      aria-label={`${translator(lang)("gallery.open")} ${index + 1}`}
    >
      {picture}
    </button>
  );
}

function Lightbox({ images, index, onChange }: { images: GalleryImage[]; index: number; onChange: (i: number | null) => void }) {
  const { lang } = useRenderContext();
  const t = translator(lang);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const img = images[index];
  const go = (delta: number) => onChange((index + delta + images.length) % images.length);
  return (
    <dialog
      ref={ref}
      className="gallery-lightbox m-auto max-h-[90vh] max-w-[90vw] bg-transparent p-0 backdrop:bg-black/80"
      onClose={() => onChange(null)}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") go(1);
        if (e.key === "ArrowLeft") go(-1);
      }}
    >
      <Picture src={img.url} alt={img.alt} className="max-h-[80vh] w-auto" eager />
      <div className="mt-2 flex justify-center gap-2">
        <button type="button" className="gallery-btn" onClick={() => go(-1)} aria-label={t("gallery.previous")}>
          ‹
        </button>
        <button type="button" className="gallery-btn" onClick={() => ref.current?.close()} aria-label={t("gallery.close")}>
          ✕
        </button>
        <button type="button" className="gallery-btn" onClick={() => go(1)} aria-label={t("gallery.next")}>
          ›
        </button>
      </div>
    </dialog>
  );
}

function Slider({ gallery }: { gallery: Gallery }) {
  const { lang } = useRenderContext();
  const t = translator(lang);
  const { slidesPerView, gap, navigation, pagination, autoplay, aspectRatio } = gallery.options;
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = gallery.images.length;
  const scrollTo = (i: number) => {
    const el = track.current;
    const target = el?.children[(i + count) % Math.max(count, 1)] as HTMLElement | undefined;
    if (el && target) el.scrollTo({ left: target.offsetLeft - el.offsetLeft, behavior: "smooth" });
  };
  useEffect(() => {
    if (!autoplay || count < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % count), 4000);
    return () => clearInterval(timer);
  }, [autoplay, count]);
  useEffect(() => {
    if (autoplay) scrollTo(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const basis = `calc((100% - ${slidesPerView - 1} * ${gap}) / ${slidesPerView})`;
  // The data-gallery-* marks are what the exported file's small script drives (components/export/gallery-script.ts).
  return (
    <div className="relative" data-gallery-slider="" data-autoplay={autoplay && count > 1 ? "" : undefined}>
      <ul
        ref={track}
        data-gallery-track=""
        // A scrolling region is reached and scrolled with the keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={t("gallery.slides")}
        className="flex list-none snap-x snap-mandatory overflow-x-auto p-0 [scrollbar-width:none]"
        style={{ gap }}
        onScroll={(e) => {
          const el = e.currentTarget;
          const w = el.firstElementChild?.clientWidth ?? 1;
          setCurrent(Math.round(el.scrollLeft / w));
        }}
      >
        {gallery.images.map((img, i) => (
          <li
            key={`${img.url}-${i}`}
            className="shrink-0 snap-start overflow-hidden"
            style={{ flexBasis: basis, aspectRatio: aspectRatio === "auto" ? undefined : aspectRatio }}
          >
            <Picture src={img.url} alt={img.alt} className="block h-full w-full object-cover" sizes="(min-width: 768px) 33vw, 100vw" />
          </li>
        ))}
      </ul>
      {navigation && count > 1 ? (
        <div className="mt-3 flex justify-end gap-2">
          <button type="button" className="gallery-btn" onClick={() => scrollTo(current - 1)} data-gallery-step="-1" aria-label={t("gallery.previous")}>
            ‹
          </button>
          <button type="button" className="gallery-btn" onClick={() => scrollTo(current + 1)} data-gallery-step="1" aria-label={t("gallery.next")}>
            ›
          </button>
        </div>
      ) : null}
      {pagination && count > 1 ? (
        <div className="mt-2 flex justify-center gap-1">
          {gallery.images.map((_, i) => (
            <button
              key={i}
              type="button"
              className={`h-6 w-6 rounded-full after:mx-auto after:block after:h-2.5 after:w-2.5 after:rounded-full ${i === current ? "after:bg-brand-yellow" : "after:bg-neutral-400"}`}
              aria-label={`${t("gallery.goTo")} ${i + 1}`}
              aria-current={i === current ? "true" : undefined}
              onClick={() => scrollTo(i)}
              data-gallery-goto={i}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
