import { describe, expect, it } from "vitest";
import {
  centredCrop,
  defaultFormat,
  displayedToSource,
  downloadName,
  estimatedBytes,
  exactCrop,
  finalSize,
  formatBytes,
  formatName,
  mediaEditSchema,
  quarterTurns,
  rotatedSize,
  straightenedSize,
  uprightSize,
} from "./edit-math";

describe("image editor maths", () => {
  it("sizes in French units with a decimal comma; formats by their names", () => {
    expect(formatBytes(850)).toBe("850\u00a0o");
    expect(formatBytes(4_000)).toBe("3,9\u00a0Ko");
    expect(formatBytes(1_326_285)).toBe("1,3\u00a0Mo");
    expect(formatBytes(1_024 * 1_024 * 1_024 * 2.5)).toBe("2,5\u00a0Go");
    // 1 295,2 Ko: the thousands are grouped with a (narrow) no-break space, never a comma or a dot.
    expect(formatBytes(1_326_284).replace(/\s/g, " ")).toBe("1,3 Mo");
    expect(formatBytes(1_000_000).replace(/\s/g, " ")).toBe("976,6 Ko");
    expect(formatName("image/jpeg")).toBe("JPEG");
    expect(formatName("image/png")).toBe("PNG");
    expect(formatName("image/webp")).toBe("WebP");
    expect(formatName("application/pdf")).toBe("PDF");
    expect(formatName("video/mp4")).toBe("MP4");
  });

  it("the estimated size follows the source's bytes per pixel, the output's pixels, format and quality", () => {
    // A 1,2 Mo photo of 4000 × 3000 stored as a JPEG at 90: re-saved the same, about the same size (not 21 Mo).
    const photo = { bytes: 1_200_000, width: 4000, height: 3000, mime: "image/jpeg" };
    expect(estimatedBytes(photo, { width: 4000, height: 3000, format: "jpg", quality: 90 })).toBe(1_200_000);
    // Half the pixels, half the bytes; lower quality, fewer bytes; WebP smaller than JPEG; PNG much larger.
    expect(estimatedBytes(photo, { width: 2000, height: 3000, format: "jpg", quality: 90 })).toBe(600_000);
    const q50 = estimatedBytes(photo, { width: 4000, height: 3000, format: "jpg", quality: 50 });
    expect(q50).toBeGreaterThan(0.5 * 1_200_000);
    expect(q50).toBeLessThan(0.7 * 1_200_000);
    expect(estimatedBytes(photo, { width: 4000, height: 3000, format: "webp", quality: 90 })).toBeLessThan(1_200_000);
    expect(estimatedBytes(photo, { width: 4000, height: 3000, format: "png", quality: 90 })).toBeGreaterThan(3 * 1_200_000);
    // The quality curve is monotonic between its points.
    const byQ = [10, 25, 40, 55, 70, 85, 95, 100].map((quality) => estimatedBytes(photo, { width: 4000, height: 3000, format: "jpg", quality }));
    expect(byQ).toEqual([...byQ].sort((a, b) => a - b));
    // A PNG source: its bytes are lossless, the JPEG it becomes is far smaller.
    expect(estimatedBytes({ ...photo, mime: "image/png" }, { width: 4000, height: 3000, format: "jpg", quality: 90 })).toBeLessThan(300_000);
    expect(estimatedBytes({ ...photo, bytes: 0 }, { width: 10, height: 10, format: "jpg", quality: 90 })).toBe(0);
  });

  it("straightening keeps the largest upright rectangle inside the turned image, a pixel in from each edge", () => {
    expect(straightenedSize(1200, 800, 0)).toEqual({ width: 1200, height: 800 });
    // Symmetric in the angle's sign, smaller as the angle grows, never larger than the image.
    expect(straightenedSize(1200, 800, 5)).toEqual(straightenedSize(1200, 800, -5));
    const five = straightenedSize(1200, 800, 5);
    const ten = straightenedSize(1200, 800, 10);
    expect(five.width).toBeLessThan(1200);
    expect(ten.width).toBeLessThan(five.width);
    // Known value: w' = (w·cos − h·sin) / cos 2a, h' = (h·cos − w·sin) / cos 2a.
    const a = (5 * Math.PI) / 180;
    const c2 = Math.cos(2 * a);
    expect(five).toEqual({
      width: Math.floor((1200 * Math.cos(a) - 800 * Math.sin(a)) / c2) - 2,
      height: Math.floor((800 * Math.cos(a) - 1200 * Math.sin(a)) / c2) - 2,
    });
    // At 45° a square keeps a square of side/√2; a long strip keeps a thin one, never 0 px.
    const sq = straightenedSize(1000, 1000, 45);
    expect(sq.width).toBe(sq.height);
    expect(Math.abs(sq.width - 1000 / Math.SQRT2)).toBeLessThanOrEqual(3);
    expect(straightenedSize(2000, 10, 45).height).toBeGreaterThanOrEqual(1);
    // Quarter turns first: the strip stands up, then straightens.
    expect(uprightSize(1200, 800, 90, 0)).toEqual({ width: 800, height: 1200 });
    expect(uprightSize(1200, 800, 90, 5)).toEqual({ width: five.height, height: five.width });
  });

  it("aspect presets and exact sizes give a crop centred in the image", () => {
    expect(centredCrop({ width: 1200, height: 800 }, 16 / 9)).toEqual({ x: 0, y: 62, width: 1200, height: 675 });
    expect(centredCrop({ width: 1200, height: 800 }, 9 / 16)).toEqual({ x: 375, y: 0, width: 450, height: 800 });
    expect(centredCrop({ width: 1200, height: 800 }, 1)).toEqual({ x: 200, y: 0, width: 800, height: 800 });
    expect(exactCrop({ width: 1200, height: 800 }, 640, 480)).toEqual({ x: 280, y: 160, width: 640, height: 480 });
    expect(exactCrop({ width: 1200, height: 800 }, 1201, 480)).toBeNull();
    expect(exactCrop({ width: 1200, height: 800 }, 0, 480)).toBeNull();
    expect(exactCrop({ width: 1200, height: 800 }, 10.5, 480)).toBeNull();
  });

  it("rotation by quarter turns swaps the dimensions", () => {
    expect(rotatedSize(1200, 800, 0)).toEqual({ width: 1200, height: 800 });
    expect(rotatedSize(1200, 800, 90)).toEqual({ width: 800, height: 1200 });
    expect(rotatedSize(1200, 800, -90)).toEqual({ width: 800, height: 1200 });
    expect(rotatedSize(1200, 800, 180)).toEqual({ width: 1200, height: 800 });
    expect(rotatedSize(1200, 800, -180)).toEqual({ width: 1200, height: 800 });
    expect([0, 90, 180, -90, -180, 270, 360].map(quarterTurns)).toEqual([0, 90, 180, 270, 180, 270, 0]);
  });

  it("a crop drawn on the displayed image becomes source pixels, clamped inside the image", () => {
    // Shown at 600 × 400, the file is 1200 × 800: everything doubles.
    expect(displayedToSource({ x: 10, y: 20, width: 300, height: 100 }, { width: 600, height: 400 }, { width: 1200, height: 800 })).toEqual({
      x: 20,
      y: 40,
      width: 600,
      height: 200,
    });
    // A crop running past the edge is cut at it; never 0 px.
    expect(displayedToSource({ x: 500, y: 390, width: 300, height: 50 }, { width: 600, height: 400 }, { width: 1200, height: 800 })).toEqual({
      x: 1000,
      y: 780,
      width: 200,
      height: 20,
    });
    expect(displayedToSource({ x: -5, y: 0, width: 0.1, height: 0.1 }, { width: 600, height: 400 }, { width: 1200, height: 800 })).toEqual({
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    });
    // Non-uniform scale (rounded per axis).
    expect(displayedToSource({ x: 33, y: 33, width: 100, height: 100 }, { width: 333, height: 333 }, { width: 1000, height: 500 })).toEqual({
      x: 99,
      y: 50,
      width: 300,
      height: 150,
    });
  });

  it("final dimensions: the crop's, else the turned and straightened image's", () => {
    expect(finalSize(1200, 800, 90, 0, null)).toEqual({ width: 800, height: 1200 });
    expect(finalSize(1200, 800, 0, 5, null)).toEqual(straightenedSize(1200, 800, 5));
    expect(finalSize(1200, 800, 90, 5, { x: 0, y: 0, width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
  });

  it("format from the file type else jpg; download named from the title else 'image'", () => {
    expect(defaultFormat("image/png")).toBe("png");
    expect(defaultFormat("image/webp")).toBe("webp");
    expect(defaultFormat("image/gif")).toBe("jpg");
    expect(defaultFormat("")).toBe("jpg");
    expect(downloadName("Photo d'équipe", "webp")).toBe("Photo d'équipe.webp");
    expect(downloadName("  ", "png")).toBe("image.png");
    expect(downloadName("../../etc/passwd", "jpg")).toBe("..-..-etc-passwd.jpg");
  });

  it("the edit body: seed ranges, quarter turns, defaults", () => {
    expect(mediaEditSchema.parse({ format: "jpg" })).toEqual({
      crop: null,
      rotation: 0,
      straighten: 0,
      brightness: 100,
      contrast: 100,
      saturation: 100,
      format: "jpg",
      quality: 90,
    });
    expect(mediaEditSchema.safeParse({ format: "jpg", rotation: -180, brightness: 50, contrast: 150, saturation: 0, quality: 10 }).success).toBe(true);
    expect(mediaEditSchema.safeParse({ format: "jpg", rotation: 45 }).success).toBe(false);
    expect(mediaEditSchema.safeParse({ format: "jpg", saturation: 201 }).success).toBe(false);
    expect(mediaEditSchema.safeParse({ format: "bmp" }).success).toBe(false);
    // Straightening: −45..45 in tenths of a degree.
    for (const straighten of [-45, -12.3, 0.1, 45]) expect(mediaEditSchema.safeParse({ format: "jpg", straighten }).success).toBe(true);
    for (const straighten of [-45.1, 45.5, 90, 1.25, Number.NaN, "3", null])
      expect(mediaEditSchema.safeParse({ format: "jpg", straighten }).success, String(straighten)).toBe(false);
    expect(mediaEditSchema.safeParse({ format: "jpg", crop: { x: 0, y: 0, width: 10, height: 10, z: 1 } }).success).toBe(false);
  });
});
