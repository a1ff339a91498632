/**
 * The languages Minerdeck speaks (issue 35). English is the source: every message is written in English
 * first and translated from it. Chinese is Simplified Chinese (`zh-Hans`): the crews in China read it, and a
 * system that asks for `zh-CN`, `zh-SG` or plain `zh` gets it. `en-XA` is the pseudo-locale: English made 40 %
 * longer and wrapped in markers, for finding untranslated strings and layouts that do not hold. It is never
 * picked from the system, only chosen in Settings or by a test.
 *
 * Zod-free: the window imports it.
 */
export const LOCALES = ['en', 'ru', 'es', 'zh-Hans'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en';
export const PSEUDO_LOCALE = 'en-XA';
/** A language the window can show: one of the four, or the pseudo-locale. */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/** What the Language setting holds: the system's language, or one chosen. */
export type LanguageChoice = 'system' | UiLocale;

/** Each language by its own name, as a language menu shows it (never translated). */
export const LOCALE_NAMES: Readonly<Record<UiLocale, string>> = {
  en: 'English',
  ru: 'Русский',
  es: 'Español',
  'zh-Hans': '简体中文',
  'en-XA': '[Ƥşḗḗŭŭḓǿǿ]',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return value === 'system' || isUiLocale(value);
}

/**
 * The first of the system's preferred languages (BCP 47 tags, most preferred first: `navigator.languages`,
 * Electron's `app.getPreferredSystemLanguages()`) that Minerdeck speaks, by its language subtag:
 * `ru-KZ` → ru, `es-PY` → es, `zh-CN` / `zh-Hans-CN` / `zh` → zh-Hans. Traditional Chinese (`zh-TW`,
 * `zh-HK`, `zh-Hant…`) is not Simplified: it falls through to the next preference. English otherwise.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const parts = tag.toLowerCase().replace(/_/g, '-').split('-');
    const language = parts[0];
    if (language === 'zh') {
      const traditional =
        parts.includes('hant') || parts.includes('tw') || parts.includes('hk') || parts.includes('mo');
      if (!traditional) return 'zh-Hans';
      continue;
    }
    const found = LOCALES.find((locale) => locale === language);
    if (found !== undefined) return found;
  }
  return SOURCE_LOCALE;
}

/** The language the window shows for a choice, given the system's preferences. */
export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[]): UiLocale {
  return choice === 'system' ? matchLocale(preferred) : choice;
}

/** The locale `Intl` formats with: the pseudo-locale formats numbers and dates as English does. */
export function intlLocaleOf(locale: UiLocale): string {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}
