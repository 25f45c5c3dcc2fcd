import { z } from "zod";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { FetchRefused, safeFetch } from "~/lib/http/safe-fetch.server";
import { runtime } from "~/lib/runtime.server";
import type { MediaItem } from "./media-schemas";
import type { StockItem, StockProvider } from "./stock-schemas";
import { importRemote } from "./upload.server";

/**
 * Unsplash photos and Pexels videos (seed 001 §7), searched by the server so the keys never reach the
 * browser: 20 per page, landscape, from 3 characters. Choosing a result asks the provider again for
 * that id (the browser's word is never a URL to fetch), downloads the file from the provider's own
 * hosts only, and stores it like an upload, crediting the author. Without a key: "not configured".
 */
export const PER_PAGE = 20;
const MIN_QUERY = 3;
const TIMEOUT_MS = 8000;

const unsplashPhoto = z.object({
  id: z.string().max(64),
  urls: z.object({ regular: z.string().url(), thumb: z.string().url() }),
  description: z.string().nullish(),
  alt_description: z.string().nullish(),
  width: z.number(),
  height: z.number(),
  created_at: z.string().nullish(),
  user: z.object({ name: z.string().max(200) }),
  links: z.object({ download_location: z.string().url().optional() }).optional(),
});
const pexelsVideo = z.object({
  id: z.number(),
  url: z.string().url(),
  image: z.string().url(),
  duration: z.number().optional(),
  user: z.object({ name: z.string().max(200) }),
  video_files: z.array(
    z.object({ link: z.string().url(), width: z.number().nullable(), height: z.number().nullable(), quality: z.string().nullable(), file_type: z.string() }),
  ),
});

function config(provider: StockProvider) {
  const e = runtime().env;
  return provider === "unsplash"
    ? { key: e.UNSPLASH_ACCESS_KEY, base: e.UNSPLASH_API_URL.replace(/\/+$/, ""), hosts: ["images.unsplash.com", "plus.unsplash.com"] }
    : { key: e.PEXELS_API_KEY, base: e.PEXELS_API_URL.replace(/\/+$/, ""), hosts: ["videos.pexels.com", "images.pexels.com"] };
}

function stockConfigured(provider: StockProvider): boolean {
  return !!config(provider).key;
}

/** The provider's file hosts, and its API host (where a test's fake provider serves its files). */
function isProviderUrl(provider: StockProvider, url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const c = config(provider);
  const api = new URL(c.base);
  if (u.username || u.password) return false;
  if (u.protocol === "https:" && c.hosts.includes(u.hostname)) return true;
  return u.origin === api.origin;
}

async function providerGet(provider: StockProvider, pathAndQuery: string): Promise<unknown> {
  const c = config(provider);
  if (!c.key) throw new ApiError(409, "stock_not_configured", `${provider === "unsplash" ? "Unsplash" : "Pexels"} n'est pas configuré sur ce serveur.`);
  const headers: Record<string, string> = provider === "unsplash" ? { Authorization: `Client-ID ${c.key}`, "Accept-Version": "v1" } : { Authorization: c.key };
  let res: Response;
  try {
    res = await safeFetch(`${c.base}${pathAndQuery}`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS), trust: [c.base] });
  } catch (e) {
    log.warn(`${provider} injoignable`, e);
    throw new ApiError(502, "stock_unavailable", "Le service de médias externe ne répond pas. Réessayez plus tard.");
  }
  if (res.status === 404) throw new ApiError(404, "not_found", "Média externe introuvable.");
  if (!res.ok) {
    log.warn(`${provider} a répondu ${res.status}`);
    throw new ApiError(502, "stock_unavailable", "Le service de médias externe ne répond pas. Réessayez plus tard.");
  }
  return res.json().catch(() => {
    throw new ApiError(502, "stock_unavailable", "Réponse inattendue du service de médias externe.");
  });
}

function fromUnsplash(p: z.infer<typeof unsplashPhoto>): StockItem {
  return {
    provider: "unsplash",
    id: p.id,
    thumbnail: p.urls.thumb,
    title: (p.description ?? p.alt_description ?? "").slice(0, 200),
    alt: (p.alt_description ?? "").slice(0, 500),
    width: p.width,
    height: p.height,
    author: p.user.name,
    createdAt: p.created_at ?? null,
  };
}

/** The HD file, else the widest (seed 001 §7). */
function pickVideoFile(files: z.infer<typeof pexelsVideo>["video_files"]) {
  const usable = files.filter((f) => f.file_type === "video/mp4" || f.file_type === "video/webm");
  return usable.find((f) => f.quality === "hd") ?? [...usable].sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0] ?? null;
}

function fromPexels(v: z.infer<typeof pexelsVideo>): StockItem {
  const file = pickVideoFile(v.video_files);
  return {
    provider: "pexels",
    id: String(v.id),
    thumbnail: v.image,
    title: `Vidéo Pexels ${v.id}`,
    alt: "",
    width: file?.width ?? 0,
    height: file?.height ?? 0,
    author: v.user.name,
    createdAt: null,
  };
}

export async function searchStock(provider: StockProvider, query: string, page: number): Promise<{ configured: boolean; items: StockItem[] }> {
  if (!stockConfigured(provider)) return { configured: false, items: [] };
  if (query.trim().length < MIN_QUERY) return { configured: true, items: [] };
  const qs = new URLSearchParams({ query: query.trim(), page: String(page), per_page: String(PER_PAGE), orientation: "landscape" });
  if (provider === "unsplash") {
    const parsed = z.object({ results: z.array(z.unknown()) }).safeParse(await providerGet(provider, `/search/photos?${qs}`));
    if (!parsed.success) return { configured: true, items: [] };
    return { configured: true, items: parsed.data.results.flatMap((r) => (unsplashPhoto.safeParse(r).success ? [fromUnsplash(unsplashPhoto.parse(r))] : [])) };
  }
  const parsed = z.object({ videos: z.array(z.unknown()) }).safeParse(await providerGet(provider, `/videos/search?${qs}`));
  if (!parsed.success) return { configured: true, items: [] };
  return { configured: true, items: parsed.data.videos.flatMap((r) => (pexelsVideo.safeParse(r).success ? [fromPexels(pexelsVideo.parse(r))] : [])) };
}

const FOREIGN = "Adresse refusée : elle n'appartient pas au fournisseur.";

async function download(provider: StockProvider, url: string): Promise<ReadableStream<Uint8Array>> {
  if (!isProviderUrl(provider, url)) throw new ApiError(400, "foreign_url", FOREIGN);
  const c = config(provider);
  let res: Response;
  try {
    // A redirect may lead to the provider's file hosts only (and within its API's host).
    res = await safeFetch(url, { signal: AbortSignal.timeout(60_000), trust: [c.base], redirectHosts: c.hosts });
  } catch (e) {
    if (e instanceof FetchRefused) {
      log.warn(`${provider} : téléchargement refusé (${e.message})`);
      throw new ApiError(400, "foreign_url", FOREIGN);
    }
    throw new ApiError(502, "stock_unavailable", "Téléchargement impossible depuis le fournisseur.");
  }
  if (!res.ok || !res.body) throw new ApiError(502, "stock_unavailable", "Téléchargement impossible depuis le fournisseur.");
  return res.body;
}

export async function importStock(provider: StockProvider, id: string, category: string, uploadedBy: string): Promise<MediaItem> {
  if (provider === "unsplash") {
    const photo = unsplashPhoto.safeParse(await providerGet(provider, `/photos/${encodeURIComponent(id)}`));
    if (!photo.success) throw new ApiError(502, "stock_unavailable", "Réponse inattendue du service de médias externe.");
    const p = photo.data;
    // Unsplash's terms: a download is reported through its download_location.
    if (p.links?.download_location && isProviderUrl(provider, p.links.download_location)) {
      const c = config(provider);
      // No redirect is followed: the report once went wherever the provider's answer pointed (issue 24 finding 10).
      void safeFetch(p.links.download_location, { headers: { Authorization: `Client-ID ${c.key}` }, signal: AbortSignal.timeout(TIMEOUT_MS), trust: [c.base] })
        .then((res) => res.body?.cancel())
        .catch((e: unknown) => log.warn("unsplash : signalement du téléchargement impossible", e instanceof Error ? e.message : e));
    }
    const item = fromUnsplash(p);
    const body = await download(provider, p.urls.regular);
    return importRemote(body, `unsplash-${p.id}`, { title: item.title || `Photo de ${p.user.name}`, alt: item.alt, category }, uploadedBy, {
      source: "unsplash",
      author: `${p.user.name} (Unsplash)`,
    });
  }
  if (!/^\d{1,15}$/.test(id)) throw new ApiError(404, "not_found", "Média externe introuvable.");
  const video = pexelsVideo.safeParse(await providerGet(provider, `/videos/videos/${id}`));
  if (!video.success) throw new ApiError(502, "stock_unavailable", "Réponse inattendue du service de médias externe.");
  const file = pickVideoFile(video.data.video_files);
  if (!file) throw new ApiError(422, "no_video_file", "Cette vidéo n'a pas de fichier MP4 ou WebM.");
  const body = await download(provider, file.link);
  return importRemote(body, `pexels-${id}`, { title: `Vidéo de ${video.data.user.name}`, alt: "", category }, uploadedBy, {
    source: "pexels",
    author: `${video.data.user.name} (Pexels)`,
  });
}
