import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../renderer/src/app/app-shell';
import { getApi } from '../../../renderer/src/lib/api';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { err } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi, emptyTotals, sampleAppInfo } from './fake-api';

function renderShell(api: FakeApi) {
  const store = createRootStore({ api });
  render(
    <StoreProvider store={store}>
      <AppShell />
    </StoreProvider>,
  );
  return store;
}

afterEach(() => {
  cleanup();
});

describe('AppShell', () => {
  it('shows the name, the views and, once app:info answers, version and platform', async () => {
    const api = createFakeApi();
    renderShell(api);

    expect(screen.getByRole('heading', { level: 1, name: 'Minerdeck' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Discover', 'Fleet', 'Settings']) {
      const tab = within(nav).getByRole('button', { name: new RegExp(label) });
      expect((tab as HTMLButtonElement).disabled).toBe(false);
    }
    expect(
      within(nav)
        .getByRole('button', { name: /Discover/ })
        .getAttribute('aria-current'),
    ).toBe('page');

    const status = await screen.findByText(/Minerdeck 0\.1\.0/);
    expect(status.textContent).toBe('Minerdeck 0.1.0 · Linux · Electron 45.4.1');
    expect(api['app:info']).toHaveBeenCalledOnce();
  });

  it('shows "Starting…" while app:info is on its way', () => {
    const api = createFakeApi();
    vi.mocked(api['app:info']).mockReturnValue(new Promise(() => undefined));
    renderShell(api);
    expect(screen.getByText('Starting…').getAttribute('role')).toBe('status');
  });

  it('shows an error state when app:info fails, and recovers on retry', async () => {
    const api = createFakeApi();
    vi.mocked(api['app:info']).mockResolvedValueOnce(err('INTERNAL', 'Main is not answering.'));
    const store = renderShell(api);

    const alert = await screen.findByText(/Main is not answering\./);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(store.getState().appInfo).toMatchObject({ status: 'error', error: { code: 'INTERNAL' } });

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(/Minerdeck 0\.1\.0/)).toBeTruthy();
    expect(screen.queryByText(/Main is not answering/)).toBeNull();
    expect(api['app:info']).toHaveBeenCalledTimes(2);
  });

  it('shows an error state when the bridge itself breaks (a rejected call)', async () => {
    const api = createFakeApi();
    vi.mocked(api['app:info']).mockRejectedValueOnce(new Error('bridge gone'));
    renderShell(api);
    expect(await screen.findByText(/Could not read the app information/)).toBeTruthy();
  });
});

describe('app slice', () => {
  it('goes idle → loading → ready, and ignores a second load while one runs', async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    expect(store.getState().appInfo).toEqual({ status: 'idle' });

    const first = store.getState().loadAppInfo();
    expect(store.getState().appInfo).toEqual({ status: 'loading' });
    const second = store.getState().loadAppInfo();
    await Promise.all([first, second]);

    expect(store.getState().appInfo).toEqual({ status: 'ready', value: sampleAppInfo });
    expect(api['app:info']).toHaveBeenCalledOnce();
  });
});

describe('getApi', () => {
  it('answers INTERNAL Results when the page runs without the preload', async () => {
    expect(window.api).toBeUndefined();
    const api = getApi();
    await expect(api['app:info']()).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(typeof api.onEvent(() => undefined)).toBe('function');
  });

  it('returns window.api when the preload exposed it', () => {
    const fake = createFakeApi();
    vi.stubGlobal('api', fake);
    expect(getApi()).toBe(fake);
    vi.unstubAllGlobals();
  });
});

describe('keyboard', () => {
  it('Alt+2 opens the fleet, Ctrl+A selects every device shown, Escape closes the device panel', async () => {
    const api = createFakeApi();
    const view = (n: number) => ({
      deviceId: `d${n}`,
      address: `http://10.0.0.${n}`,
      state: 'online' as const,
      reason: 'device reports mining',
      since: 1,
      missedPolls: 0,
      alerts: [],
    });
    vi.mocked(api['monitor:snapshot']).mockResolvedValue({
      ok: true,
      value: {
        running: true,
        totals: emptyTotals(2),
        alerts: [],
        devices: [1, 2].map((n) => ({
          deviceId: `d${n}`,
          address: `http://10.0.0.${n}`,
          identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
          credentials: { password: 'none' as const, apiKey: false },
          view: view(n),
        })),
      },
    });
    const store = renderShell(api);
    await vi.waitFor(() => expect(store.getState().rows).toHaveLength(2));
    fireEvent.keyDown(window, { key: '2', altKey: true });
    expect(store.getState().view).toBe('fleet');
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    expect(store.getState().selection).toEqual({ d1: true, d2: true });
    // Not while typing in a field: there Ctrl+A selects the text.
    store.getState().selectionChanged({});
    const search = await screen.findByRole('searchbox');
    fireEvent.keyDown(search, { key: 'a', ctrlKey: true });
    expect(store.getState().selection).toEqual({});
    void store.getState().devicePanelOpened('d1');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(store.getState().openDeviceId).toBeUndefined();
  });
});
