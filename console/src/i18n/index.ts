/**
 * The console's languages: English and German, a plain catalogue per language. The language is the
 * browser's first supported preference (`navigator.languages`), else English; a key missing in a
 * language shows the English text.
 */
import { de } from "./de";
import { type ConsoleCatalogue, type ConsoleKey, en } from "./en";

export type { ConsoleKey };

export const CONSOLE_CATALOGUES: Record<"en" | "de", ConsoleCatalogue> = { en, de };
export type ConsoleLocale = keyof typeof CONSOLE_CATALOGUES;

/** The first of `preferences` the console speaks (`de-AT` is `de`), else English. */
export function pickLocale(preferences: readonly string[]): ConsoleLocale {
  for (const tag of preferences) {
    if (typeof tag !== "string") continue;
    const language = tag.toLowerCase().split("-")[0];
    if (language === "en" || language === "de") return language;
  }
  return "en";
}

export const consoleLocale: ConsoleLocale =
  typeof navigator === "undefined" ? "en" : pickLocale([...(navigator.languages ?? []), navigator.language]);

/** `key` in the console's language (English when missing), with `{name}` values filled in. */
export function t(key: ConsoleKey, values: Record<string, string | number> = {}, locale = consoleLocale): string {
  const text = CONSOLE_CATALOGUES[locale][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
