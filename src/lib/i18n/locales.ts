/**
 * The UI languages, how one is chosen from the browser's preferences, and how a message is
 * filled in. Pure: no DOM, no state.
 */

export const LOCALES = ['en', 'ko', 'zh-Hant', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The setting: a language, or `auto` to follow the browser. */
export type LanguageSetting = 'auto' | Locale;

/** Each language's name in that language, as the setting lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ko: '한국어',
  'zh-Hant': '繁體中文',
  fr: 'Français',
};

export function isLanguageSetting(value: unknown): value is LanguageSetting {
  return value === 'auto' || (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The first of the browser's preferred languages that the UI speaks; English when none.
 * Any Chinese (Simplified included) gets Traditional Chinese: the characters are closer to a
 * reader of Chinese than English is.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lang = tag.toLowerCase().split(/[-_]/)[0];
    if (lang === 'en') return 'en';
    if (lang === 'ko') return 'ko';
    if (lang === 'zh') return 'zh-Hant';
    if (lang === 'fr') return 'fr';
  }
  return 'en';
}

export function resolveLocale(setting: LanguageSetting, preferred: readonly string[]): Locale {
  return setting === 'auto' ? pickLocale(preferred) : setting;
}

/** A message: text, or one text per plural category of its `count` (`other` is required). */
export type Message = string | PluralMessage;
export type PluralMessage = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

export type Params = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names of a text's `{placeholders}`, sorted and without repeats. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * `message` in `locale` with its placeholders filled from `params`; numbers are written the
 * locale's way. A placeholder without a value is left as written, so a gap shows instead of
 * vanishing.
 */
export function formatMessage(message: Message, locale: Locale, params: Params = {}): string {
  let text: string;
  if (typeof message === 'string') text = message;
  else {
    let rules = pluralRules.get(locale);
    if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
    const count = Number(params.count ?? 0);
    text = message[rules.select(count)] ?? message.other;
  }
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });
}

/**
 * The locale dates are written in: the UI language, as the browser's own tag for it when it has
 * one (so en-GB keeps its day-month order).
 */
export function timeLocale(current: Locale, browser: readonly string[]): string {
  const language = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  return browser.find((tag) => language(tag) === language(current)) ?? current;
}
