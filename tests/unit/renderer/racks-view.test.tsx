/**
 * The Racks view over a fake `window.api` (the real channels are exercised in tests/e2e/rack-map.test.ts):
 * reached from the navigation (Alt+3), its racks grouped by area with slots in their devices' looks and
 * empty ones outlined, the legend's counts, the summary on hover, the device's panel on a click, the
 * fleet's filters fading slots, the rack editor saying main's refusal at the field it is about, a new
 * layout read on `layout:changed`, and the fleet's Location column filled from the layout.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../renderer/src/app/app-shell';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { SiteLayout } from '../../../shared/domain/layout';
import type { MonitorDeviceView } from '../../../shared/domain/monitor';
import type { FleetDevice } from '../../../shared/ipc/channels/monitor';
import type { LayoutView } from '../../../shared/ipc/channels/layout';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi, emptyTotals } from './fake-api';
import { standInForModalDialogs } from './jsdom-stand-ins';

const NOW = '2026-11-29T04:00:00.000Z';

const device = (n: number, view: Partial<MonitorDeviceView> = {}): FleetDevice => ({
  deviceId: `d${n}`,
  address: `http://10.0.0.${n}`,
  identity: { mac: null, hostname: `m${n}`, model: 'S21', firmware: 'Vnish', serial: null },
  credentials: { password: 'site', apiKey: true },
  view: {
    deviceId: `d${n}`,
    address: `http://10.0.0.${n}`,
    state: 'online',
    reason: 'mining',
    since: 1,
    missedPolls: 0,
    alerts: [],
    ...view,
  },
});

function layoutView(patch: Partial<SiteLayout> = {}): LayoutView {
  return {
    siteName: 'Hall 7',
    unplaced: [],
    layout: {
      siteId: 'site-1',
      slotPattern: '{area}-{rack}-S{shelf}-P{position}',
      areas: ['C2'],
      racks: [{ id: 'r7', area: 'C2', name: 'R07', shelves: 2, positions: 2 }],
      placements: [
        { rackId: 'r7', shelf: 1, position: 1, deviceId: 'd41', placedAt: NOW },
        { rackId: 'r7', shelf: 2, position: 2, deviceId: 'd42', placedAt: NOW },
      ],
      notes: [],
      updatedAt: NOW,
      ...patch,
    },
  };
}

async function openRacks(api: FakeApi) {
  const store = createRootStore({ api, redrawMs: 0 });
  render(
    <StoreProvider store={store}>
      <AppShell />
    </StoreProvider>,
  );
  await act(async () => {
    fireEvent.keyDown(window, { key: '3', altKey: true });
  });
  return store;
}

function fakeApi(): FakeApi {
  const api = createFakeApi();
  vi.mocked(api['monitor:snapshot']).mockResolvedValue(
    ok({
      running: true,
      devices: [device(41), device(42, { state: 'offline', reason: 'no answer' })],
      totals: emptyTotals(2),
      alerts: [],
    }),
  );
  vi.mocked(api['layout:get']).mockResolvedValue(ok(layoutView()));
  return api;
}

const slot = (name: string): HTMLElement => document.querySelector(`[data-slot="${name}"]`) as HTMLElement;

beforeAll(() => standInForModalDialogs());
afterEach(() => cleanup());

describe('the Racks view', () => {
  it('draws each rack by area, slots in their looks, the legend, hover and click', async () => {
    const api = fakeApi();
    const store = await openRacks(api);
    expect(await screen.findByRole('region', { name: 'Area C2' })).toBeTruthy();
    expect(slot('C2-R07-S1-P1').dataset['look']).toBe('mining');
    expect(slot('C2-R07-S2-P2').dataset['look']).toBe('offline');
    expect(slot('C2-R07-S2-P2').textContent).toBe('✕');
    expect(slot('C2-R07-S1-P2').dataset['look']).toBe('empty');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend.querySelector('[data-legend="offline"]')?.textContent).toBe('✕Offline 1');

    fireEvent.mouseOver(slot('C2-R07-S2-P2'));
    expect(screen.getByRole('tooltip').textContent).toBe('C2-R07-S2-P2 · 10.0.0.42 · S21 · – · Offline');
    vi.mocked(api['monitor:device']).mockResolvedValue(err('INTERNAL', 'not in this test'));
    await act(async () => {
      fireEvent.click(slot('C2-R07-S1-P1'));
    });
    expect(store.getState().openDeviceId).toBe('d41');

    // The fleet's filter holds here too: the online device's slot fades.
    await act(async () => {
      store.getState().filterChanged({ state: 'offline' });
    });
    expect(slot('C2-R07-S1-P1').className).toContain('slot-faded');
    expect(slot('C2-R07-S2-P2').className).not.toContain('slot-faded');
  });

  it('says main’s refusal at the field it is about, and reads the layout again when it changed', async () => {
    const api = fakeApi();
    vi.mocked(api['layout:save-rack']).mockResolvedValue(
      err('INVALID_INPUT', 'A rack named R07 is already in area C2.'),
    );
    const store = await openRacks(api);
    await screen.findByRole('region', { name: 'Area C2' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a rack…' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a rack' });
    fireEvent.change(within(dialog).getByLabelText('Rack name'), { target: { value: 'R07' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add the rack' }));
    });
    expect(api['layout:save-rack']).toHaveBeenCalledWith({
      rack: { area: 'C2', name: 'R07', shelves: 5, positions: 4 },
    });
    const name = within(dialog).getByLabelText('Rack name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A rack named R07 is already in area C2.',
    );

    vi.mocked(api['layout:get']).mockResolvedValue(
      ok(
        layoutView({ placements: [{ rackId: 'r7', shelf: 1, position: 2, deviceId: 'd41', placedAt: NOW }] }),
      ),
    );
    await act(async () => {
      api.pushEvents([{ type: 'layout:changed', payload: { siteId: 'site-1' } }]);
    });
    expect(slot('C2-R07-S1-P2').dataset['look']).toBe('mining');
    expect(store.getState().rows.find((r) => r.id === 'd41')?.location?.slot).toBe('C2-R07-S1-P2');
    expect(store.getState().rows.find((r) => r.id === 'd42')?.location).toBeUndefined();
  });
});
