/**
 * The window's language (issue 35): the Language setting, or the system's preference when it says
 * "system" (`navigator.languages`, which Electron fills from the operating system). Changing the setting
 * re-renders every view in the new language at once, no restart. `<html lang>` follows, so Chromium picks
 * the right fonts (Chinese glyphs) and hyphenation.
 */
import { createContext, useContext, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import { intlLocaleOf, resolveLanguage } from '../../../shared/i18n/locales';
import type { LanguageChoice, UiLocale } from '../../../shared/i18n/locales';
import { messagesFor, englishTranslator, translatorFrom } from '../../../shared/i18n/translate';
import type { Translator } from '../../../shared/i18n/translate';
import { SOURCE_LOCALE } from '../../../shared/i18n/locales';
import { useRootStore } from '../stores/root-store';

const TranslatorContext = createContext<Translator | undefined>(undefined);
const cache = createIntlCache();

/** A missing message is a bug the catalogs' test catches; in the window it shows English, quietly. */
function reportMissing(error: unknown): void {
  if (import.meta.env.DEV) console.warn(error);
}

export function windowTranslator(locale: UiLocale): {
  translator: Translator;
  intl: ReturnType<typeof createIntl>;
} {
  const intl = createIntl(
    {
      locale: intlLocaleOf(locale),
      defaultLocale: SOURCE_LOCALE,
      messages: messagesFor(locale),
      onError: reportMissing,
    },
    cache,
  );
  return { intl, translator: translatorFrom(locale, intl) };
}

/** The language chosen in Settings; "system" until the settings are read. */
function useLanguageChoice(): LanguageChoice {
  return useRootStore((s) => (s.settings.status === 'ready' ? s.settings.value.language.app : 'system'));
}

export function I18nProvider({
  children,
  preferred = navigator.languages,
}: {
  children: ReactNode;
  /** The system's preferred languages, most preferred first (tests give their own). */
  preferred?: readonly string[];
}): ReactNode {
  const choice = useLanguageChoice();
  const locale = resolveLanguage(choice, preferred);
  const { intl, translator } = useMemo(() => windowTranslator(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = intlLocaleOf(locale);
  }, [locale]);
  return (
    <RawIntlProvider value={intl}>
      <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>
    </RawIntlProvider>
  );
}

/**
 * The window's translator: `const { t } = useT(); t('fleet.selected', { count })`, or `t(messageRef)`.
 * Outside the provider (a component test that renders one view alone) it is English.
 */
export function useT(): Translator {
  return useContext(TranslatorContext) ?? englishTranslator();
}
