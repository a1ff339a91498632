/**
 * The app shell and the device panel's readings in the language chosen in Settings (issue 35): the
 * navigation, the Discover view and the footer in Russian and Chinese, and the readings' numbers as each
 * locale writes them (Russian: a decimal comma and a space between thousands; Chinese: a decimal point).
 * Through the real I18nProvider, fed by the store's settings as main would send them.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../renderer/src/app/app-shell';
import { DeviceReadings } from '../../../renderer/src/features/device/device-readings';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { UiLocale } from '../../../shared/i18n/locales';
import type { DeviceDetailView } from '../../../shared/ipc/channels/monitor';
import { ok } from '../../../shared/result';
import { createFakeApi, emptyTotals } from './fake-api';

afterEach(() => {
  cleanup();
  document.documentElement.lang = '';
});

/** The store with Settings saying `locale`, read before anything renders (as the shell does at start). */
async function storeIn(locale: UiLocale) {
  const api = createFakeApi();
  vi.mocked(api['settings:get']).mockResolvedValue(
    ok({ ...DEFAULT_SETTINGS, language: { app: locale, report: 'app' } }),
  );
  vi.mocked(api['monitor:snapshot']).mockResolvedValue(
    ok({
      running: true,
      devices: [],
      alerts: [],
      totals: { ...emptyTotals(1234), hashRate: 173.87e12, activeAlerts: 2 },
    }),
  );
  const store = createRootStore({ api });
  await store.getState().settingsRequested();
  expect(store.getState().settings.status).toBe('ready');
  return store;
}

async function renderIn(locale: UiLocale, children: ReactNode) {
  const store = await storeIn(locale);
  render(
    <StoreProvider store={store}>
      {/* An English system: the setting, not the system, chooses the language. */}
      <I18nProvider preferred={['en-US']}>{children}</I18nProvider>
    </StoreProvider>,
  );
  return store;
}

/** A device mining at 195.5 TH/s, 3,300 W, 16.9 J/TH, with two fans. */
function detail(): DeviceDetailView {
  return {
    device: {
      deviceId: 'd1',
      address: 'http://10.0.0.5',
      identity: { mac: null, serial: null, model: 'Antminer S21', firmware: null, hostname: null },
      credentials: {},
      view: {
        deviceId: 'd1',
        address: 'http://10.0.0.5',
        state: 'online',
        reason: 'device reports mining',
        since: 0,
        missedPolls: 0,
        alerts: [],
      },
    },
    reading: {
      state: { name: 'mining', sinceSeconds: 4380 },
      hashRate: { realtime: 195.5, average: 195, nominal: 200, unit: 'TH/s' },
      chipTemp: { max: 71.4 },
      boardTemp: { max: 60 },
      powerW: 3300,
      efficiency: 16.9,
      fans: [{ rpm: 5880 }, { rpm: 6120 }],
      pools: [],
      boards: [],
      warnings: [],
    },
    raw: { summary: {} },
    alerts: [],
    lastPollMs: 1250,
    credential: 'apiKey',
    history: { at: [], values: { hashRate: [], chipTempMax: [], boardTempMax: [], powerW: [] } },
  } as unknown as DeviceDetailView;
}

const term = (name: string): string | null | undefined =>
  screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

/** Intl's spaces (no-break, narrow no-break) as plain spaces, for readable expectations. */
const spaced = (text: string | null | undefined): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the app shell in the language chosen in Settings', () => {
  it('speaks Russian: the navigation, its hints, the Discover view and the footer', async () => {
    await renderIn('ru', <AppShell />);
    // The shell reads the settings again at start: the words follow once main answers.
    const nav = await screen.findByRole('navigation', { name: 'Главное' });
    for (const label of ['Поиск', 'Парк', 'Стойки', 'Площадки', 'Отчёт', 'Настройки']) {
      expect(within(nav).getByRole('button', { name: new RegExp(label) })).toBeTruthy();
    }
    expect(within(nav).getByRole('button', { name: /Поиск/ }).getAttribute('title')).toBe(
      'Найти устройства в этой сети (Alt+1)',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Найти устройства в этой сети' })).toBeTruthy();
    expect(screen.getByText('Адреса для сканирования')).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
    // The footer: a Russian plural, a space between thousands, a decimal comma.
    const summary = await screen.findByLabelText('Сводка по парку');
    const text = spaced(summary.textContent);
    expect(text).toContain('1 234 устройства');
    expect(text).toContain('173,87 TH/s');
    expect(text).toContain('2 оповещения');
  });

  it('speaks Chinese: the navigation, the Discover view and the footer', async () => {
    await renderIn('zh-Hans', <AppShell />);
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    for (const label of ['发现', '机群', '机架', '矿场', '报告', '设置']) {
      expect(within(nav).getByRole('button', { name: new RegExp(label) })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { level: 2, name: '查找此网络中的设备' })).toBeTruthy();
    const summary = await screen.findByLabelText('机群概况');
    expect(summary.textContent).toContain('173.87 TH/s');
    expect(summary.textContent).toContain('2 条告警');
    expect(document.documentElement.lang).toBe('zh-Hans');
  });

  it('stays English with the English setting (the words the other tests find)', async () => {
    await renderIn('en', <AppShell />);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    const summary = await screen.findByLabelText('Fleet summary');
    expect(summary.textContent).toContain('1,234 devices');
    expect(summary.textContent).toContain('173.87 TH/s');
  });
});

describe('the device readings in the language chosen in Settings', () => {
  it('in Russian: the terms, a decimal comma, кВт/Вт words, a space between thousands', async () => {
    await renderIn('ru', <DeviceReadings detail={detail()} />);
    expect(spaced(term('Хешрейт'))).toBe('195,50 TH/s');
    expect(spaced(term('Номинальный'))).toBe('200,00 TH/s');
    expect(term('Самый горячий чип')).toBe('71 °C');
    expect(spaced(term('Мощность'))).toBe('3 300 Вт');
    expect(term('Эффективность')).toBe('16,9 Дж/TH');
    expect(term('В этом состоянии')).toBe('1 ч 13 мин');
    expect(spaced(term('Вентиляторы'))).toBe('5 880 · 6 120 об/мин');
    expect(spaced(term('Последний опрос'))).toBe('1 250 мс');
    expect(term('Чтение через')).toBe('API-ключ');
  });

  it('in Chinese: the terms and a decimal point', async () => {
    await renderIn('zh-Hans', <DeviceReadings detail={detail()} />);
    expect(term('算力')).toBe('195.50 TH/s');
    expect(term('最热算力板')).toBe('60 °C');
    expect(term('功率')).toBe('3,300 W');
    expect(term('能效')).toBe('16.9 J/TH');
    expect(term('风扇')).toBe('5,880 · 6,120 转/分');
  });
});
