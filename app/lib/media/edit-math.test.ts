import { describe, expect, it } from "vitest";
import { defaultFormat, displayedToSource, downloadName, estimatedBytes, finalSize, formatKb, mediaEditSchema, quarterTurns, rotatedSize } from "./edit-math";

describe("image editor maths", () => {
  it("estimated size is width × height × 4 × quality/100 bytes, shown in KB", () => {
    expect(estimatedBytes(1000, 500, 90)).toBe(1_800_000);
    expect(estimatedBytes(100, 100, 10)).toBe(4_000);
    expect(formatKb(estimatedBytes(1000, 500, 90)).replace(/\s/g, " ")).toBe("1 757,8 KB");
    expect(formatKb(4_000)).toBe("3,9 KB");
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

  it("final dimensions: the crop's, else the rotated image's", () => {
    expect(finalSize(1200, 800, 90, null)).toEqual({ width: 800, height: 1200 });
    expect(finalSize(1200, 800, 90, { x: 0, y: 0, width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
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
    expect(mediaEditSchema.safeParse({ format: "jpg", crop: { x: 0, y: 0, width: 10, height: 10, z: 1 } }).success).toBe(false);
  });
});
