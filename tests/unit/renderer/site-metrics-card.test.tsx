/**
 * Settings → "Site metrics" against the fake window.api, whose `settings:update` checks and keeps the
 * settings as main does: off by default at the loopback address; the checkbox saves the setting on its own
 * and the card shows the URL, "Not scraped yet", then the last scrape as the card polls; an address that is
 * not an IP and a port is refused as typed; another address warns about the LAN; a taken port is said in
 * plain words; and the form's "Save settings" never sends the metrics back.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsView } from '../../../renderer/src/features/settings/settings-view';
import { englishTranslator } from '../../../shared/i18n/translate';
import { scrapeAge, SITE_METRICS_POLL_MS } from '../../../renderer/src/features/settings/site-metrics-card';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { METRICS_ADDRESS_PROBLEM } from '../../../shared/domain/metrics-address';
import type { AppSettings, SettingsPatch } from '../../../shared/domain/settings';
import { appSettingsSchema, DEFAULT_SETTINGS, mergeSettings } from '../../../shared/domain/settings';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';

const CHECKBOX = { name: "Serve site metrics for the site's Prometheus" };

let api: FakeApi;
let store: RootStore;
/** What "main" holds: the saved settings, whether the port is taken, the last scrape. */
let saved: AppSettings;
let portTaken: boolean;
let scrapedAt: number | undefined;

beforeEach(() => {
  api = createFakeApi();
  saved = DEFAULT_SETTINGS;
  portTaken = false;
  scrapedAt = undefined;
  vi.mocked(api['settings:get']).mockImplementation(async () => ok(saved));
  vi.mocked(api['settings:update']).mockImplementation(async (patch: SettingsPatch) => {
    const next = appSettingsSchema.safeParse(mergeSettings(saved, patch));
    if (!next.success) return err('INVALID_INPUT', 'These settings cannot be used.');
    saved = next.data;
    return ok(saved);
  });
  vi.mocked(api['metrics:status']).mockImplementation(async () => {
    const { enabled, address } = saved.metrics;
    if (!enabled) return ok({ enabled, address });
    if (portTaken) {
      return ok({
        enabled,
        address,
        error: `${address} is already in use (another program listens there): choose another port.`,
      });
    }
    return ok({
      enabled,
      address,
      url: `http://${address}/metrics`,
      ...(scrapedAt !== undefined ? { lastScrapeAt: scrapedAt } : {}),
    });
  });
  store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
  render(
    <StoreProvider store={store}>
      <SettingsView />
    </StoreProvider>,
  );
});

afterEach(() => {
  cleanup();
  store.detach();
});

const metricsUpdates = () =>
  vi
    .mocked(api['settings:update'])
    .mock.calls.map(([patch]) => patch)
    .filter((patch) => patch.metrics !== undefined);

describe('the Site metrics card', () => {
  it('starts off, at the loopback address, saying who can scrape there', async () => {
    const box = await screen.findByRole('checkbox', CHECKBOX);
    expect((box as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('127.0.0.1:9464');
    expect(screen.getByText(/Only this computer can scrape 127\.0\.0\.1\./)).toBeTruthy();
    expect(screen.queryByLabelText('Prometheus scrapes')).toBeNull();
    expect(screen.queryByText('Not scraped yet')).toBeNull();
  });

  it('turned on, shows the URL, then the last scrape as main reports it', async () => {
    fireEvent.click(await screen.findByRole('checkbox', CHECKBOX));
    const url = (await screen.findByLabelText('Prometheus scrapes')) as HTMLInputElement;
    expect(url.value).toBe('http://127.0.0.1:9464/metrics');
    expect(url.readOnly).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Not scraped yet');
    expect(metricsUpdates()).toEqual([{ metrics: { enabled: true } }]);
    expect((screen.getByRole('checkbox', CHECKBOX) as HTMLInputElement).checked).toBe(true);

    // The site's Prometheus scrapes; the card asks again by itself and shows it.
    scrapedAt = Date.now() - 12_000;
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toMatch(/^Last scrape: 1[23] s ago$/),
      {
        timeout: SITE_METRICS_POLL_MS * 2 + 1_000,
      },
    );
    // Longer than the wait above: at vitest's default 5 s the test itself ended first on a loaded machine.
  }, 15_000);

  it('refuses an address that is not an IP and a port as typed, and warns about another address', async () => {
    const field = (await screen.findByLabelText('Address')) as HTMLInputElement;
    const use = screen.getByRole('button', { name: 'Use this address' });
    fireEvent.change(field, { target: { value: 'prometheus.local:9464' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(METRICS_ADDRESS_PROBLEM)).toBeTruthy();
    expect((use as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(field, { target: { value: '0.0.0.0:9100' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(
      screen.getByText(/Anyone on the LAN can read the readings here \(never a password or key\)/),
    ).toBeTruthy();
    fireEvent.click(use);
    await waitFor(() => expect(metricsUpdates()).toEqual([{ metrics: { address: '0.0.0.0:9100' } }]));
    // Still off: only the address was saved.
    expect(saved.metrics).toEqual({ enabled: false, address: '0.0.0.0:9100' });
    expect(screen.queryByLabelText('Prometheus scrapes')).toBeNull();
  });

  it('says in plain words when the port is taken, with the setting kept', async () => {
    portTaken = true;
    fireEvent.click(await screen.findByRole('checkbox', CHECKBOX));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Not served: 127.0.0.1:9464 is already in use (another program listens there): choose another port.',
    );
    expect((screen.getByRole('checkbox', CHECKBOX) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Prometheus scrapes')).toBeNull();
  });

  it('is not undone by the form: "Save settings" sends no metrics', async () => {
    fireEvent.change(await screen.findByLabelText('Devices read at once'), { target: { value: '64' } });
    fireEvent.click(screen.getByRole('checkbox', CHECKBOX));
    await screen.findByLabelText('Prometheus scrapes');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saved.monitor.concurrency).toBe(64));
    expect(saved.metrics.enabled).toBe(true);
    const formSave = vi.mocked(api['settings:update']).mock.calls.at(-1)![0];
    expect(formSave).not.toHaveProperty('metrics');
  });
});

describe('scrapeAge', () => {
  it.each([
    [0, '0 s ago'],
    [12_400, '12 s ago'],
    [119_000, '119 s ago'],
    [180_000, '3 min ago'],
    [3 * 3_600_000, '3 h ago'],
  ])('%i ms → %s', (ms, words) => {
    expect(scrapeAge(englishTranslator(), 1_000_000_000, 1_000_000_000 + ms)).toBe(words);
  });
});
