/**
 * Languages of the hosted pages (CONTRACT §15): the catalogues, the translator and the choice of a
 * language for a request. Adding a language: a catalogue file beside en.ts, one entry in
 * `CATALOGUES`; the catalogue test then lists what is still missing (docs/pages.md).
 */
import { de } from "./de";
import { type Catalogue, en, type Message, type MessageKey } from "./en";

export type { Catalogue, Message, MessageKey };

export const CATALOGUES = { en, de } as const satisfies Record<string, Catalogue>;
export type Locale = keyof typeof CATALOGUES;
export const LOCALES = Object.keys(CATALOGUES) as Locale[];
export const DEFAULT_LOCALE: Locale = "en";

/** The `{name}` placeholders of one sentence, as a union of names. */
type NamesIn<S extends string> = S extends `${string}{${infer N}}${infer Rest}` ? N | NamesIn<Rest> : never;
type NamesOf<M> = M extends string
  ? NamesIn<M>
  : M extends Record<string, string>
    ? NamesIn<M[keyof M]> | "count"
    : never;

/** The values a message needs, by name (taken from the English text, so a typo does not compile). */
export type ParamsOf<K extends MessageKey> = NamesOf<(typeof en)[K]>;
export type Values<K extends MessageKey> = Record<ParamsOf<K>, string | number>;
type Args<K extends MessageKey> = [ParamsOf<K>] extends [never] ? [] : [values: Values<K>];

/** A message chosen by one room and worded by another: a key with its values (an error to show, say). */
export type Msg = {
  [K in MessageKey]: [ParamsOf<K>] extends [never] ? { key: K } : { key: K; values: Values<K> };
}[MessageKey];

export interface Translator {
  locale: Locale;
  /** The message `key` in this language (English when it is missing), with its values filled in. */
  <K extends MessageKey>(key: K, ...values: Args<K>): string;
  /** The same for a `Msg` handed over by the HTTP layer. */
  msg(m: Msg): string;
}

/** One translator per language, made on first use: it holds nothing of a request. */
const translators = new Map<Locale, Translator>();

/** The translator of `locale` (the same object for every page in that language). */
export function translator(locale: Locale): Translator {
  let t = translators.get(locale);
  if (!t) {
    if (!Object.hasOwn(CATALOGUES, locale)) return makeTranslator(locale);
    t = Object.freeze(makeTranslator(locale));
    translators.set(locale, t);
  }
  return t;
}

function makeTranslator(locale: Locale): Translator {
  const catalogue: Catalogue = CATALOGUES[locale];
  const plural = new Intl.PluralRules(locale);
  const number = new Intl.NumberFormat(locale);
  const format = (key: MessageKey, values: Record<string, string | number> = {}): string => {
    const message: Message = catalogue[key] ?? en[key];
    const text =
      typeof message === "string" ? message : (message[plural.select(Number(values.count ?? 0))] ?? message.other);
    // Values are inserted as text: the page renders the result through Preact, which escapes it.
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = values[name];
      if (v === undefined) return whole;
      return typeof v === "number" ? number.format(v) : v;
    });
  };
  const t = ((key: MessageKey, values?: Record<string, string | number>) => format(key, values)) as Translator;
  t.locale = locale;
  t.msg = (m) => format(m.key, "values" in m ? (m.values as Record<string, string | number>) : undefined);
  return t;
}

/** Tags already resolved (a browser sends the same few on every page), bounded. */
const resolved = new Map<string, Locale | null>();
const RESOLVED_MAX = 512;

/** The supported language a BCP 47 tag asks for (`de-CH` → `de`), if any. */
export function supportedLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const known = resolved.get(tag);
  if (known !== undefined) return known ?? undefined;
  let locale: Locale | null = null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    const language = new Intl.Locale(canonical).language;
    locale = (LOCALES as string[]).includes(language) ? (language as Locale) : null;
  } catch {
    // not a well-formed tag: as if absent
  }
  if (resolved.size >= RESOLVED_MAX) resolved.delete(resolved.keys().next().value as string);
  resolved.set(tag, locale);
  return locale ?? undefined;
}

/**
 * `Accept-Language` (RFC 9110 §12.5.4) as tags by preference: highest `q` first, equal `q` in the
 * order sent; `q=0` means "not acceptable" and drops the tag; `*` matches nothing in particular.
 */
function byPreference(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * The language of a page (CONTRACT §15): the first supported tag of the OIDC `ui_locales` list
 * (space-separated, by preference), then the browser's `Accept-Language`, then the person's saved
 * choice, then English.
 */
export function chooseLocale(input: {
  uiLocales?: string | null;
  acceptLanguage?: string | null;
  saved?: string | null;
}): Locale {
  for (const tag of (input.uiLocales ?? "").split(/\s+/)) {
    const l = supportedLocale(tag);
    if (l) return l;
  }
  for (const tag of byPreference(input.acceptLanguage ?? "")) {
    const l = supportedLocale(tag);
    if (l) return l;
  }
  return supportedLocale(input.saved) ?? DEFAULT_LOCALE;
}
