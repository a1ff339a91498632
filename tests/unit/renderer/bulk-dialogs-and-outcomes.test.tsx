/**
 * The fleet's bulk dialogs and the outcome of a bulk action, against the fake window.api (issue 22):
 * the Unlock dialog names the site as everything else does ("Site 1", never its id); the restart and
 * reboot confirmations say how many devices are being checked until main's preview is in, never "on 0
 * devices"; and a finished action names up to five devices that did not work, with the reason in words,
 * "and N more", and a button that selects them — for every bulk action, through one component.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { BulkStatus } from '../../../renderer/src/features/fleet/bulk-status';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { SiteSummary } from '../../../shared/domain/inventory';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { DeviceOutcome } from '../../../shared/ipc/channels/credentials';
import { ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { fleetRow, keepFormsInPage, standInForModalDialogs } from './jsdom-stand-ins';
import { chooseAction } from './fleet-actions';

const AT = '2026-03-01T08:00:00.000Z';
const SITE: SiteSummary = {
  id: 'site',
  name: 'Site 1',
  subnets: [],
  passwordRef: 'site/site/password',
  createdAt: AT,
  updatedAt: AT,
  deviceCount: 8,
  current: true,
};

const DEVICES = Array.from({ length: 8 }, (_, i) => ({
  id: `mac:AA:BB:CC:00:00:0${i + 1}`,
  host: `10.0.3.${50 + i}`,
}));
const ids = DEVICES.map((d) => d.id);

const rowOf = (d: (typeof DEVICES)[number], i: number): FleetRow =>
  fleetRow(d.id, d.host, { hostname: i === 0 ? 'rig-01' : null });

beforeAll(() => {
  keepFormsInPage();
  standInForModalDialogs();
});

afterEach(() => cleanup());

function renderFleet(api: FakeApi, selected: readonly string[] = ids): RootStore {
  const store = createRootStore({ api });
  store.setState({
    rows: DEVICES.map(rowOf),
    selection: Object.fromEntries(selected.map((id) => [id, true as const])),
    // The settings still carry the keychain's site id, "site": the dialog must not show it.
    settings: { status: 'ready', value: DEFAULT_SETTINGS },
    sites: { status: 'ready', value: { sites: [SITE], currentSiteId: SITE.id, problems: [] } },
  });
  render(
    <StoreProvider store={store}>
      <BulkBar />
      <BulkStatus />
    </StoreProvider>,
  );
  return store;
}

/** A promise the test resolves when it wants main to have answered. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const failed = (id: string, message: string): DeviceOutcome => ({
  deviceId: id,
  address: `http://${DEVICES.find((d) => d.id === id)?.host}`,
  ok: false,
  message,
});

describe('Unlock…', () => {
  it('names the site by its name, as the site switcher does', () => {
    expect(DEFAULT_SETTINGS.credentials.siteId).toBe('site');
    renderFleet(createFakeApi());
    chooseAction('Unlock…');
    const dialog = screen.getByRole('dialog', { name: 'Unlock 8 devices' });
    expect(within(dialog).getByText(/the site password, the same on every device/).textContent).toBe(
      'the site password, the same on every device (site "Site 1")',
    );
  });
});

describe('Restart… and Reboot… while main checks the devices', () => {
  it.each([
    ['Restart…', 'Restart mining?', 'restart-mining', 'Restart mining on 7 devices'],
    ['Reboot…', 'Reboot?', 'reboot', 'Reboot 7 devices'],
  ] as const)(
    '%s says "Checking 8 devices…" until the count is known',
    async (button, title, action, verb) => {
      const api = createFakeApi();
      const plan = later<Result<WritePlanEntry[]>>();
      vi.mocked(api['commission:action-plan']).mockReturnValue(plan.promise);
      renderFleet(api);
      chooseAction(button);
      const dialog = screen.getByRole('dialog', { name: title });
      expect(api['commission:action-plan']).toHaveBeenCalledWith({ action, deviceIds: ids });
      expect(within(dialog).getByRole('status').textContent).toBe('Checking 8 devices…');
      const waiting = within(dialog).getByRole('button', { name: 'Checking 8 devices…' });
      expect((waiting as HTMLButtonElement).disabled).toBe(true);
      expect(dialog.textContent).not.toMatch(/\b0 devices\b/);

      await act(async () =>
        plan.resolve(
          ok(
            DEVICES.map((d, i) => ({
              deviceId: d.id,
              address: `http://${d.host}`,
              send: i !== 3,
              detail: i !== 3 ? action : 'offline: no answer for 2 polls',
            })),
          ),
        ),
      );
      expect((within(dialog).getByRole('button', { name: verb }) as HTMLButtonElement).disabled).toBe(false);
      expect(within(dialog).queryByText(/Checking/)).toBeNull();
    },
  );
});

describe('the outcome of a bulk action names what did not work, where the eye is', () => {
  it('unlock: up to five devices with the reason in words, "and N more", and a button that selects them', async () => {
    const api = createFakeApi();
    const refused =
      'The device refused the password given; it will not be sent again until another password is given.';
    vi.mocked(api['credentials:unlock']).mockResolvedValue(
      ok({
        outcomes: [
          {
            deviceId: ids[0]!,
            address: 'http://10.0.3.50',
            ok: true,
            message: 'Unlocked; site password stored.',
          },
          failed(ids[1]!, refused),
          failed(ids[2]!, '10.0.3.52: no answer within 3 s (is it switched on?)'),
          failed(ids[3]!, refused),
          failed(ids[4]!, 'locked out: the device refuses unlocks for 290 s more'),
          failed(ids[5]!, refused),
          failed(ids[6]!, refused),
          failed(ids[7]!, refused),
        ],
      }),
    );
    const store = renderFleet(api);
    chooseAction('Unlock…');
    const dialog = screen.getByRole('dialog', { name: 'Unlock 8 devices' });
    fireEvent.change(within(dialog).getByLabelText('Device password'), { target: { value: 'not-it' } });
    fireEvent.click(within(dialog).getByLabelText(/Create an API key/));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock 8 devices' }));
    });
    const status = await screen.findByText('1 unlocked, 7 failed.');
    const summary = status.closest('[role="status"]') as HTMLElement;
    expect(summary.textContent).not.toMatch(/Last action/);
    const list = within(summary).getByRole('list', { name: 'Devices that failed' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `10.0.3.51: ${refused}`,
      '10.0.3.52: No answer within 3 s (is it switched on?)',
      `10.0.3.53: ${refused}`,
      '10.0.3.54: Locked out: the device refuses unlocks for 290 s more.',
      `10.0.3.55: ${refused}`,
      'and 2 more',
    ]);
    store.setState({ selection: {} });
    fireEvent.click(within(summary).getByRole('button', { name: 'Select the 7 failed devices' }));
    expect(Object.keys(store.getState().selection).sort()).toEqual(ids.slice(1).sort());
  });

  it('names a device by its address and its own name; one failure reads "the 1 failed device"', async () => {
    const api = createFakeApi();
    vi.mocked(api['credentials:provision']).mockResolvedValue(
      ok({
        outcomes: [failed(ids[0]!, 'The device answered with an error (HTTP 500): "apikey store full"')],
      }),
    );
    const store = renderFleet(api, [ids[0]!]);
    chooseAction('API keys');
    const list = await screen.findByRole('list', { name: 'Devices that failed' });
    expect(list.textContent).toBe(
      '10.0.3.50 (rig-01): The device answered with an error (HTTP 500): "apikey store full".',
    );
    store.setState({ selection: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Select the 1 failed device' }));
    expect(store.getState().selection).toEqual({ [ids[0]!]: true });
  });

  it('the same for the writes (LED, restart, reboot, pools, password): skipped devices are "not done"', async () => {
    const api = createFakeApi();
    const result = (i: number, outcome: WriteResult['outcome'], message: string): WriteResult => ({
      address: `http://${DEVICES[i]!.host}`,
      deviceId: ids[i]!,
      outcome,
      message,
    });
    vi.mocked(api['commission:locate']).mockResolvedValue(
      ok({
        results: [
          result(0, 'done', 'LED blinking'),
          result(1, 'failed', 'http://10.0.3.51: the device refused the request (HTTP 403)'),
          result(2, 'skipped', 'skipped: offline: no answer for 2 polls'),
        ],
        summary: 'LED on 1 of 2 devices',
      }),
    );
    const store = renderFleet(api, ids.slice(0, 3));
    chooseAction('Blink LED', 'for 10 min');
    const list = await screen.findByRole('list', { name: 'Devices not done' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10.0.3.51: The device refused the request (HTTP 403).',
      '10.0.3.52: Skipped: offline: no answer for 2 polls.',
    ]);
    store.setState({ selection: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Select the 2 devices not done' }));
    expect(Object.keys(store.getState().selection).sort()).toEqual([ids[1], ids[2]].sort());

    // Nothing failed: no list, no button.
    vi.mocked(api['commission:locate']).mockResolvedValue(
      ok({ results: [result(0, 'done', 'LED off')], summary: 'LED off on 1 of 1 device' }),
    );
    chooseAction('Blink LED', 'LED off');
    await screen.findByText('LED off on 1 of 1 device.');
    expect(screen.queryByRole('list', { name: /Devices/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Select the/ })).toBeNull();
  });
});
