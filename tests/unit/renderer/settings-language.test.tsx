/**
 * Settings → "Language" (issue 35) inside the real I18nProvider and store: choosing a language saves it
 * through `settings:update` and the whole window speaks it at once — before main has even answered — with
 * no reload; the report's default language is saved on its own; a refusal is said in the new language.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsView } from '../../../renderer/src/features/settings/settings-view';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { AppSettings, SettingsPatch } from '../../../shared/domain/settings';
import { appSettingsSchema, DEFAULT_SETTINGS, mergeSettings } from '../../../shared/domain/settings';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';

let api: FakeApi;
let store: RootStore;
let saved: AppSettings;
/** Answers to `settings:update` held back until the test lets them go. */
let held: (() => void)[];

beforeEach(() => {
  api = createFakeApi();
  saved = DEFAULT_SETTINGS;
  held = [];
  vi.mocked(api['settings:get']).mockImplementation(async () => ok(saved));
  vi.mocked(api['settings:update']).mockImplementation(
    (patch: SettingsPatch) =>
      new Promise<Result<AppSettings>>((resolve) => {
        held.push(() => {
          const next = appSettingsSchema.safeParse(mergeSettings(saved, patch));
          if (!next.success) return resolve(err('INVALID_INPUT', 'These settings cannot be used.'));
          saved = next.data;
          resolve(ok(saved));
        });
      }),
  );
  store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={['en-US']}>
        <SettingsView />
      </I18nProvider>
    </StoreProvider>,
  );
});

afterEach(() => {
  cleanup();
  store.detach();
});

const answerAll = async (): Promise<void> => {
  await act(async () => {
    for (const answer of held.splice(0)) answer();
    await Promise.resolve();
  });
};

describe('the Language card', () => {
  it('saves Русский and the view speaks Russian at once, before main answers', async () => {
    const card = within(await screen.findByRole('region', { name: 'Language' }));
    const app = card.getByLabelText('Language of Minerdeck') as HTMLSelectElement;
    expect(app.value).toBe('system');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Settings');

    fireEvent.change(app, { target: { value: 'ru' } });

    expect(vi.mocked(api['settings:update']).mock.calls).toEqual([[{ language: { app: 'ru' } }]]);
    // main has not answered yet: the words changed from the store alone.
    expect(held).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Настройки');
    expect(screen.getByRole('button', { name: 'Сохранить настройки' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Мониторинг' })).toBeTruthy();
    const russian = within(screen.getByRole('region', { name: 'Язык' }));
    expect((russian.getByLabelText('Язык Minerdeck') as HTMLSelectElement).value).toBe('ru');

    await answerAll();
    expect(saved.language).toEqual({ app: 'ru', report: 'app' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Настройки');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('names the system language in the current one, every language in its own, the pseudo-locale last', async () => {
    const card = within(await screen.findByRole('region', { name: 'Language' }));
    const options = within(card.getByLabelText('Language of Minerdeck')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'system',
      'en',
      'ru',
      'es',
      'zh-Hans',
      'en-XA',
    ]);
    expect(options[0]!.textContent).toMatch(/^The system's language \(/);
    expect(options.slice(1, 5).map((o) => o.textContent)).toEqual([
      'English',
      'Русский',
      'Español',
      '简体中文',
    ]);
  });

  it("saves the report's default language on its own, the window's unchanged", async () => {
    const card = within(await screen.findByRole('region', { name: 'Language' }));
    const report = card.getByLabelText('Language of hand-over reports') as HTMLSelectElement;
    expect(report.value).toBe('app');
    fireEvent.change(report, { target: { value: 'es' } });
    await answerAll();
    expect(vi.mocked(api['settings:update']).mock.calls).toEqual([[{ language: { report: 'es' } }]]);
    expect(saved.language).toEqual({ app: 'system', report: 'es' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Settings');
  });

  it("keeps the choice in the window and says main's refusal in the new language", async () => {
    vi.mocked(api['settings:update']).mockResolvedValueOnce(
      err('INTERNAL', 'The settings could not be saved: disk full.'),
    );
    const card = within(await screen.findByRole('region', { name: 'Language' }));
    fireEvent.change(card.getByLabelText('Language of Minerdeck'), { target: { value: 'zh-Hans' } });
    const alert = await screen.findByRole('alert');
    const zh = createTranslator('zh-Hans');
    expect(alert.textContent).toBe(`未能保存语言：${zh.t('errors.code.INTERNAL')}`);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('设置');
  });
});
