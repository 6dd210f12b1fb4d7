/**
 * Colour contrast of WCAG 2.2 (§1.4.3 and the "contrast ratio" and "relative luminance"
 * definitions), for brand colours: the branding feature refuses a colour no text can be read on,
 * and the pages' brand stylesheet picks the text colour for it.
 */

/** Text colours a brand colour is paired with: white, or near-black when white reads worse. */
export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#111111";

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour for a background of `color`: white or near-black, whichever contrasts more. */
export function textOn(color: string): string {
  return contrast(color, LIGHT_TEXT) >= contrast(color, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** WCAG 2.2 AA for normal text (§1.4.3): the least contrast a button's label may have on the brand colour. */
export const MIN_TEXT_CONTRAST = 4.5;
