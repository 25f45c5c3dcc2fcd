// The two font tools used by scripts/fonts/subsets.ts and the typefaces test ship no types: what is called.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "woff2" | "woff" | "truetype"; keepFeatures?: string[]; noLayoutClosure?: boolean },
  ): Promise<Buffer>;
}

declare module "fontverter" {
  const fontverter: { convert(font: Buffer, to: "truetype" | "woff" | "woff2"): Promise<Buffer> };
  export default fontverter;
}
