/**
 * The console's catalogues (console/src/i18n): every English key has a German text, no language
 * has keys English lacks, `{names}` match English, and a missing key falls back to English. The
 * missing keys are listed by name, so a translator sees what is left.
 */
import { describe, expect, test } from "bun:test";
import { CONSOLE_CATALOGUES, pickLocale, t } from "../../console/src/i18n";
import { type ConsoleKey, en } from "../../console/src/i18n/en";

const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("console catalogues", () => {
  for (const [locale, catalogue] of Object.entries(CONSOLE_CATALOGUES)) {
    test(`${locale}: no key missing, none extra, the same {names} as English`, () => {
      const missing = Object.keys(en).filter((k) => catalogue[k as ConsoleKey] === undefined);
      const extra = Object.keys(catalogue).filter((k) => !(k in en));
      const differing = Object.keys(catalogue)
        .filter((k) => k in en)
        .filter((k) => names(catalogue[k as ConsoleKey]!).join() !== names(en[k as ConsoleKey]).join());
      if (missing.length) console.log(`console ${locale}: missing ${missing.join(", ")}`);
      expect({ missing, extra, differing }).toEqual({ missing: [], extra: [], differing: [] });
    });
  }

  test("a key missing in German shows English; values fill in; the browser's first supported language wins", () => {
    const de = CONSOLE_CATALOGUES.de as Record<string, string>;
    const saved = de["branding.saved"];
    delete de["branding.saved"];
    try {
      expect(t("branding.saved", {}, "de")).toBe("Saved.");
    } finally {
      de["branding.saved"] = saved;
    }
    expect(t("branding.scopeApp", { name: "Shop" }, "de")).toBe("Anwendung: Shop");
    expect(pickLocale(["fr-FR", "de-AT", "en"])).toBe("de");
    expect(pickLocale(["fr"])).toBe("en");
  });
});
