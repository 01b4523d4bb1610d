/**
 * The UI's current language and `t`, which every component uses for its words. Reading `t` in
 * markup subscribes to the language, so a change of setting redraws the words at once.
 */
import { CATALOG, type MessageKey } from './catalog';
import {
  formatMessage,
  isLanguageSetting,
  resolveLocale,
  timeLocale,
  type LanguageSetting,
  type Locale,
  type Params,
} from './locales';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

class LocaleState {
  setting = $state<LanguageSetting>('auto');
  browser = $state<readonly string[]>(browserLanguages());
  readonly current: Locale = $derived(resolveLocale(this.setting, this.browser));
}

export const i18n = new LocaleState();

if (typeof window !== 'undefined') {
  window.addEventListener('languagechange', () => (i18n.browser = browserLanguages()));
}

/** The message `key` in the current language, filled with `params`. */
export function t(key: MessageKey, params?: Params): string {
  const locale = i18n.current;
  const message = CATALOG[locale][key] ?? CATALOG.en[key];
  return message === undefined ? key : formatMessage(message, locale, params);
}

/** The locale to write dates and times in, following the UI language (see timeLocale). */
export function dateLocale(): string {
  return timeLocale(i18n.current, i18n.browser);
}

const STORED = 'vmark.language';

function stored(): LanguageSetting {
  try {
    const value = localStorage.getItem(STORED);
    return isLanguageSetting(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}

/** The setting last written to localStorage by this page. */
let lastStored: LanguageSetting | undefined;

/**
 * Applies the setting (undefined until the core answers: the last one this browser saw is used
 * meanwhile, so a reload does not flash English) and sets `<html lang>` to match.
 */
export function followLanguageSetting(setting: LanguageSetting | undefined): void {
  // Called with every snapshot (each keystroke): only a real change touches storage or `<html>`,
  // since setting `lang` makes the browser restyle the whole page, a long document's every block.
  const next = setting ?? stored();
  if (next !== i18n.setting) i18n.setting = next;
  if (setting !== undefined && setting !== lastStored) {
    lastStored = setting;
    try {
      localStorage.setItem(STORED, setting);
    } catch {
      // Storage may be off; the setting still applies to this page.
    }
  }
  const root = document.documentElement;
  if (root.lang !== i18n.current) root.lang = i18n.current;
}
