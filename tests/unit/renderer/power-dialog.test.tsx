/**
 * "Power…" in the fleet's Actions menu against the fake window.api: the three choices and what each
 * accepts, the plan main answers (totals against the budget, each device's preset with its watts and hash
 * rate, skipped devices first with their reason), what Apply sends (the presets the user saw), the mining
 * restart offered afterwards, and the preset each fleet row shows.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { BulkStatus } from '../../../renderer/src/features/fleet/bulk-status';
import { PowerCell } from '../../../renderer/src/features/fleet/fleet-cells';
import { choiceOf } from '../../../renderer/src/features/fleet/power-dialog';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { PowerPlan } from '../../../shared/domain/power-plan';
import { ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { standInForModalDialogs } from './jsdom-stand-ins';
import { chooseAction } from './fleet-actions';

const DEVICES = [
  { id: 'mac:AA:BB:CC:00:00:01', host: '10.0.3.57' },
  { id: 'mac:AA:BB:CC:00:00:02', host: '10.0.3.58' },
  { id: 'mac:AA:BB:CC:00:00:03', host: '10.0.4.58' },
];

const rowOf = (d: (typeof DEVICES)[number]): FleetRow => ({
  id: d.id,
  address: `http://${d.host}`,
  host: d.host,
  addressKey: d.host,
  hostname: null,
  model: null,
  firmware: null,
  mac: null,
  state: 'online',
  reason: 'mining',
  powerW: 2750,
  password: 'site',
  apiKey: true,
  factoryPassword: false,
  alerts: [],
});

const preset = (name: string, status: 'tuned' | 'untuned' = 'untuned') => ({
  name,
  pretty: `${name} watt ~ ${Math.round(Number(name) / 15)} TH`,
  status,
  moddedPsuRequired: false,
  watts: Number(name),
  hashRateThs: Math.round(Number(name) / 15),
  hashRateFrom: 'pretty' as const,
});

const PLAN: PowerPlan = {
  choice: { kind: 'site-kw', kw: 6.5 },
  entries: [
    {
      address: 'http://10.0.3.57',
      deviceId: DEVICES[0]!.id,
      send: true,
      current: '2800',
      preset: preset('3250'),
      detail: 'preset 3250: 3250 W, 217 TH/s (untuned: the device tunes itself for a while first); now 2800',
    },
    {
      address: 'http://10.0.3.58',
      deviceId: DEVICES[1]!.id,
      send: true,
      current: '2800',
      preset: preset('3250', 'tuned'),
      detail: 'preset 3250: 3250 W, 217 TH/s (tuned); now 2800',
    },
    {
      address: 'http://10.0.4.58',
      deviceId: DEVICES[2]!.id,
      send: false,
      skip: 'no-presets',
      detail: 'its presets could not be read: the device answered 404',
    },
  ],
  totals: { devices: 2, skipped: 1, watts: 6500, hashRateThs: 434, unknownWatts: 0, budgetW: 6500 },
};

beforeAll(() => {
  standInForModalDialogs();
});

afterEach(() => cleanup());

function renderBar(api: FakeApi): RootStore {
  const store = createRootStore({ api });
  store.setState({
    rows: DEVICES.map(rowOf),
    selection: Object.fromEntries(DEVICES.map((d) => [d.id, true as const])),
  });
  render(
    <StoreProvider store={store}>
      <BulkBar />
      <BulkStatus />
    </StoreProvider>,
  );
  return store;
}

function openDialog(): HTMLElement {
  chooseAction('Power…');
  return screen.getByRole('dialog', { name: 'Power presets of 3 devices' });
}

const next = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next: preview' }));

describe('the choice', () => {
  it.each([
    ['preset', '  3200 ', { choice: { kind: 'preset', name: '3200' } }],
    ['preset', '', { problem: 'Type the preset name as the devices list it, e.g. 3200 or disabled.' }],
    ['max-watts', '3300', { choice: { kind: 'max-watts', watts: 3300 } }],
    ['max-watts', '-5', { problem: 'Type a number of watts per device above 0 and at most 20,000.' }],
    ['site-kw', '612.5', { choice: { kind: 'site-kw', kw: 612.5 } }],
    [
      'site-kw',
      '2,000,000',
      { problem: 'Type a number of kilowatts for these devices above 0 and at most 1,000,000.' },
    ],
  ] as const)('%s "%s"', (kind, value, expected) => {
    expect(choiceOf(kind, { preset: '', 'max-watts': '', 'site-kw': '', [kind]: value })).toEqual(expected);
  });

  it('asks main for nothing until the chosen value is right; then asks for the plan of the selection', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:plan']).mockResolvedValue(ok(PLAN));
    renderBar(api);
    const dialog = openDialog();
    // The site budget is the first choice offered; its value is empty.
    next(dialog);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Type a number of kilowatts for these devices above 0 and at most 1,000,000.',
    );
    expect(api['power:plan']).not.toHaveBeenCalled();
    // The other values cannot be typed into until their choice is chosen.
    expect((within(dialog).getByLabelText('Preset name') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Budget for these devices'), { target: { value: '6.5' } });
    next(dialog);
    await waitFor(() => expect(api['power:plan']).toHaveBeenCalledTimes(1));
    expect(api['power:plan']).toHaveBeenCalledWith({
      deviceIds: DEVICES.map((d) => d.id),
      choice: { kind: 'site-kw', kw: 6.5 },
    });
  });

  it('a preset by name is sent as typed, trimmed', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:plan']).mockResolvedValue(ok({ ...PLAN, choice: { kind: 'preset', name: '3250' } }));
    renderBar(api);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByLabelText('One preset for all'));
    fireEvent.change(within(dialog).getByLabelText('Preset name'), { target: { value: ' 3250 ' } });
    next(dialog);
    await waitFor(() =>
      expect(api['power:plan']).toHaveBeenCalledWith({
        deviceIds: DEVICES.map((d) => d.id),
        choice: { kind: 'preset', name: '3250' },
      }),
    );
  });
});

describe('the plan', () => {
  async function planShown(api: FakeApi): Promise<HTMLElement> {
    vi.mocked(api['power:plan']).mockResolvedValue(ok(PLAN));
    renderBar(api);
    const dialog = openDialog();
    fireEvent.change(within(dialog).getByLabelText('Budget for these devices'), { target: { value: '6.5' } });
    next(dialog);
    await within(dialog).findByRole('table', { name: 'Plan of the power presets' });
    return dialog;
  }

  it('shows the totals against the budget, then each device, skipped ones first', async () => {
    const dialog = await planShown(createFakeApi());
    const summary = within(dialog).getByRole('status');
    expect(summary.textContent).toContain('A site budget of 6.5 kW spread for the most hash rate');
    expect(summary.textContent).toContain(
      '2 devices: 6500 W of 6500 W, 434 TH/s expected; 1 skipped (their power is not counted).',
    );
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['10.0.4.58', '–', '–', '–', 'Skipped: Its presets could not be read: the device answered 404'],
      ['10.0.3.57', '2800', '3250', '3250 W, 217 TH/s', 'Will be set (untuned: tunes itself first)'],
      ['10.0.3.58', '2800', '3250', '3250 W, 217 TH/s', 'Will be set (tuned)'],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Set presets on 2 devices' })).toBeTruthy();
  });

  it('Apply sends the presets the user saw; outcomes stream into the rows; the restart is offered', async () => {
    const api = createFakeApi();
    const dialog = await planShown(api);
    let answer: (value: Awaited<ReturnType<FakeApi['power:set']>>) => void = () => undefined;
    vi.mocked(api['power:set']).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set presets on 2 devices' }));
    expect(api['power:set']).toHaveBeenCalledWith({
      deviceIds: DEVICES.map((d) => d.id),
      choice: { kind: 'site-kw', kw: 6.5 },
      confirmed: [
        { deviceId: DEVICES[0]!.id, preset: '3250' },
        { deviceId: DEVICES[1]!.id, preset: '3250' },
      ],
    });
    expect(await screen.findByText(/Setting power presets: 0 of 3 devices/)).toBeTruthy();
    const done = (i: number) => ({
      address: `http://${DEVICES[i]!.host}`,
      deviceId: DEVICES[i]!.id,
      outcome: 'done' as const,
      message: 'Preset 3250 set and read back; restart mining to run it',
      preset: '3250',
      readBack: '3250',
      restartRequired: true,
    });
    await act(async () =>
      answer(
        ok({
          results: [
            done(0),
            done(1),
            {
              address: 'http://10.0.4.58',
              deviceId: DEVICES[2]!.id,
              outcome: 'skipped',
              message: 'skipped: its presets could not be read',
            },
          ],
          summary: 'power profile set on 2 of 2 devices; 1 skipped',
        }),
      ),
    );
    expect(screen.getByText('Power profile set on 2 of 2 devices; 1 skipped.')).toBeTruthy();
    expect(screen.getByText(/2 devices run the new preset only after a mining restart/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restart mining on 2 devices' })).toBeTruthy();
  });
});

describe('the fleet row', () => {
  it('shows the preset a device runs, and the one set here until it runs it', async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    const row = rowOf(DEVICES[0]!);
    render(
      <StoreProvider store={store}>
        <PowerCell row={row} />
      </StoreProvider>,
    );
    // Power through formats.ts (issue 35): thousands grouped as the reader's locale writes them.
    expect(screen.getByText('2,750 W')).toBeTruthy();
    expect(document.querySelector('.preset-note')).toBeNull();
    act(() => store.setState({ presets: { [row.id]: { inUse: '2800' } } }));
    expect(screen.getByText('preset 2800').getAttribute('title')).toBe('Autotune preset 2800');
    act(() => store.setState({ presets: { [row.id]: { inUse: '2800', configured: '3250' } } }));
    expect(screen.getByText('2800→3250').getAttribute('title')).toBe(
      'Preset 3250 is set; the device runs it after a mining restart',
    );
    act(() => store.setState({ presets: { [row.id]: { inUse: '3250', untuned: true } } }));
    expect(screen.getByText('preset 3250').getAttribute('title')).toBe(
      'Autotune preset 3250, untuned: the device tunes itself, hash rate low for a while',
    );
  });

  it('asks main for the rows\u2019 presets, and keeps what it showed when main cannot say', async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    store.setState({ rows: DEVICES.map(rowOf) });
    vi.mocked(api['power:presets']).mockResolvedValue(ok({ [DEVICES[0]!.id]: { inUse: '2800' } }));
    await store.getState().presetsRequested();
    expect(api['power:presets']).toHaveBeenCalledWith({ deviceIds: DEVICES.map((d) => d.id) });
    expect(store.getState().presets).toEqual({ [DEVICES[0]!.id]: { inUse: '2800' } });
    vi.mocked(api['power:presets']).mockResolvedValue({
      ok: false,
      error: { code: 'INTERNAL', message: 'x' },
    });
    await store.getState().presetsRequested();
    expect(store.getState().presets).toEqual({ [DEVICES[0]!.id]: { inUse: '2800' } });
  });
});
