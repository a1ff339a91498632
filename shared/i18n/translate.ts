/**
 * One translator for every place that turns a message into words: the window (its react-intl provider is
 * built on the same `IntlShape`), the hand-over report rendered in main, and the CLI (always English:
 * scripts parse it). `t` takes a key and its values or a `MessageRef`; a value that is itself a message is
 * rendered first, in the same language. A key a catalog lacks falls back to English (the completeness test
 * keeps that from shipping), never to the bare key.
 *
 * This module knows only English: a translator for another language is made over its catalog, handed in
 * by whoever has it — the window loads it when the language is chosen (renderer/src/i18n/catalog-loader.ts),
 * main, the CLI and the tests take every catalog at once (./translate-sync.ts's `createTranslator`).
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { IntlShape } from '@formatjs/intl';
import { EN_CATALOG } from './catalogs/en';
import type { Catalog, MessageId } from './catalogs/en';
import { intlLocaleOf, SOURCE_LOCALE } from './locales';
import type { UiLocale } from './locales';
import type { MessageRef, MessageValue } from './message';
import { isMessageRef } from './message';

/** What a translator needs of an `IntlShape`: @formatjs/intl's (main, CLI) and react-intl's (the window) both fit. */
export interface IntlLike {
  readonly locale: string;
  formatMessage(descriptor: { id: string }, values?: Record<string, string | number | Date>): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatTime(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
}

export interface Translator {
  readonly locale: UiLocale;
  readonly intl: IntlLike;
  t(id: MessageId | MessageRef, values?: Readonly<Record<string, MessageValue>>): string;
}

const cache = createIntlCache();

/**
 * The messages a translator reads: a language's catalog over English, so nothing shows as a key. English
 * itself when no catalog is given (the pseudo-locale's catalog is made from English: pass it).
 */
export function messagesOver(catalog: Catalog = EN_CATALOG): Record<string, string> {
  return catalog === EN_CATALOG ? { ...EN_CATALOG } : { ...EN_CATALOG, ...catalog };
}

/** The values with every nested message rendered: ICU takes strings, numbers and dates only. */
function flatValues(
  translator: Translator,
  values: Readonly<Record<string, MessageValue>> | undefined,
): Record<string, string | number | Date> | undefined {
  if (values === undefined) return undefined;
  const flat: Record<string, string | number | Date> = {};
  for (const [name, value] of Object.entries(values)) {
    flat[name] = isMessageRef(value) ? translator.t(value) : value;
  }
  return flat;
}

/** An `IntlShape` for `locale` over its catalog (English when none is given). */
export function createIntlFor(
  locale: UiLocale,
  catalog?: Catalog,
  onError?: (error: unknown) => void,
): IntlShape {
  return createIntl(
    {
      locale: intlLocaleOf(locale),
      defaultLocale: SOURCE_LOCALE,
      messages: messagesOver(catalog),
      onError: onError ?? (() => undefined),
    },
    cache,
  );
}

export function translatorFrom(locale: UiLocale, intl: IntlLike): Translator {
  const translator: Translator = {
    locale,
    intl,
    t(id, values) {
      const ref = typeof id === 'string' ? { id, values } : id;
      return intl.formatMessage({ id: ref.id }, flatValues(translator, ref.values));
    },
  };
  return translator;
}

/** A translator for `locale` over the catalog the caller has for it (English when none is given). */
export function translatorOver(locale: UiLocale, catalog?: Catalog): Translator {
  return translatorFrom(locale, createIntlFor(locale, catalog));
}

let english: Translator | undefined;
/** The CLI's and the logs' words: English, always. */
export function englishTranslator(): Translator {
  return (english ??= translatorOver(SOURCE_LOCALE));
}
