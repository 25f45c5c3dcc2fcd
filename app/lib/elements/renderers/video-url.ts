/** YouTube and Vimeo only (seed 001 §3): any other URL is refused rather than framed. */
interface VideoEmbed {
  provider: "youtube" | "vimeo";
  id: string;
  embedUrl: string;
}

export function parseVideoUrl(input: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^www\.|^m\./, "");
  let id: string | null = null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const m = url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]{6,20})/);
    id = m ? m[1] : url.pathname === "/watch" ? url.searchParams.get("v") : null;
  } else if (host === "youtu.be") {
    id = url.pathname.slice(1).split("/")[0] || null;
  }
  if (id && /^[\w-]{6,20}$/.test(id)) {
    return { provider: "youtube", id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const m = url.pathname.match(/^\/(?:video\/)?(\d{5,12})/);
    if (m) return { provider: "vimeo", id: m[1], embedUrl: `https://player.vimeo.com/video/${m[1]}?autoplay=1&dnt=1` };
  }
  return null;
}
