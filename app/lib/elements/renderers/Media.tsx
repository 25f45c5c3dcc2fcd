import { useRenderContext } from "../context";
import { safeStyle } from "../style";
import type { ElementRendererProps } from "../types";

/** An image element's `sizes`: the page's content column at most (the public header's and the lead image's too). */
export const DOCUMENT_IMAGE_SIZES = "(min-width: 1280px) 1280px, 100vw";

export function Picture({
  src,
  alt,
  className,
  style,
  eager = false,
  sizes = DOCUMENT_IMAGE_SIZES,
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
  const picture = <Picture src={element.content} alt={element.alt ?? ""} style={style} eager={eagerImageId === element.id} className="el-image block" />;
  return element.href ? <a href={element.href}>{picture}</a> : picture;
}
