/**
 * The window's languages loaded when needed (issue 35): the loader fetches a language once, shares a
 * request on its way, and answers English with a reason (said once in the console) when a chunk cannot be
 * had; the real chunks load through import(). The provider keeps the language it shows until the new one
 * is loaded, then switches the whole window; the first paint's language is loaded before the first render,
 * within a bounded wait.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalogLoader } from '../../../renderer/src/i18n/catalog-loader';
import type { CatalogImporters } from '../../../renderer/src/i18n/catalog-loader';
import { I18nProvider, useT } from '../../../renderer/src/i18n/i18n-provider';
import { startLanguage } from '../../../renderer/src/i18n/start-language';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { AppSettings } from '../../../shared/domain/settings';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import { CATALOGS } from '../../../shared/i18n/catalogs';
import { EN_CATALOG } from '../../../shared/i18n/catalogs/en';
import type { Catalog } from '../../../shared/i18n/catalogs/en';
import type { LanguageChoice } from '../../../shared/i18n/locales';
import { err, ok } from '../../../shared/result';
import { createFakeApi } from './fake-api';

interface Deferred {
  promise: Promise<Catalog>;
  resolve: (catalog: Catalog) => void;
  reject: (error: Error) => void;
}

function deferred(): Deferred {
  let resolve!: (catalog: Catalog) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Catalog>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Importers that answer only when the test says; `calls` counts each language's fetches. */
function heldImporters(): {
  importers: CatalogImporters;
  held: Record<string, Deferred[]>;
  calls: () => number;
} {
  const held: Record<string, Deferred[]> = {};
  let count = 0;
  const importer = (locale: string) => () => {
    count += 1;
    const next = deferred();
    (held[locale] ??= []).push(next);
    return next.promise;
  };
  return {
    importers: {
      ru: importer('ru'),
      es: importer('es'),
      'zh-Hans': importer('zh-Hans'),
      'en-XA': importer('en-XA'),
    },
    held,
    calls: () => count,
  };
}

describe('the catalog loader', () => {
  it('loads a language once and keeps it; English is there without a fetch', async () => {
    const { importers, held, calls } = heldImporters();
    const loader = createCatalogLoader(importers, vi.fn());
    expect(loader.loaded('en')).toBe(EN_CATALOG);
    expect(await loader.load('en')).toEqual({ ok: true, locale: 'en', catalog: EN_CATALOG });
    expect(loader.loaded('ru')).toBeUndefined();
    const first = loader.load('ru');
    held.ru![0]!.resolve(CATALOGS.ru);
    expect(await first).toEqual({ ok: true, locale: 'ru', catalog: CATALOGS.ru });
    expect(loader.loaded('ru')).toBe(CATALOGS.ru);
    expect((await loader.load('ru')).catalog).toBe(CATALOGS.ru);
    expect(calls()).toBe(1);
  });

  it('shares one fetch between requests made while it is on its way', async () => {
    const { importers, held, calls } = heldImporters();
    const loader = createCatalogLoader(importers, vi.fn());
    const requests = [loader.load('zh-Hans'), loader.load('zh-Hans'), loader.load('zh-Hans')];
    expect(calls()).toBe(1);
    held['zh-Hans']![0]!.resolve(CATALOGS['zh-Hans']);
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.catalog === CATALOGS['zh-Hans'])).toEqual([true, true, true]);
    expect(calls()).toBe(1);
  });

  it('answers English with the reason when a chunk cannot be loaded, says so once, and tries again later', async () => {
    const { importers, held, calls } = heldImporters();
    const warn = vi.fn();
    const loader = createCatalogLoader(importers, warn);
    const both = [loader.load('es'), loader.load('es')];
    held.es![0]!.reject(new TypeError('Failed to fetch dynamically imported module: es-x1.js'));
    const [a, b] = await Promise.all(both);
    expect(a).toEqual({
      ok: false,
      locale: 'es',
      catalog: EN_CATALOG,
      reason: 'Failed to fetch dynamically imported module: es-x1.js',
    });
    expect(b).toBe(a);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('minerdeck:catalog-not-loaded', {
      locale: 'es',
      reason: 'Failed to fetch dynamically imported module: es-x1.js',
      shown: 'en',
    });
    expect(loader.loaded('es')).toBeUndefined();
    const again = loader.load('es');
    expect(calls()).toBe(2);
    held.es![1]!.resolve(CATALOGS.es);
    expect((await again).ok).toBe(true);
  });

  it('loads the real chunks through import(): each language its own catalog, the pseudo-locale made from English', async () => {
    const loader = createCatalogLoader();
    for (const locale of ['ru', 'es', 'zh-Hans'] as const) {
      const loaded = await loader.load(locale);
      expect(loaded.ok).toBe(true);
      expect(loaded.catalog).toEqual(CATALOGS[locale]);
    }
    const pseudo = await loader.load('en-XA');
    expect(pseudo.catalog['common.shell.nav.fleet']).toMatch(/^⟦Ƒŀḗḗŧ .*⟧$/);
  });
});

function Heading(): React.ReactNode {
  const { t } = useT();
  return (
    <>
      <h1>{t('common.shell.nav.settings')}</h1>
      <p>{t('common.shell.nav.fleet')}</p>
    </>
  );
}

describe('the window switching language', () => {
  let store: RootStore;
  afterEach(() => {
    cleanup();
    store.detach();
  });

  function renderWindow(app: LanguageChoice, importers: CatalogImporters, warn = vi.fn()): void {
    const api = createFakeApi();
    store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
    const settings: AppSettings = { ...DEFAULT_SETTINGS, language: { ...DEFAULT_SETTINGS.language, app } };
    store.setState({ settings: { status: 'ready', value: settings } });
    render(
      <StoreProvider store={store}>
        <I18nProvider preferred={['en-US']} loader={createCatalogLoader(importers, warn)}>
          <Heading />
        </I18nProvider>
      </StoreProvider>,
    );
  }

  const choose = (app: LanguageChoice): void =>
    act(() => {
      const before = store.getState().settings;
      if (before.status !== 'ready') throw new Error('settings not ready');
      store.setState({
        settings: {
          status: 'ready',
          value: { ...before.value, language: { ...before.value.language, app } },
        },
      });
    });

  const shown = (): string[] => [
    screen.getByRole('heading').textContent ?? '',
    screen.getByRole('paragraph').textContent ?? '',
    document.documentElement.lang,
  ];

  it('keeps the language it shows until the chosen one is loaded, then switches everything at once', async () => {
    const { importers, held } = heldImporters();
    renderWindow('ru', importers);
    // Nothing loaded yet (a test's own loader): English, whole — never Russian formats with English words.
    expect(shown()).toEqual(['Settings', 'Fleet', 'en']);
    await act(async () => held.ru![0]!.resolve(CATALOGS.ru));
    expect(shown()).toEqual([
      CATALOGS.ru['common.shell.nav.settings'],
      CATALOGS.ru['common.shell.nav.fleet'],
      'ru',
    ]);
    choose('es');
    // Spanish is on its way: the window stays Russian, all of it.
    expect(shown()).toEqual([
      CATALOGS.ru['common.shell.nav.settings'],
      CATALOGS.ru['common.shell.nav.fleet'],
      'ru',
    ]);
    await act(async () => held.es![0]!.resolve(CATALOGS.es));
    expect(shown()).toEqual([
      CATALOGS.es['common.shell.nav.settings'],
      CATALOGS.es['common.shell.nav.fleet'],
      'es',
    ]);
    // Back to Russian: loaded already, so at once, in the same render.
    choose('ru');
    expect(shown()[0]).toBe(CATALOGS.ru['common.shell.nav.settings']);
  });

  it('shows English and says why when the chosen language cannot be loaded', async () => {
    const { importers, held } = heldImporters();
    const warn = vi.fn();
    renderWindow('zh-Hans', importers, warn);
    await act(async () => held['zh-Hans']![0]!.reject(new Error('chunk missing')));
    expect(shown()).toEqual(['Settings', 'Fleet', 'en']);
    expect(warn).toHaveBeenCalledWith('minerdeck:catalog-not-loaded', {
      locale: 'zh-Hans',
      reason: 'chunk missing',
      shown: 'en',
    });
  });
});

describe('the first paint’s language', () => {
  const settingsWith = (app: LanguageChoice): AppSettings => ({
    ...DEFAULT_SETTINGS,
    language: { ...DEFAULT_SETTINGS.language, app },
  });

  it('is the chosen language, loaded before the first render', async () => {
    const { importers, held } = heldImporters();
    const loader = createCatalogLoader(importers, vi.fn());
    const api = createFakeApi();
    vi.mocked(api['settings:get']).mockResolvedValue(ok(settingsWith('zh-Hans')));
    const starting = startLanguage({ api, preferred: ['ru-RU'], loader });
    await vi.waitFor(() => expect(held['zh-Hans']).toHaveLength(1));
    held['zh-Hans']![0]!.resolve(CATALOGS['zh-Hans']);
    expect(await starting).toBe('zh-Hans');
    expect(loader.loaded('zh-Hans')).toBe(CATALOGS['zh-Hans']);
  });

  it('is the system’s when the settings say "system" or cannot be read', async () => {
    const { importers, held } = heldImporters();
    const loader = createCatalogLoader(importers, vi.fn());
    const api = createFakeApi();
    vi.mocked(api['settings:get']).mockResolvedValue(err('INTERNAL', 'settings unreadable'));
    const starting = startLanguage({ api, preferred: ['es-PY', 'en-US'], loader });
    await vi.waitFor(() => expect(held.es).toHaveLength(1));
    held.es![0]!.resolve(CATALOGS.es);
    expect(await starting).toBe('es');
    vi.mocked(api['settings:get']).mockResolvedValue(ok(settingsWith('system')));
    expect(await startLanguage({ api, preferred: ['en-GB'], loader })).toBe('en');
  });

  it('starts in English, with a warning, when the language takes longer than the bounded wait', async () => {
    const { importers } = heldImporters();
    const warn = vi.fn();
    const api = createFakeApi();
    vi.mocked(api['settings:get']).mockResolvedValue(ok(settingsWith('ru')));
    const started = Date.now();
    const locale = await startLanguage({
      api,
      preferred: ['en-US'],
      loader: createCatalogLoader(importers, warn),
      timeoutMs: 50,
      warn,
    });
    expect(locale).toBe('en');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warn).toHaveBeenCalledWith('minerdeck:catalog-late', {
      locale: 'ru',
      waitedMs: '50',
      shown: 'en',
    });
  });
});
