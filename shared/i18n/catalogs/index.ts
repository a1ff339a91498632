/**
 * The message catalogs (issue 35), one JSON file per area and language: `catalogs/<locale>/<area>.json`,
 * flat keys that start with the area (`fleet.toolbar.commission`), values in ICU MessageFormat
 * (`{count, plural, one {# device} other {# devices}}`). English is the source; the test
 * tests/unit/shared/i18n-catalogs.test.ts holds every other catalog to its keys and placeholders.
 * One file per area so that work on one view never touches another's file; one module per language
 * (./en.ts, ./ru.ts, ./es.ts, ./zh-hans.ts) so the window loads only the language it shows.
 *
 * This module holds every language at once, synchronously: for main, the CLI and the tests (they render
 * the report in any language). The window imports only its types from here (dependency-cruiser keeps it
 * so): renderer/src/i18n/catalog-loader.ts loads a language's module when it is chosen.
 */
import { EN_CATALOG } from './en';
import type { Catalog } from './en';
import es from './es';
import ru from './ru';
import zhHans from './zh-hans';

export type { Catalog, MessageId } from './en';

export const CATALOGS: Readonly<Record<'en' | 'ru' | 'es' | 'zh-Hans', Catalog>> = {
  en: EN_CATALOG,
  ru,
  es,
  'zh-Hans': zhHans,
};

/** The areas, as their files are named (the completeness test reads each file by these). */
export const CATALOG_AREAS = [
  'common',
  'errors',
  'outcomes',
  'fleet',
  'fleet-actions',
  'device',
  'discover',
  'placing',
  'racks',
  'standard',
  'sites',
  'report-view',
  'report',
  'settings',
] as const;
