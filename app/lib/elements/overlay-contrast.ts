import { AA_TEXT, contrastRatio, formatRatio } from "~/lib/design/contrast";
import { MAX_OVERLAY } from "~/lib/document/schema";

/**
 * Text over a background image (issue 21): the image can be anything, so the check takes its brightest
 * possible part (white) under the overlay (black at `overlay` %) and its darkest (black), and measures the
 * text colour against both. A French warning when either fails WCAG AA, naming the overlay that would do.
 */
const grey = (overlay: number) => {
  const v = Math.round(255 * (1 - overlay / 100))
    .toString(16)
    .padStart(2, "0");
  return `#${v}${v}${v}`;
};

/** The worst contrast of `text` over an image under an overlay of `overlay` %, or null if `text` cannot be read. */
export function worstContrastOverImage(text: string, overlay: number): number | null {
  const light = contrastRatio(text, grey(overlay));
  const dark = contrastRatio(text, "#000000");
  if (light === null || dark === null) return null;
  return Math.min(light, dark);
}

/** The weakest overlay (a multiple of 5, up to 90 %) that keeps `text` readable over any image, or null. */
export function overlayNeeded(text: string): number | null {
  for (let o = 0; o <= MAX_OVERLAY; o += 5) {
    const r = worstContrastOverImage(text, o);
    if (r !== null && r >= AA_TEXT) return o;
  }
  return null;
}

export function overlayContrastWarning(text: string, overlay: number): string | null {
  const r = worstContrastOverImage(text, overlay);
  if (r === null || r >= AA_TEXT) return null;
  const need = overlayNeeded(text);
  const advice =
    need === null
      ? "Ce texte foncé ne se lira pas sur une image sombre : choisissez un texte blanc et un voile d'au moins 55\u202f%."
      : `Renforcez le voile à ${need}\u202f% au moins.`;
  return `Texte peu lisible sur l'image\u202f: ${formatRatio(r)} au pire (il faut au moins ${formatRatio(AA_TEXT)}, norme WCAG AA). ${advice}`;
}
