import { GALLERY_DEFAULTS, parseGallery, type Gallery, type GalleryImage, type GalleryOptions, type GalleryType } from "./gallery";

/**
 * Editing a gallery element's content (seed 001 §3, §4): every function takes the stored JSON and gives
 * new JSON. Adding follows the seed's rules (append; a legacy array becomes a 3-column 10 px grid;
 * unparsable content becomes a new grid holding only the new image); the others leave content they
 * cannot read as it is, for the panel's 'Format de galerie invalide'.
 */
export const MAX_GALLERY_IMAGES = 200;

function galleryContent(g: Gallery): string {
  return JSON.stringify({ type: g.type, options: g.options, images: g.images.map((i) => (i.alt ? { url: i.url, alt: i.alt } : i.url)) });
}

export function addImage(content: string, image: GalleryImage): string {
  const parsed = parseGallery(content);
  if (!parsed.ok) return JSON.stringify({ type: "grid", options: { columns: 3, gap: "10px" }, images: [image.alt ? image : image.url] });
  const g = parsed.gallery;
  if (g.images.length >= MAX_GALLERY_IMAGES) return content;
  return galleryContent({ ...g, images: [...g.images, image] });
}

function edit(content: string, change: (g: Gallery) => Gallery): string {
  const parsed = parseGallery(content);
  return parsed.ok ? galleryContent(change(parsed.gallery)) : content;
}

export const removeImage = (content: string, index: number) => edit(content, (g) => ({ ...g, images: g.images.filter((_, i) => i !== index) }));

export function moveImage(content: string, from: number, to: number): string {
  return edit(content, (g) => {
    if (from < 0 || from >= g.images.length || to < 0 || to >= g.images.length || from === to) return g;
    const images = [...g.images];
    const [moved] = images.splice(from, 1);
    images.splice(to, 0, moved);
    return { ...g, images };
  });
}

export const setImageAlt = (content: string, index: number, alt: string) =>
  edit(content, (g) => ({ ...g, images: g.images.map((img, i) => (i === index ? { ...img, alt: alt.slice(0, 500) } : img)) }));

/** The type chosen in 'Sélectionner un type de galerie', with its options; the images stay. */
export function setGalleryType(content: string, type: GalleryType, options: Partial<GalleryOptions>): string {
  const parsed = parseGallery(content);
  const images = parsed.ok ? parsed.gallery.images : [];
  const next = galleryContent({ type, options: { ...GALLERY_DEFAULTS[type], ...options }, images });
  // Through the parser once more, so the ranges of seed 001 §5 hold whatever the caller passed.
  const checked = parseGallery(next);
  return checked.ok ? galleryContent(checked.gallery) : next;
}
