import { describe, expect, it } from "vitest";
import { parseGallery } from "./gallery";
import { addImage, MAX_GALLERY_IMAGES, moveImage, removeImage, setGalleryType, setImageAlt } from "./gallery-edit";

const read = (content: string) => {
  const r = parseGallery(content);
  if (!r.ok) throw new Error("not a gallery");
  return r.gallery;
};
const GRID = JSON.stringify({ type: "masonry", options: { columns: 4, gap: "5px" }, images: ["/a.jpg", { url: "/b.jpg", alt: "B" }, "/c.jpg"] });

describe("gallery rules", () => {
  it("appends an image with its alt text, keeping type and options", () => {
    const g = read(addImage(GRID, { url: "/d.jpg", alt: "Une terrasse" }));
    expect(g.type).toBe("masonry");
    expect(g.options.columns).toBe(4);
    expect(g.images.map((i) => i.url)).toEqual(["/a.jpg", "/b.jpg", "/c.jpg", "/d.jpg"]);
    expect(g.images[3].alt).toBe("Une terrasse");
  });

  it("a legacy array becomes a 3-column 10 px grid with the image appended", () => {
    const out = JSON.parse(addImage('["/a.jpg","/b.jpg"]', { url: "/c.jpg", alt: "" }));
    expect(out).toMatchObject({ type: "grid", options: { columns: 3, gap: "10px" }, images: ["/a.jpg", "/b.jpg", "/c.jpg"] });
  });

  it("unparsable content becomes a new grid with only the new image", () => {
    for (const bad of ["{", "not json", "42", "null"]) {
      expect(JSON.parse(addImage(bad, { url: "/n.jpg", alt: "" }))).toEqual({ type: "grid", options: { columns: 3, gap: "10px" }, images: ["/n.jpg"] });
    }
  });

  it("removes, reorders and sets alt texts; out-of-range moves and unreadable content change nothing", () => {
    expect(read(removeImage(GRID, 1)).images.map((i) => i.url)).toEqual(["/a.jpg", "/c.jpg"]);
    expect(read(moveImage(GRID, 0, 2)).images.map((i) => i.url)).toEqual(["/b.jpg", "/c.jpg", "/a.jpg"]);
    expect(read(moveImage(GRID, 2, 0)).images.map((i) => i.url)).toEqual(["/c.jpg", "/a.jpg", "/b.jpg"]);
    expect(read(moveImage(GRID, 0, 9)).images.map((i) => i.url)).toEqual(["/a.jpg", "/b.jpg", "/c.jpg"]);
    expect(read(setImageAlt(GRID, 0, "Salle")).images[0]).toEqual({ url: "/a.jpg", alt: "Salle" });
    expect(read(setImageAlt(GRID, 1, "")).images[1]).toEqual({ url: "/b.jpg", alt: "" });
    for (const f of [(c: string) => removeImage(c, 0), (c: string) => moveImage(c, 0, 1), (c: string) => setImageAlt(c, 0, "x")])
      expect(f("{oops")).toBe("{oops");
  });

  it("caps the number of images", () => {
    const many = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `/m${i}.jpg`));
    expect(read(many).images).toHaveLength(MAX_GALLERY_IMAGES);
    expect(read(addImage(many, { url: "/x.jpg", alt: "" })).images).toHaveLength(MAX_GALLERY_IMAGES);
  });

  it("sets a type with its defaults and keeps the seed's ranges", () => {
    const slider = read(setGalleryType(GRID, "slider", { slidesPerView: 9, gap: "20px" }));
    expect(slider.type).toBe("slider");
    expect(slider.options.slidesPerView).toBe(4);
    expect(slider.options.gap).toBe("20px");
    expect(slider.images).toHaveLength(3);
    expect(read(setGalleryType(GRID, "lightbox", { columns: 5 })).options.columns).toBe(4);
    expect(read(setGalleryType(GRID, "instagram", {})).options).toMatchObject({ gap: "2px", hoverEffect: true, aspectRatio: "1/1" });
    expect(read(setGalleryType("{broken", "grid", { columns: 2 })).images).toEqual([]);
  });
});
