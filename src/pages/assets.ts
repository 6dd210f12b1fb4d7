/**
 * The pages' static assets: one stylesheet for every page, and one tiny stylesheet per brand colour.
 * Every name carries a hash of its content (or, for a brand, the colour itself plus a hash of the
 * template), so an asset never changes under its name and is served `immutable`. The brand colour
 * reaches the page through CSS custom properties in a served file, never an inline `style`, because
 * the pages' Content-Security-Policy forbids inline styles.
 */
import { readFileSync } from "node:fs";
import { contrast, LIGHT_TEXT, textOn } from "../kernel/contrast";
import { sha256Hex } from "../kernel/secrets";

/** Where the HTTP layer serves `pageAsset(name)`; pages link their stylesheets under it. */
export const ASSET_PATH = "/pages/assets/";

const BASE_CSS = readFileSync(new URL("./assets/pages.css", import.meta.url), "utf8");
const BASE_NAME = `pages.${sha256Hex(BASE_CSS).slice(0, 12)}.css`;

/** The default brand colour (a blue with at least 4.5:1 contrast on white and white on it). */
export const DEFAULT_COLOR = "#1f5fbf";

const toHex = (n: number) => Math.round(n).toString(16).padStart(2, "0");
/** `hex` mixed with black by `share` (0..1). */
function darken(hex: string, share: number): string {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) * (1 - share));
  return `#${c.map(toHex).join("")}`;
}

const WHITE = LIGHT_TEXT;

/**
 * The custom properties of a brand colour: `--brand` (buttons and accents), `--on-brand` (text on
 * it: white or near-black, whichever contrasts more), and `--brand-ink` (the colour darkened until
 * it reaches 4.5:1 on white, for focus rings and accents next to text), so any colour an
 * administrator picks still passes WCAG contrast.
 */
function brandCss(color: string): string {
  const onBrand = textOn(color);
  let ink = color;
  for (let share = 0.1; contrast(ink, WHITE) < 4.5 && share <= 1; share += 0.1) ink = darken(color, share);
  return `:root{--brand:${color};--on-brand:${onBrand};--brand-ink:${ink}}\n`;
}

const BRAND_VERSION = sha256Hex(brandCss("#000000")).slice(0, 8);
const BRAND_NAME = /^brand-([0-9a-f]{6})\.([0-9a-f]{8})\.css$/;

/** `#rrggbb` in lower case, or undefined when `color` is not of that form. */
export function normalColor(color: string | undefined | null): string | undefined {
  return color && /^#[0-9a-fA-F]{6}$/.test(color) ? color.toLowerCase() : undefined;
}

/** The stylesheet paths a page links, in order: the base sheet, then the brand's colours. */
export function stylesheets(primaryColor: string | undefined, base = ASSET_PATH): string[] {
  const color = normalColor(primaryColor) ?? DEFAULT_COLOR;
  return [`${base}${BASE_NAME}`, `${base}brand-${color.slice(1)}.${BRAND_VERSION}.css`];
}

/**
 * The asset named `name` (the last path segment under ASSET_PATH), or null for an unknown name. A
 * brand sheet is computed from its name, so every instance answers it without shared state.
 */
export function pageAsset(name: string): { body: string; contentType: string } | null {
  const css = "text/css; charset=utf-8";
  if (name === BASE_NAME) return { body: BASE_CSS, contentType: css };
  const m = BRAND_NAME.exec(name);
  if (m && m[2] === BRAND_VERSION) return { body: brandCss(`#${m[1]}`), contentType: css };
  return null;
}
