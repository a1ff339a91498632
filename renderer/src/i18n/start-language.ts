/**
 * The language of the window's first paint (issue 35): the Language setting (or, for "system", the
 * system's), its catalog loaded before anything is rendered, so a window in Russian never shows English
 * first. Bounded: after `timeoutMs` the window starts in English and says why in the console (the
 * provider still switches when the language arrives); a chunk that cannot be loaded gives English too.
 */
import { resolveLanguage, SOURCE_LOCALE } from '../../../shared/i18n/locales';
import type { LanguageChoice, UiLocale } from '../../../shared/i18n/locales';
import type { Api } from '../../../shared/ipc/contract';
import type { CatalogLoader } from './catalog-loader';
import { windowCatalogs } from './catalog-loader';

export interface StartLanguageOptions {
  api: Pick<Api, 'settings:get'>;
  /** The system's preferred languages, most preferred first (`navigator.languages`). */
  preferred: readonly string[];
  loader?: CatalogLoader;
  /** How long the first paint may wait for the settings and the catalog together. */
  timeoutMs?: number;
  warn?: (code: string, detail: Readonly<Record<string, string>>) => void;
}

/** Long enough for a slow laptop's disk, short enough that a broken install still opens. */
export const START_LANGUAGE_TIMEOUT_MS = 3000;

const TIMED_OUT = Symbol('timed out');

/** The promise's value, or TIMED_OUT once `deadline` (Date.now() milliseconds) has passed. */
function before<T>(promise: Promise<T>, deadline: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves to the language to paint first; its catalog is loaded unless that is English. */
export async function startLanguage(options: StartLanguageOptions): Promise<UiLocale> {
  const loader = options.loader ?? windowCatalogs;
  const warn = options.warn ?? ((code, detail) => console.warn(code, detail));
  const deadline = Date.now() + (options.timeoutMs ?? START_LANGUAGE_TIMEOUT_MS);
  const settings = await before(
    options.api['settings:get']().catch(() => undefined),
    deadline,
  );
  const choice: LanguageChoice =
    settings !== TIMED_OUT && settings?.ok === true ? settings.value.language.app : 'system';
  const locale = resolveLanguage(choice, options.preferred);
  if (locale === SOURCE_LOCALE) return locale;
  const loaded = await before(loader.load(locale), deadline);
  if (loaded === TIMED_OUT) {
    warn('minerdeck:catalog-late', {
      locale,
      waitedMs: String(options.timeoutMs ?? START_LANGUAGE_TIMEOUT_MS),
      shown: 'en',
    });
    return SOURCE_LOCALE;
  }
  // The loader said why it failed.
  return loaded.ok ? locale : SOURCE_LOCALE;
}
