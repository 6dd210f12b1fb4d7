// The hosted pages' languages: every catalogue complete and consistent with English, the choice of
// a language (ui_locales, Accept-Language, saved, English), English as the fallback, plural forms.
import { describe, expect, test } from "bun:test";
import { CATALOGUES, type Catalogue, type Message } from "../../../src/pages/i18n";
import { en } from "../../../src/pages/i18n/en";
import { chooseLocale, translator } from "../../../src/pages";

const names = (m: Message | undefined): string[] => {
  const texts = m === undefined ? [] : typeof m === "string" ? [m] : Object.values(m);
  return [...new Set(texts.flatMap((s) => [...(s ?? "").matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
};

describe("message catalogues", () => {
  for (const [locale, catalogue] of Object.entries(CATALOGUES) as [string, Catalogue][]) {
    if (locale === "en") continue;
    test(`${locale}: no key of the English catalogue is missing`, () => {
      const missing = Object.keys(en).filter((k) => !(k in catalogue));
      expect(missing, `keys missing in "${locale}": ${missing.join(", ")}`).toEqual([]);
    });
    test(`${locale}: no key that English does not have, and the same {names} in every message`, () => {
      const extra = Object.keys(catalogue).filter((k) => !(k in en));
      expect(extra, `keys in "${locale}" that English does not have`).toEqual([]);
      const differing = Object.keys(en)
        .filter((k) => k in catalogue)
        .filter((k) => {
          const mine = (catalogue as Record<string, Message>)[k];
          const theirs = (en as Record<string, Message>)[k];
          const expected = names(theirs).filter((n) => n !== "count");
          const got = names(mine).filter((n) => n !== "count");
          return expected.join() !== got.join() || typeof mine !== typeof theirs;
        });
      expect(differing, `messages of "${locale}" whose {names} or plural shape differ from English`).toEqual([]);
    });
    test(`${locale}: every plural message has the categories the language uses`, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const lacking = Object.entries(catalogue)
        .filter(([, m]) => typeof m === "object")
        .filter(([, m]) => categories.some((c) => !(c in (m as object))))
        .map(([k]) => k);
      expect(lacking).toEqual([]);
    });
  }
});

describe("translator", () => {
  test("fills values by name inside one sentence, in the page's language", () => {
    expect(translator("en")("consent.titleApp", { app: "Photos" })).toBe("Allow Photos to access your account?");
    expect(translator("de")("consent.titleApp", { app: "Photos" })).toBe("Photos Zugriff auf Ihr Konto erlauben?");
  });

  test("chooses the plural form with Intl.PluralRules and formats the number for the language", () => {
    const en = translator("en");
    const de = translator("de");
    expect(en("org.intro", { count: 1 })).toBe("Your account belongs to 1 organization. Choose it to continue.");
    expect(en("org.intro", { count: 3 })).toContain("3 organizations");
    expect(de("problem.locked", { count: 1 })).toContain("in 1 Minute erneut");
    expect(de("problem.locked", { count: 1500 })).toContain("in 1.500 Minuten erneut");
  });

  test("a key missing in a language falls back to English", () => {
    const original = (CATALOGUES.de as Record<string, Message>)["signIn.forgot"];
    delete (CATALOGUES.de as Record<string, Message>)["signIn.forgot"];
    try {
      expect(translator("de")("signIn.forgot")).toBe("Forgot password?");
    } finally {
      (CATALOGUES.de as Record<string, Message>)["signIn.forgot"] = original;
    }
  });

  test("a message handed over as { key, values } is worded by the page's language", () => {
    expect(translator("de").msg({ key: "problem.locked", values: { count: 5 } })).toBe(
      "Es gab zu viele Fehlversuche. Versuchen Sie es in 5 Minuten erneut.",
    );
  });
});

describe("chooseLocale", () => {
  test("ui_locales first: the first supported tag of the list wins, regions and case ignored", () => {
    expect(chooseLocale({ uiLocales: "fr-CA de-CH en", acceptLanguage: "en", saved: "en" })).toBe("de");
    expect(chooseLocale({ uiLocales: "EN-gb de", acceptLanguage: "de" })).toBe("en");
  });

  test("then Accept-Language by q-value (q=0 excluded, ties in order sent)", () => {
    expect(chooseLocale({ uiLocales: "fr ja", acceptLanguage: "fr;q=1, en;q=0.5, de;q=0.8" })).toBe("de");
    expect(chooseLocale({ acceptLanguage: "de;q=0, en-US;q=0.3" })).toBe("en");
    expect(chooseLocale({ acceptLanguage: "de-AT,en;q=0.9" })).toBe("de");
    expect(chooseLocale({ acceptLanguage: "fr, de, en" })).toBe("de");
    expect(chooseLocale({ acceptLanguage: "*;q=0.5, de;q=0.1" })).toBe("de");
  });

  test("then the saved choice, then English; malformed input counts as absent", () => {
    expect(chooseLocale({ acceptLanguage: "fr, es", saved: "de" })).toBe("de");
    expect(chooseLocale({ uiLocales: "  ", acceptLanguage: ";;,q=", saved: "xx-!!" })).toBe("en");
    expect(chooseLocale({})).toBe("en");
  });

  test("a tag seen before answers the same from memory (supported, unsupported, malformed), past the memory's bound too", () => {
    const cases = [
      [{ uiLocales: "de-CH" }, "de"],
      [{ uiLocales: "fr-CA", saved: "de" }, "de"],
      [{ uiLocales: "xx-!!", acceptLanguage: "en" }, "en"],
    ] as const;
    for (let round = 0; round < 2; round++) for (const [input, want] of cases) expect(chooseLocale(input)).toBe(want);
    for (let i = 0; i < 600; i++) chooseLocale({ uiLocales: `x${i}-de` });
    for (const [input, want] of cases) expect(chooseLocale(input)).toBe(want);
  });
});
