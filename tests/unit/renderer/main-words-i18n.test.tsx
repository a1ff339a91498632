/**
 * Words main makes, shown in the window's language (issue 35): the keychain's reason and advice (Settings),
 * why site metrics are not served, a monitor alert's words with its numbers, and a write preview's lines —
 * each as main sends them (English `message` beside a `text` key and values), rendered in Russian through
 * the real I18nProvider fed by the store's settings; English readers keep main's sentence word for word.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceReadings } from '../../../renderer/src/features/device/device-readings';
import { PasswordPreview } from '../../../renderer/src/features/fleet/password-preview';
import { KeychainCard } from '../../../renderer/src/features/settings/keychain-card';
import { SiteMetricsCard } from '../../../renderer/src/features/settings/site-metrics-card';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { WritePlanEntry } from '../../../shared/domain/commission';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import { message } from '../../../shared/i18n/message';
import type { UiLocale } from '../../../shared/i18n/locales';
import type { DeviceDetailView } from '../../../shared/ipc/channels/monitor';
import { ok } from '../../../shared/result';
import { createFakeApi } from './fake-api';

afterEach(() => {
  cleanup();
  document.documentElement.lang = '';
});

const ADVICE =
  'Make sure the OS credential store is available to your user account. Until then Minerdeck runs session-only: secrets are kept in memory and forgotten when it exits; nothing is written to disk.';

async function renderIn(locale: UiLocale, children: ReactNode) {
  const api = createFakeApi();
  vi.mocked(api['settings:get']).mockResolvedValue(
    ok({
      ...DEFAULT_SETTINGS,
      language: { app: locale, report: 'app' },
      metrics: { enabled: true, address: '127.0.0.1:9464' },
    }),
  );
  vi.mocked(api['credentials:keychain']).mockResolvedValue(
    ok({
      state: 'locked',
      reason:
        'the keychain did not answer within 5000 ms (it may be locked and waiting for an unlock prompt)',
      reasonText: message('settings.keychain.reason.timeout', { ms: 5000 }),
      advice: ADVICE,
      adviceText: message('settings.keychain.advise.unavailableOther'),
      persistent: false,
    }),
  );
  vi.mocked(api['metrics:status']).mockResolvedValue(
    ok({
      enabled: true,
      address: '127.0.0.1:9464',
      error: '127.0.0.1:9464 is already in use (another program listens there): choose another port.',
      errorText: message('settings.siteMetrics.error.inUse', { where: '127.0.0.1:9464' }),
    }),
  );
  const store = createRootStore({ api });
  await store.getState().settingsRequested();
  await store.getState().keychainRequested();
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={['en-US']}>{children}</I18nProvider>
    </StoreProvider>,
  );
}

/** A device whose chips ran hot: the monitor's alert as main sends it. */
function hotDevice(): DeviceDetailView {
  return {
    device: {
      deviceId: 'd1',
      address: 'http://10.0.0.5',
      identity: { mac: null, serial: null, model: null, firmware: null, hostname: null },
      credentials: {},
      view: {
        deviceId: 'd1',
        address: 'http://10.0.0.5',
        state: 'online',
        reason: 'device reports mining',
        since: 0,
        missedPolls: 0,
        alerts: ['temperature'],
      },
    },
    raw: {},
    alerts: [
      {
        id: 1,
        kind: 'temperature',
        deviceId: 'd1',
        address: 'http://10.0.0.5',
        message: 'chips at 91.5 °C (alert above 85 °C)',
        text: message('fleet.alertText.temperature', { chip: 91.5, limit: 85 }),
        raisedAt: 0,
      },
    ],
    lastPollMs: 100,
    history: { at: [], values: { hashRate: [], chipTempMax: [], boardTempMax: [], powerW: [] } },
  } as unknown as DeviceDetailView;
}

const PLAN: WritePlanEntry[] = [
  {
    address: 'http://10.0.0.5',
    deviceId: 'd1',
    send: false,
    detail: 'locked out: the device refuses unlocks for 120 s more',
    detailText: message('fleet-actions.planDetail.lockedOut', { seconds: 120 }),
  },
];

describe('main’s words in the window’s language', () => {
  it('the keychain card says the reason and the advice in Russian', async () => {
    await renderIn('ru', <KeychainCard />);
    expect(await screen.findByText(/связка ключей не ответила за 5[\s\u00a0]?000 мс/)).toBeTruthy();
    expect(screen.getByText(/Убедитесь, что хранилище учётных данных ОС/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Until then Minerdeck');
  });

  it('the keychain card keeps main’s English word for word', async () => {
    await renderIn('en', <KeychainCard />);
    expect(await screen.findByText(`${ADVICE} Then restart Minerdeck.`)).toBeTruthy();
  });

  it('site metrics say why they are not served in Russian', async () => {
    await renderIn('ru', <SiteMetricsCard />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('127.0.0.1:9464 уже занят (там слушает другая программа)');
  });

  it('an alert’s words and numbers in Russian', async () => {
    await renderIn('ru', <DeviceReadings detail={hotDevice()} />);
    expect((await screen.findByRole('list', { name: /оповещени/i })).textContent).toContain(
      'чипы нагреты до 91,5 °C (тревога выше 85 °C)',
    );
  });

  it('a write preview’s line in Russian', async () => {
    await renderIn('ru', <PasswordPreview plan={PLAN} />);
    expect(
      await screen.findByText(/^Вход заблокирован: устройство не принимает разблокировку ещё 120 с$/),
    ).toBeTruthy();
  });
});
