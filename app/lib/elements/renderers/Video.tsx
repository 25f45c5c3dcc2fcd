import { useState } from "react";
import { useRenderContext } from "../context";
import { safeStyle } from "../style";
import type { ElementRendererProps } from "../types";
import { parseVideoUrl } from "./video-url";
import { translator } from "~/lib/i18n/messages";

/**
 * Videos render as a light facade: nothing is requested from YouTube or Vimeo until the visitor asks
 * for the video, which keeps pages fast and third parties away from visitors who never press play.
 */
/** Uploaded videos (generated names, see app/lib/media/names.ts). */
const UPLOADED_VIDEO = /^\/media\/u\/[a-z2-7]{24}\.(?:mp4|webm)$/;

export function VideoElement({ element }: ElementRendererProps) {
  const { lang, surface } = useRenderContext();
  const t = translator(lang);
  // An exported page has no script to swap the facade for the player: it gets the player.
  const [playing, setPlaying] = useState(surface === "export");
  const embed = parseVideoUrl(element.content);
  if (UPLOADED_VIDEO.test(element.content)) {
    // A file from the Médiathèque plays in the page itself: nothing third-party, metadata only until play.
    return (
      <div className="el-video relative w-full overflow-hidden rounded-lg bg-neutral-900" style={{ paddingTop: "56.25%", ...safeStyle(element.styles) }}>
        <video src={element.content} controls playsInline preload="metadata" title={element.alt || undefined} className="absolute inset-0 h-full w-full" />
      </div>
    );
  }
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
          aria-label={`${t("video.play")}${t("text.colon")}${title}`}
        >
          {/* A poster drawn in CSS (brand shapes, app.css) and the video's title: no thumbnail is fetched from the
              provider before the visitor asks, so the page makes no third-party request and ships no extra JS. */}
          <span className="video-poster absolute inset-0" aria-hidden="true" data-testid="video-poster" />
          <span
            className="absolute inset-x-0 bottom-0 line-clamp-2 bg-gradient-to-t from-black/70 to-transparent px-4 pt-8 pb-3 text-left text-sm font-semibold text-white @tablet:text-base"
            aria-hidden="true"
          >
            {title}
          </span>
          <span className="relative flex h-16 w-16 items-center justify-center rounded-full bg-brand-yellow text-neutral-900 shadow-lg" aria-hidden="true">
            <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}
