/**
 * The fleet in the technician's language (issue 35): with Russian chosen in Settings, the toolbar, the
 * table's header, the selection's actions and the cells read in Russian — counts with Russian plurals
 * (2 устройства, 5 устройств), numbers and units through formats.ts — and none of the English words the
 * fleet used to write inline remain. The same rows in English still read as before.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import {
  AlertsCell,
  CredentialsCell,
  FansCell,
  HashRateCell,
  StateCell,
} from '../../../renderer/src/features/fleet/fleet-cells';
import { FleetTable } from '../../../renderer/src/features/fleet/fleet-table';
import { FleetToolbar } from '../../../renderer/src/features/fleet/fleet-toolbar';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { UiLocale } from '../../../shared/i18n/locales';
import { createFakeApi } from './fake-api';
import { fleetRow } from './jsdom-stand-ins';

afterEach(() => cleanup());

const T0 = Date.UTC(2026, 10, 29, 8, 0, 0);

const ROWS: FleetRow[] = Array.from({ length: 5 }, (_, i) =>
  fleetRow(`d${i + 1}`, `10.0.0.${i + 1}`, {
    state: i === 4 ? 'offline' : 'online',
    since: T0 - 180_000,
    hashRate: 95_500_000_000_000,
    nominalHashRate: 100_000_000_000_000,
    fanCount: 4,
    fanRpmMin: 5_400,
  }),
);

function renderIn(locale: UiLocale, ui: ReactNode, rows: FleetRow[] = ROWS): RootStore {
  const store = createRootStore({ api: createFakeApi() });
  store.setState({
    rows,
    settings: {
      status: 'ready',
      value: { ...DEFAULT_SETTINGS, language: { ...DEFAULT_SETTINGS.language, app: locale } },
    },
  });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={['en-US']}>{ui}</I18nProvider>
    </StoreProvider>,
  );
  return store;
}

/** Latin words of three letters or more, but the names kept in every language (LED, API, MAC, TH/s). */
const englishWords = (text: string): string[] =>
  (text.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !['LED', 'API', 'MAC'].includes(word));

describe('the fleet in Russian', () => {
  it('counts devices with Russian plurals in the toolbar and the bulk bar, and no English is left', () => {
    const store = renderIn(
      'ru',
      <>
        <FleetToolbar />
        <BulkBar />
      </>,
    );
    const toolbar = screen.getByRole('search');
    expect(toolbar.textContent).toContain('5 устройств');
    expect(within(toolbar).getByRole('button', { name: 'Запустить мониторинг' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Столбцы' })).toBeTruthy();
    expect(within(toolbar).getByRole('combobox', { name: 'Показать устройства' }).textContent).toContain(
      'Требуют внимания',
    );
    expect(toolbar.querySelector('input[type="search"]')?.getAttribute('placeholder')).toBe('Поиск…  ( / )');

    const bar = screen.getByRole('toolbar', { name: 'Действия с выбранными устройствами' });
    expect(bar.textContent).toContain('Выберите устройства, чтобы действовать');

    // Two selected: "2 устройства" (few); the search narrows the shown rows to two of five.
    fireEvent.change(within(toolbar).getByRole('searchbox'), { target: { value: '10.0.0.1' } });
    act(() => store.getState().selectionChanged({ d1: true, d2: true }));
    expect(toolbar.textContent).toContain('1 из 5 устройств');
    expect(toolbar.textContent).toContain('выбрано: 2');
    expect(bar.textContent).toContain('Выбрано: 2 устройства:');
    expect(within(bar).getByRole('button', { name: 'Ввести в эксплуатацию…' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Действия/ })).toBeTruthy();
    expect(englishWords(`${toolbar.textContent ?? ''} ${bar.textContent ?? ''}`)).toEqual([]);
    act(() => store.getState().selectionChanged({ d1: true }));
    expect(bar.textContent).toContain('Выбрано: 1 устройство:');
  });

  it('names the table and its columns in Russian', () => {
    renderIn('ru', <FleetTable />);
    const table = screen.getByRole('table', { name: 'Парк' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim() ?? '');
    expect(headers).toEqual(
      expect.arrayContaining(['Устройство', 'Состояние', 'Хешрейт', 'Чип', 'Стандарт']),
    );
    expect(within(table).getByRole('checkbox', { name: 'Выбрать все показанные устройства' })).toBeTruthy();
    expect(englishWords(headers.join(' '))).toEqual([]);
  });

  it('writes the cells in Russian: state, time, hash rate share, fans, stored credentials, alerts', () => {
    const row = {
      ...ROWS[4]!,
      alerts: ['offline', 'temperature'] as FleetRow['alerts'],
      password: 'site' as const,
      apiKey: true,
    };
    renderIn(
      'ru',
      <div data-testid="cells">
        <StateCell row={row} now={T0} />
        <HashRateCell row={row} />
        <FansCell row={row} />
        <CredentialsCell row={row} />
        <AlertsCell row={row} />
      </div>,
    );
    const cells = screen.getByTestId('cells');
    const text = cells.textContent ?? '';
    expect(text).toContain('Не в сети · 3 мин');
    expect(text).toContain('95,50 TH/s');
    expect(text).toContain('96 % от номинала');
    expect(text).toContain('4 вентилятора');
    expect(text).toContain('≥ 5\u00a0400 об/мин');
    expect(text).toContain('Пароль площадки');
    expect(text).toContain('API-ключ');
    expect(text).toContain('Перегрев');
    // What is left in Latin letters is the device's own (its reason from main, in fleetRow's stand-in).
    const ours = text.replace(row.reason, '');
    expect(englishWords(ours)).toEqual([]);
  });

  it('a device not watched says so in Russian, though its searchable reason stays main`s', () => {
    const row = { ...ROWS[0]!, state: 'not-watched' as const, reason: 'monitoring is stopped' };
    renderIn('ru', <StateCell row={row} now={T0} />);
    expect(screen.getByText('Не отслеживается')).toBeTruthy();
    expect(screen.getByText('мониторинг остановлен')).toBeTruthy();
  });
});

describe('the fleet in the pseudo-locale', () => {
  it('finds no bare string: every word of the toolbar, the bar, the header and the cells is a message', () => {
    const row = { ...ROWS[0]!, alerts: ['hash-rate'] as FleetRow['alerts'], reason: '' };
    renderIn(
      'en-XA',
      <>
        <FleetToolbar />
        <BulkBar />
        <FleetTable />
        <div data-testid="cells">
          <StateCell row={row} now={T0} />
          <HashRateCell row={row} />
          <FansCell row={row} />
          <CredentialsCell row={row} />
          <AlertsCell row={row} />
        </div>
      </>,
    );
    // Pseudo-localised words are accented and in ⟦ ⟧: plain Latin words left are untranslated.
    const shown = [
      screen.getByRole('search').textContent,
      screen.getByRole('toolbar').textContent,
      ...screen.getAllByRole('columnheader').map((h) => h.textContent),
      screen.getByTestId('cells').textContent,
    ].join(' ');
    expect(shown).toContain('⟦');
    expect(englishWords(shown.replace(/TH\/s/g, ''))).toEqual([]);
  });
});

describe('the fleet in English', () => {
  it('still reads as before', () => {
    renderIn(
      'en',
      <>
        <FleetToolbar />
        <BulkBar />
      </>,
    );
    expect(screen.getByRole('search').textContent).toContain('5 devices');
    expect(screen.getByRole('button', { name: 'Start monitoring' })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Actions on the selected devices' })).toBeTruthy();
  });
});
