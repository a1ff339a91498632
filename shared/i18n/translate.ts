/**
 * One translator for every place that turns a message into words: the window (its react-intl provider is
 * built on the same `IntlShape`), the hand-over report rendered in main, and the CLI (always English:
 * scripts parse it). `t` takes a key and its values or a `MessageRef`; a value that is itself a message is
 * rendered first, in the same language. A key a catalog lacks falls back to English (the completeness test
 * keeps that from shipping), never to the bare key.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { IntlShape } from '@formatjs/intl';
import { CATALOGS } from './catalogs';
import type { MessageId } from './catalogs';
import { intlLocaleOf, PSEUDO_LOCALE, SOURCE_LOCALE } from './locales';
import type { UiLocale } from './locales';
import type { MessageRef, MessageValue } from './message';
import { isMessageRef } from './message';
import { pseudoCatalog } from './pseudo';

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

let pseudo: Record<string, string> | undefined;
const cache = createIntlCache();

/** The catalog a window in `locale` reads: the language's own over English, so nothing shows as a key. */
export function messagesFor(locale: UiLocale): Record<string, string> {
  if (locale === PSEUDO_LOCALE) return (pseudo ??= pseudoCatalog(CATALOGS.en));
  if (locale === SOURCE_LOCALE) return { ...CATALOGS.en };
  return { ...CATALOGS.en, ...CATALOGS[locale] };
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

export function createIntlFor(locale: UiLocale, onError?: (error: unknown) => void): IntlShape {
  return createIntl(
    {
      locale: intlLocaleOf(locale),
      defaultLocale: SOURCE_LOCALE,
      messages: messagesFor(locale),
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

export function createTranslator(locale: UiLocale): Translator {
  return translatorFrom(locale, createIntlFor(locale));
}

let english: Translator | undefined;
/** The CLI's and the logs' words: English, always. */
export function englishTranslator(): Translator {
  return (english ??= createTranslator(SOURCE_LOCALE));
}
