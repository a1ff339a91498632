/**
 * The window's language (issue 35): the Language setting, or the system's preference when it says
 * "system" (`navigator.languages`, which Electron fills from the operating system). Changing the setting
 * re-renders every view in the new language at once, no restart. A language other than English is a chunk
 * loaded when chosen (catalog-loader.ts): the window keeps the language it shows until the new one is
 * loaded, then switches whole — never half translated. main.tsx loads the starting language before the
 * first paint (start-language.ts). `<html lang>` follows, so Chromium picks the right fonts (Chinese
 * glyphs) and hyphenation.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { intlLocaleOf, resolveLanguage, SOURCE_LOCALE } from '../../../shared/i18n/locales';
import type { UiLocale } from '../../../shared/i18n/locales';
import { englishTranslator } from '../../../shared/i18n/translate';
import type { Translator } from '../../../shared/i18n/translate';
import { useRootStore } from '../stores/root-store';
import type { CatalogLoader } from './catalog-loader';
import { windowCatalogs } from './catalog-loader';
import { windowTranslator } from './window-translator';

const TranslatorContext = createContext<Translator | undefined>(undefined);

/**
 * The language to show for `wanted`: `wanted` once its catalog is loaded; until then the one shown before
 * (undefined when nothing was shown yet). A language that cannot be loaded gives English.
 */
export function useLoadedLocale(
  wanted: UiLocale,
  loader: CatalogLoader = windowCatalogs,
): UiLocale | undefined {
  const ready = loader.loaded(wanted) !== undefined;
  const [shown, setShown] = useState<UiLocale | undefined>(ready ? wanted : undefined);
  // Remembered while rendering (React's pattern for state that follows a prop): the language to keep
  // showing when the next one is still on its way.
  if (ready && shown !== wanted) setShown(wanted);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loader.load(wanted).then((loaded) => {
      if (current) setShown(loaded.ok ? wanted : SOURCE_LOCALE);
    });
    return () => {
      current = false;
    };
  }, [wanted, ready, loader]);
  return ready ? wanted : shown;
}

/** The language the Settings ask for; before they are read, `initial` (what main.tsx loaded) or the system's. */
function useWantedLocale(preferred: readonly string[], initial: UiLocale | undefined): UiLocale {
  const choice = useRootStore((s) =>
    s.settings.status === 'ready' ? s.settings.value.language.app : undefined,
  );
  if (choice === undefined) return initial ?? resolveLanguage('system', preferred);
  return resolveLanguage(choice, preferred);
}

export function I18nProvider({
  children,
  preferred = navigator.languages,
  initial,
  loader = windowCatalogs,
}: {
  children: ReactNode;
  /** The system's preferred languages, most preferred first (tests give their own). */
  preferred?: readonly string[];
  /** The language to show until the settings are read: the one loaded before the first paint. */
  initial?: UiLocale;
  /** Where the languages come from (tests give their own). */
  loader?: CatalogLoader;
}): ReactNode {
  const locale = useLoadedLocale(useWantedLocale(preferred, initial), loader) ?? SOURCE_LOCALE;
  const { intl, translator } = useMemo(() => windowTranslator(locale, loader), [locale, loader]);
  // Before the paint, so the first frame of a language already has its fonts (Chinese glyphs).
  useLayoutEffect(() => {
    document.documentElement.lang = intlLocaleOf(translator.locale);
  }, [translator]);
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
