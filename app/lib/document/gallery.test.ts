import { describe, expect, it } from "vitest";
import { addGalleryImage, GALLERY_DEFAULTS, GALLERY_TYPES, parseGallery, type Gallery } from "./gallery";

function ok(content: string): Gallery {
  const r = parseGallery(content);
  if (!r.ok) throw new Error(`expected a gallery for ${content}`);
  return r.gallery;
}
const g = (v: unknown) => ok(JSON.stringify(v));

describe("parseGallery", () => {
  it("reads a legacy array of URLs as a 3-column grid with a 10px gap", () => {
    const gal = ok('["/a.jpg", "/b.jpg"]');
    expect(gal.type).toBe("grid");
    expect(gal.options.columns).toBe(3);
    expect(gal.options.gap).toBe("10px");
    expect(gal.images).toEqual([
      { url: "/a.jpg", alt: "" },
      { url: "/b.jpg", alt: "" },
    ]);
  });

  it("an empty legacy array is an empty grid", () => {
    expect(ok("[]").images).toEqual([]);
  });

  it.each(["{", "not json", "", "[1,", "{'type':'grid'}", "undefined"])("invalid JSON %j is ok:false", (content) => {
    expect(parseGallery(content)).toEqual({ ok: false });
  });

  it.each(["null", "42", '"a string"', "true"])("JSON that is not a gallery (%s) is ok:false", (content) => {
    expect(parseGallery(content)).toEqual({ ok: false });
  });

  it("an unknown type falls back to a grid", () => {
    const gal = g({ type: "hologram", images: ["/a.jpg"] });
    expect(gal.type).toBe("grid");
    expect(gal.images).toHaveLength(1);
    expect(g({ type: 42 }).type).toBe("grid");
  });

  it.each(GALLERY_TYPES)("type %s keeps its per-type defaults when no options are given", (type) => {
    const gal = g({ type, images: [] });
    expect(gal.type).toBe(type);
    expect(gal.options).toEqual({ ...GALLERY_DEFAULTS[type], columns: Math.min(GALLERY_DEFAULTS[type].columns, type === "lightbox" ? 4 : 5) });
  });

  it("per-type defaults of seed 001 §9", () => {
    expect(g({ type: "masonry" }).options.aspectRatio).toBe("auto");
    expect(g({ type: "instagram" }).options).toMatchObject({ gap: "2px", hoverEffect: true });
    expect(g({ type: "lightbox" }).options.lightbox).toBe(true);
    expect(g({ type: "slider" }).options).toMatchObject({ slidesPerView: 3, navigation: true, pagination: true, autoplay: false });
  });

  it.each([
    [0, 2],
    [1, 2],
    [2, 2],
    [3, 3],
    [5, 5],
    [6, 5],
    [100, 5],
    [-7, 2],
    [3.6, 4],
    ["4", 4],
  ])("grid columns %j are clamped to %s (2..5)", (columns, expected) => {
    expect(g({ type: "grid", options: { columns } }).options.columns).toBe(expected);
  });

  it.each([
    [1, 2],
    [4, 4],
    [5, 4],
    [9, 4],
  ])("lightbox columns %j are clamped to %s (2..4)", (columns, expected) => {
    expect(g({ type: "lightbox", options: { columns } }).options.columns).toBe(expected);
  });

  it.each([
    [0, 1],
    [1, 1],
    [4, 4],
    [5, 4],
    [-1, 1],
  ])("slidesPerView %j is clamped to %s (1..4)", (slidesPerView, expected) => {
    expect(g({ type: "slider", options: { slidesPerView } }).options.slidesPerView).toBe(expected);
  });

  it.each([null, "abc", {}, [], Number.NaN, "", true])("a non-numeric columns value (%j) keeps the default", (columns) => {
    expect(g({ type: "grid", options: { columns } }).options.columns).toBe(3);
  });

  it.each([
    ["20px", "20px"],
    [" 4px ", "4px"],
    [8, "8px"],
    ["20", "10px"],
    ["1em", "10px"],
    ["-5px", "10px"],
    ["100px", "10px"],
    ["10px; background:url(x)", "10px"],
    ["calc(1px + 1px)", "10px"],
    [null, "10px"],
    [true, "10px"],
  ])("gap %j becomes %j", (gap, expected) => {
    expect(g({ type: "grid", options: { gap } }).options.gap).toBe(expected);
  });

  it("instagram falls back to its own 2px gap on a bad value", () => {
    expect(g({ type: "instagram", options: { gap: "huge" } }).options.gap).toBe("2px");
  });

  it.each([
    ["16/9", "16/9"],
    ["4 / 3", "4 / 3"],
    ["auto", "auto"],
    ["1/1; color:red", "1/1"],
    ["wide", "1/1"],
  ])("aspect ratio %j becomes %j", (aspectRatio, expected) => {
    expect(g({ type: "grid", options: { aspectRatio } }).options.aspectRatio).toBe(expected);
  });

  it("booleans must be booleans", () => {
    const gal = g({ type: "slider", options: { navigation: "false", autoplay: 1, pagination: false } });
    expect(gal.options.navigation).toBe(true);
    expect(gal.options.autoplay).toBe(false);
    expect(gal.options.pagination).toBe(false);
  });

  it("options that are not an object are ignored", () => {
    expect(g({ type: "grid", options: "columns=5" }).options.columns).toBe(3);
    expect(g({ type: "grid", options: [5] }).options.columns).toBe(3);
  });

  it("reads object images with their alt text and drops invalid entries", () => {
    const gal = g({
      type: "grid",
      images: [
        "/a.jpg",
        { url: "/b.jpg", alt: "Une boutique" },
        { url: "/c.jpg" },
        { url: "/d.jpg", alt: 5 },
        { alt: "no url" },
        42,
        null,
        "",
        "   ",
        ["/x.jpg"],
        { url: "" },
      ],
    });
    expect(gal.images).toEqual([
      { url: "/a.jpg", alt: "" },
      { url: "/b.jpg", alt: "Une boutique" },
      { url: "/c.jpg", alt: "" },
      { url: "/d.jpg", alt: "" },
    ]);
  });

  it("images that are not an array give an empty gallery", () => {
    expect(g({ type: "grid", images: "/a.jpg" }).images).toEqual([]);
    expect(g({ type: "grid" }).images).toEqual([]);
  });

  it("caps images at 200, and overlong URLs and alt texts", () => {
    const many = Array.from({ length: 260 }, (_, i) => `/img-${i}.jpg`);
    expect(g({ type: "grid", images: many }).images).toHaveLength(200);
    expect(ok(JSON.stringify(many)).images).toHaveLength(200);
    const long = g({ type: "grid", images: [`/${"a".repeat(3000)}.jpg`, { url: "/ok.jpg", alt: "x".repeat(900) }] });
    expect(long.images).toHaveLength(1);
    expect(long.images[0].alt).toHaveLength(500);
  });

  it("never throws on deeply nested or odd JSON", () => {
    const deep = "[".repeat(2000) + "]".repeat(2000);
    expect(() => parseGallery(deep)).not.toThrow();
    expect(() => parseGallery('{"__proto__":{"polluted":1},"type":"grid"}')).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("addGalleryImage", () => {
  it("turns a legacy array into a 3-column grid and appends the URL", () => {
    const out = JSON.parse(addGalleryImage('["/a.jpg"]', "/b.jpg"));
    expect(out.type).toBe("grid");
    expect(out.options).toMatchObject({ columns: 3, gap: "10px" });
    expect(out.images).toEqual(["/a.jpg", "/b.jpg"]);
  });

  it.each(["{broken", "null", "", "12"])("replaces unparsable content (%j) by a new grid holding the image", (content) => {
    const out = JSON.parse(addGalleryImage(content, "/new.jpg"));
    expect(out).toEqual({ type: "grid", options: { columns: 3, gap: "10px" }, images: ["/new.jpg"] });
    expect(parseGallery(addGalleryImage(content, "/new.jpg")).ok).toBe(true);
  });

  it("keeps type, options and alt texts of a valid gallery", () => {
    const before = JSON.stringify({ type: "slider", options: { slidesPerView: 2, autoplay: true }, images: [{ url: "/a.jpg", alt: "A" }, "/b.jpg"] });
    const after = addGalleryImage(before, "/c.jpg");
    const gal = ok(after);
    expect(gal.type).toBe("slider");
    expect(gal.options.slidesPerView).toBe(2);
    expect(gal.options.autoplay).toBe(true);
    expect(gal.images).toEqual([
      { url: "/a.jpg", alt: "A" },
      { url: "/b.jpg", alt: "" },
      { url: "/c.jpg", alt: "" },
    ]);
  });
});
