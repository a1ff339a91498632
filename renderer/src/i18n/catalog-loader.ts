/**
 * The window's languages, loaded when they are needed (issue 35). English is in the main bundle: the
 * window paints in it until another language is loaded, falls back to it for a key a catalog lacks, and
 * takes its keys' type from it. Russian, Spanish and Simplified Chinese (~170 KB each) are chunks of their
 * own, fetched by `import()` when the window or the report preview first needs them (from file:// in the
 * app: the CSP's script-src 'self' allows them); the pseudo-locale is made from English, in a chunk with
 * its accenting code. Main, the CLI and the tests take every catalog synchronously instead
 * (shared/i18n/translate-sync.ts).
 *
 * Each language is loaded once: a second request while the first is on its way shares it. A chunk that
 * cannot be loaded (a broken install) gives English and a reason, and logs it once to the console; the
 * next request tries again.
 */
import { EN_CATALOG } from '../../../shared/i18n/catalogs/en';
import type { Catalog } from '../../../shared/i18n/catalogs/en';
import { SOURCE_LOCALE } from '../../../shared/i18n/locales';
import type { UiLocale } from '../../../shared/i18n/locales';

export type LoadedCatalog =
  | { ok: true; locale: UiLocale; catalog: Catalog }
  /** The language's chunk could not be loaded: English instead, and why. */
  | { ok: false; locale: UiLocale; catalog: Catalog; reason: string };

/** How each language other than English is fetched. */
export type CatalogImporters = Readonly<Record<Exclude<UiLocale, 'en'>, () => Promise<Catalog>>>;

export interface CatalogLoader {
  /** The language's catalog, fetched once; English with a reason when it cannot be had. */
  load(locale: UiLocale): Promise<LoadedCatalog>;
  /** The catalog when it is already loaded (English always is), else undefined. */
  loaded(locale: UiLocale): Catalog | undefined;
}

/** The chunks: each `import()` is a separate file in the built renderer. */
const CHUNKS: CatalogImporters = {
  ru: () => import('../../../shared/i18n/catalogs/ru').then((m) => m.default),
  es: () => import('../../../shared/i18n/catalogs/es').then((m) => m.default),
  'zh-Hans': () => import('../../../shared/i18n/catalogs/zh-hans').then((m) => m.default),
  'en-XA': () => import('../../../shared/i18n/pseudo').then((m) => m.pseudoCatalog(EN_CATALOG)),
};

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createCatalogLoader(
  importers: CatalogImporters = CHUNKS,
  warn: (code: string, detail: Readonly<Record<string, string>>) => void = (code, detail) =>
    console.warn(code, detail),
): CatalogLoader {
  const loaded = new Map<UiLocale, Catalog>([[SOURCE_LOCALE, EN_CATALOG]]);
  const pending = new Map<UiLocale, Promise<LoadedCatalog>>();

  const fetchOnce = (locale: Exclude<UiLocale, 'en'>): Promise<LoadedCatalog> =>
    importers[locale]().then(
      (catalog): LoadedCatalog => {
        loaded.set(locale, catalog);
        return { ok: true, locale, catalog };
      },
      (error: unknown): LoadedCatalog => {
        const reason = reasonOf(error);
        // A log line for developers (the window shows English): what failed and why.
        warn('minerdeck:catalog-not-loaded', { locale, reason, shown: 'en' });
        return { ok: false, locale, catalog: EN_CATALOG, reason };
      },
    );

  return {
    loaded: (locale) => loaded.get(locale),
    load(locale) {
      const catalog = loaded.get(locale);
      if (catalog !== undefined) return Promise.resolve({ ok: true, locale, catalog });
      if (locale === 'en') return Promise.resolve({ ok: true, locale, catalog: EN_CATALOG });
      let request = pending.get(locale);
      if (request === undefined) {
        request = fetchOnce(locale).finally(() => pending.delete(locale));
        pending.set(locale, request);
      }
      return request;
    },
  };
}

/** The window's one loader. */
export const windowCatalogs: CatalogLoader = createCatalogLoader();

export const loadCatalog = (locale: UiLocale): Promise<LoadedCatalog> => windowCatalogs.load(locale);
