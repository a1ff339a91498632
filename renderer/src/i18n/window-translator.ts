/**
 * The window's translator for a language whose catalog is loaded (catalog-loader.ts), one per language,
 * built on react-intl's `IntlShape` so the provider hands the same one to react-intl and to `useT()`. A
 * language not loaded (yet) gives English, whole: never its formats with English words.
 */
import { createIntl, createIntlCache } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { intlLocaleOf, SOURCE_LOCALE } from '../../../shared/i18n/locales';
import type { UiLocale } from '../../../shared/i18n/locales';
import { messagesOver, translatorFrom } from '../../../shared/i18n/translate';
import type { Translator } from '../../../shared/i18n/translate';
import type { CatalogLoader } from './catalog-loader';
import { windowCatalogs } from './catalog-loader';

export interface WindowTranslator {
  translator: Translator;
  intl: IntlShape;
}

const cache = createIntlCache();
/** Per loader (the window has one; a test may make its own), per language. */
const made = new WeakMap<CatalogLoader, Map<UiLocale, WindowTranslator>>();

/** A missing message is a bug the catalogs' test catches; in the window it shows English, quietly. */
function reportMissing(error: unknown): void {
  if (import.meta.env.DEV) console.warn(error);
}

export function windowTranslator(wanted: UiLocale, loader: CatalogLoader = windowCatalogs): WindowTranslator {
  const catalog = loader.loaded(wanted);
  const locale = catalog === undefined ? SOURCE_LOCALE : wanted;
  let mine = made.get(loader);
  if (mine === undefined) {
    mine = new Map();
    made.set(loader, mine);
  }
  let found = mine.get(locale);
  if (found === undefined) {
    const intl = createIntl(
      {
        locale: intlLocaleOf(locale),
        defaultLocale: SOURCE_LOCALE,
        messages: messagesOver(catalog),
        onError: reportMissing,
      },
      cache,
    );
    found = { intl, translator: translatorFrom(locale, intl) };
    mine.set(locale, found);
  }
  return found;
}
