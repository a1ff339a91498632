/**
 * The fleet view when the monitor says this laptop is off the site network: one banner (not a row per
 * device), the rows kept in their last state and dimmed as not checked, the footer saying so; gone
 * when a diff says the laptop is back. Fed as main feeds it: `monitor:diff` events in their wire form.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../renderer/src/app/app-shell';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { FleetTotals, MonitorDeviceView } from '../../../shared/domain/monitor';
import { encodeMonitorDiff } from '../../../shared/ipc/monitor-diff-codec';
import { ok } from '../../../shared/result';
import { createFakeApi, emptyTotals } from './fake-api';

afterEach(() => {
  cleanup();
});

const view = (n: number): MonitorDeviceView => ({
  deviceId: `d${n}`,
  address: `http://10.0.0.${n}`,
  state: 'online',
  reason: 'device reports mining',
  since: 1,
  missedPolls: 0,
  alerts: [],
});

const totals = (patch: Partial<FleetTotals> = {}): FleetTotals => {
  const base = emptyTotals(2);
  return { ...base, byState: { ...base.byState, online: 2 }, ...patch };
};

describe('fleet view: this laptop off the site network', () => {
  it('shows one banner with since when, dims the rows as not checked, and clears when the laptop is back', async () => {
    const api = createFakeApi();
    vi.mocked(api['monitor:snapshot']).mockResolvedValue(
      ok({
        running: true,
        totals: totals(),
        alerts: [],
        devices: [1, 2].map((n) => ({
          deviceId: `d${n}`,
          address: `http://10.0.0.${n}`,
          identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
          credentials: { password: 'none' as const, apiKey: false },
          view: view(n),
        })),
      }),
    );
    const store = createRootStore({ api, redrawMs: 0 });
    const { container } = render(
      <StoreProvider store={store}>
        <AppShell />
      </StoreProvider>,
    );
    await vi.waitFor(() => expect(store.getState().rows).toHaveLength(2));
    store.getState().viewChosen('fleet');
    expect(await screen.findByRole('table', { name: 'Fleet' })).toBeTruthy();
    expect(container.querySelector('[data-condition="laptop-off-network"]')).toBeNull();

    const since = new Date(2026, 10, 24, 22, 42, 5).getTime();
    api.pushEvents([
      {
        type: 'monitor:diff',
        payload: encodeMonitorDiff({
          at: since + 10_000,
          devices: [],
          removed: [],
          raised: [],
          cleared: [],
          totals: totals({ laptopOffNetworkSince: since }),
        }),
      },
    ]);
    const banner = await screen.findByRole('alert');
    expect(banner.getAttribute('data-condition')).toBe('laptop-off-network');
    expect(banner.textContent).toMatch(
      /^This laptop is not on the site network \(since 22:42\)\. Devices are not checked/,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The rows stay as they were (online, their reason), dimmed: not checked.
    expect(container.querySelector('.fleet-main.not-checked')).not.toBeNull();
    expect(store.getState().rows.map((row) => [row.state, row.reason])).toEqual([
      ['online', 'device reports mining'],
      ['online', 'device reports mining'],
    ]);
    expect(screen.getByLabelText('Fleet summary').textContent).toContain('not checked: off the site network');

    api.pushEvents([
      {
        type: 'monitor:diff',
        payload: encodeMonitorDiff({
          at: since + 60_000,
          devices: [],
          removed: [],
          raised: [],
          cleared: [],
          totals: totals(),
        }),
      },
    ]);
    await vi.waitFor(() =>
      expect(container.querySelector('[data-condition="laptop-off-network"]')).toBeNull(),
    );
    expect(container.querySelector('.fleet-main.not-checked')).toBeNull();
    expect(screen.getByLabelText('Fleet summary').textContent).toContain('2 online');
  });
});
