import { useState } from "react";
import { useRenderContext } from "../context";
import { safeStyle } from "../style";
import type { ElementRendererProps } from "../types";
import { parseVideoUrl } from "./video-url";
import { translator } from "~/lib/i18n/messages";

export function Picture({
  src,
  alt,
  className,
  style,
  eager = false,
  sizes = "(min-width: 1280px) 1280px, 100vw",
}: {
  src: string;
  alt: string;
  className?: string;
  style?: React.CSSProperties;
  eager?: boolean;
  sizes?: string;
}) {
  const { media } = useRenderContext();
  const info = media[src];
  const img = (
    <img
      src={src}
      alt={alt}
      width={info?.width}
      height={info?.height}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      fetchPriority={eager ? "high" : undefined}
      className={className}
      style={style}
    />
  );
  if (!info?.webp) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={info.srcset ?? info.webp} sizes={sizes} />
      {img}
    </picture>
  );
}

export function ImageElement({ element }: ElementRendererProps) {
  const { eagerImageId } = useRenderContext();
  if (!element.content) return null;
  const style = { height: "auto", maxWidth: "100%", ...safeStyle(element.styles) };
  const picture = (
    <Picture src={element.content} alt={element.alt ?? ""} style={style} eager={eagerImageId === element.id} className="el-image block" />
  );
  return element.href ? <a href={element.href}>{picture}</a> : picture;
}

/**
 * Videos render as a light facade: nothing is requested from YouTube or Vimeo until the visitor asks
 * for the video, which keeps pages fast and third parties away from visitors who never press play.
 */
export function VideoElement({ element }: ElementRendererProps) {
  const { lang } = useRenderContext();
  const t = translator(lang);
  const [playing, setPlaying] = useState(false);
  const embed = parseVideoUrl(element.content);
  if (!embed) return <p className="el-video-invalid text-sm opacity-70">Utilisez l'URL d'intégration YouTube ou Vimeo</p>;
  const title = element.alt || t("video.play");
  return (
    <div className="el-video relative w-full overflow-hidden rounded-lg bg-neutral-900" style={{ paddingTop: "56.25%", ...safeStyle(element.styles) }}>
      {playing ? (
        <iframe
          src={embed.embedUrl}
          title={title}
          className="absolute inset-0 h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="video-facade absolute inset-0 flex h-full w-full items-center justify-center"
          aria-label={`${t("video.play")} : ${title}`}
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-yellow text-neutral-900 shadow-lg" aria-hidden="true">
            <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor"><path d="M8 5v14l11-7z" /></svg>
          </span>
        </button>
      )}
    </div>
  );
}
