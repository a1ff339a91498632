/**
 * The jsdom project's setup: every window language loaded before a test renders, as the app's main.tsx
 * loads the starting language before its first paint (renderer/src/i18n/start-language.ts). Components
 * under test then speak the language they are given at once; the loading itself (a language arriving
 * later, a chunk that fails) is tested with a loader of the test's own (tests/unit/renderer/catalog-loader.test.tsx).
 */
import { PSEUDO_LOCALE, LOCALES } from '../../shared/i18n/locales';
import type { UiLocale } from '../../shared/i18n/locales';
import { loadCatalog } from '../../renderer/src/i18n/catalog-loader';

const every: readonly UiLocale[] = [...LOCALES, PSEUDO_LOCALE];
const loaded = await Promise.all(every.map((locale) => loadCatalog(locale)));
const failed = loaded.filter((result) => !result.ok);
if (failed.length > 0)
  throw new Error(`window languages not loaded: ${failed.map((f) => f.locale).join(', ')}`);
