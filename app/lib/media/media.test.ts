import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { srcsetOf, variantPlan } from "./images.server";
import { acceptedInBrowser, altFromFileName, mediaFieldsSchema, mediaListQuerySchema } from "./media-schemas";
import { isStorageKey, keyOf, newStorageBase, urlOf } from "./names";
import { looksLikeMarkup, sniff } from "./sniff.server";
import { parseRange } from "./serve.server";

describe("generated names", () => {
  it("are 24 base-32 characters, unique, with a known suffix and extension only", () => {
    const a = newStorageBase();
    expect(a).toMatch(/^[a-z2-7]{24}$/);
    expect(new Set(Array.from({ length: 200 }, newStorageBase)).size).toBe(200);
    expect(keyOf(a, "jpg")).toBe(`${a}.jpg`);
    expect(keyOf(a, "webp", "480")).toBe(`${a}-480.webp`);
    expect(urlOf(keyOf(a, "webp", "thumb"))).toBe(`/media/u/${a}-thumb.webp`);
    expect(() => keyOf(a, "svg")).toThrow();
    expect(() => keyOf("../../etc/passwd", "jpg")).toThrow();
  });
  it.each([
    "../x.jpg",
    "a/b.jpg",
    `${"a".repeat(24)}.html`,
    `${"a".repeat(24)}.jpg.php`,
    `${"A".repeat(24)}.jpg`,
    `${"a".repeat(24)}-../x.jpg`,
    "",
    `${"a".repeat(24)}.jpg\0`,
  ])("refuses %j as a key", (k) => {
    expect(isStorageKey(k)).toBe(false);
  });
});

describe("type checks", () => {
  it("recognise the seven accepted formats from their bytes, whatever the name", async () => {
    const img = (f: "jpeg" | "png" | "gif" | "webp") => {
      const image = sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } });
      return image[f]().toBuffer();
    };
    expect((await sniff(await img("jpeg")))?.mime).toBe("image/jpeg");
    expect((await sniff(await img("png")))?.ext).toBe("png");
    expect((await sniff(await img("gif")))?.ext).toBe("gif");
    expect((await sniff(await img("webp")))?.ext).toBe("webp");
    expect((await sniff(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n")))?.type).toBe("pdf");
  });
  it("refuse SVG, HTML, scripts, TIFF and unknown bytes", async () => {
    expect(await sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(await sniff(Buffer.from("<!doctype html><p>x"))).toBeNull();
    expect(await sniff(Buffer.from("alert(1)"))).toBeNull();
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00ff00" } })
      .tiff()
      .toBuffer();
    expect(await sniff(tiff)).toBeNull();
  });
  it("spot markup at the start of a file, not XMP metadata", () => {
    expect(looksLikeMarkup(Buffer.from("GIF89a<script>alert(1)</script>"))).toBe(true);
    expect(looksLikeMarkup(Buffer.from("%PDF-1.4 <html><body>"))).toBe(true);
    expect(looksLikeMarkup(Buffer.from("\xff\xd8\xff\xe1<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF></rdf:RDF></x:xmpmeta>", "latin1"))).toBe(false);
    expect(looksLikeMarkup(Buffer.concat([Buffer.alloc(1100), Buffer.from("<script>")]))).toBe(false);
  });
  it.each([
    ["an svg tag closed by a slash", "%PDF-1.4\n<svg/onload=alert(1)>"],
    ["an svg tag in capitals", "%PDF-1.4\n<SVG OnLoad=alert(1)>"],
    ["a tab after the tag name", "%PDF-1.4\n<svg\tonload=alert(1)>"],
    ["a newline after the tag name", "%PDF-1.4\n<svg\nonload=alert(1)>"],
    ["a NUL after the tag name", "%PDF-1.4\n<svg\0onload=alert(1)>"],
    ["an image tag closed by a slash", "%PDF-1.4 <img/src=x/onerror=alert(1)>"],
    ["a script tag closed by a slash", "\u0000\u0000\u0000\u0018ftypmp42<script/src=//x>"],
    ["an iframe tag closed by a slash", "GIF89a<iframe/src=//x>"],
    ["any tag with a handler after a slash", "GIF89a<x/onclick=alert(1)>"],
    ["any tag with a quoted handler", "GIF89a<details open ontoggle='alert(1)'>"],
    ["a link by a slash", "GIF89a<a/href=javascript:alert(1)>x</a>"],
    ["HTML after a UTF-8 byte-order mark", "\u00ef\u00bb\u00bf<html>"],
    ["HTML after whitespace and a comment", " \r\n\t<!-- x --><p>hello"],
    ["a bold tag at the very start", "<b>hi</b>"],
    ["an XML declaration at the start", "<?xml version='1.0'?><x/>"],
    ["a doctype at the start, any case", "<!DocType html>"],
  ])("spot %s", (_label, text) => {
    expect(looksLikeMarkup(Buffer.from(text, "latin1"))).toBe(true);
  });
  it("spot markup written in UTF-16 after its byte-order mark", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<svg/onload=alert(1)>", "utf16le")]);
    const be = Buffer.from(Buffer.concat([Buffer.from("<html>", "utf16le")])).swap16();
    expect(looksLikeMarkup(le)).toBe(true);
    expect(looksLikeMarkup(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(true);
  });
  it.each([
    [
      "XMP in a JPEG",
      "\xff\xd8\xff\xe1<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF><rdf:Description rdf:about='' xmlns:photoshop='ns'/></rdf:RDF></x:xmpmeta>",
    ],
    ["a PDF dictionary", "%PDF-1.7\n1 0 obj\n<</Type/XObject/Subtype/Image/Width 8/Filter/FlateDecode/Length 12>>\nstream"],
    ["a PDF hex string", "%PDF-1.7\n<FEFF004F006E> <</Title<4f6e6c6f6164>>>"],
    ["a comparison in text", "%PDF-1.4 if a<b and b>c"],
  ])("let %s through", (_label, text) => {
    expect(looksLikeMarkup(Buffer.from(text, "latin1"))).toBe(false);
  });
  it("the browser's filter is the seed's: image/*, video/* and application/pdf", () => {
    expect(["image/png", "image/svg+xml", "video/quicktime", "application/pdf"].map(acceptedInBrowser)).toEqual([true, true, true, true]);
    expect(["text/plain", "application/zip", ""].map(acceptedInBrowser)).toEqual([false, false, false]);
  });
});

describe("variants", () => {
  it("480, 960 and 1600 for wide images; the image's own width as the last step below 1600", () => {
    expect(variantPlan(4000).map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(variantPlan(1600).map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(variantPlan(1200).map((v) => [v.width, v.suffix])).toEqual([
      [480, "480"],
      [960, "960"],
      [1200, "1600"],
    ]);
    expect(variantPlan(700).map((v) => v.width)).toEqual([480, 700]);
    expect(variantPlan(300).map((v) => [v.width, v.suffix])).toEqual([[300, "480"]]);
    expect(
      srcsetOf([
        { url: "/a.webp", width: 480 },
        { url: "/b.webp", width: 960 },
      ]),
    ).toBe("/a.webp 480w, /b.webp 960w");
  });
});

describe("labels and inputs", () => {
  it("prefill the alt text from the file name (seed 001 §2)", () => {
    expect(altFromFileName("photo_equipe-2024.final.JPG")).toBe("photo equipe 2024.final");
    expect(altFromFileName("vitrine__boutique--ete.png")).toBe("vitrine boutique ete");
  });
  it("default the category to 'Non classé' and refuse control characters", () => {
    expect(mediaFieldsSchema.parse({ title: " T ", alt: "", category: "  " })).toEqual({ title: "T", alt: "", category: "Non classé" });
    expect(mediaFieldsSchema.safeParse({ title: "a\u0000", alt: "", category: "" }).success).toBe(false);
    expect(mediaListQuerySchema.parse({})).toMatchObject({ q: "", type: "all", page: 1, perPage: 40 });
    expect(mediaListQuerySchema.safeParse({ perPage: "1000" }).success).toBe(false);
  });
  it("read byte ranges as browsers send them for video seeking", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=500-", 1000)).toEqual({ start: 500, end: undefined });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900 });
    expect(parseRange("bytes=2000-", 1000)).toBe("invalid");
    expect(parseRange("bytes=5-1", 1000)).toBe("invalid");
    expect(parseRange("items=0-1", 1000)).toBeUndefined();
  });
});
