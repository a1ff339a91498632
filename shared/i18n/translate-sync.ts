/**
 * A translator for any language at once, every catalog at hand: for main (the hand-over report in the
 * customer's language), the CLI and the tests. It imports all four catalogs, so the window never imports
 * it (dependency-cruiser keeps it so): the window loads one language when it is chosen
 * (renderer/src/i18n/catalog-loader.ts).
 */
import { CATALOGS } from './catalogs';
import { PSEUDO_LOCALE } from './locales';
import type { UiLocale } from './locales';
import { pseudoCatalog } from './pseudo';
import { translatorOver } from './translate';
import type { Translator } from './translate';

let pseudo: Record<string, string> | undefined;

export function createTranslator(locale: UiLocale): Translator {
  if (locale === PSEUDO_LOCALE) return translatorOver(locale, (pseudo ??= pseudoCatalog(CATALOGS.en)));
  return translatorOver(locale, CATALOGS[locale]);
}
