/**
 * "Pools…" in the fleet's Actions menu against the fake window.api: what the pools form accepts (a url,
 * a worker template checked as typed, worked out for the first selected device), the site's presets, the
 * preview table (each device's workers; duplicate and empty workers flagged first, with the sentences the
 * shared template code writes), what Apply sends, and the mining restart offered afterwards. Also the
 * confirmation of "Reboot…", which names the count main's preview gives.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { BulkStatus } from '../../../renderer/src/features/fleet/bulk-status';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { PoolPlanEntry, PoolPreset, PoolSpec } from '../../../shared/domain/pools';
import { parseWorkerTemplate, planWorkers, workerValues } from '../../../shared/domain/worker-template';
import { ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { standInForModalDialogs } from './jsdom-stand-ins';
import { chooseAction } from './fleet-actions';

const URL = 'stratum+tcp://pool.example:3333';
const DEVICES = [
  { id: 'mac:AA:BB:CC:00:00:01', host: '10.0.3.57', mac: 'AA:BB:CC:00:00:01' },
  { id: 'mac:AA:BB:CC:00:00:02', host: '10.0.3.58', mac: 'AA:BB:CC:00:00:02' },
  { id: 'mac:AA:BB:CC:00:00:03', host: '10.0.4.58', mac: 'AA:BB:CC:00:00:03' },
];

const rowOf = (d: (typeof DEVICES)[number]): FleetRow => ({
  id: d.id,
  address: `http://${d.host}`,
  host: d.host,
  addressKey: d.host,
  hostname: null,
  model: null,
  firmware: null,
  mac: d.mac,
  state: 'online',
  reason: 'mining',
  password: 'site',
  apiKey: true,
  factoryPassword: false,
  alerts: [],
});

/** The preview main would answer, with the workers and problems of the shared template code itself. */
function planFor(pools: readonly PoolSpec[]): PoolPlanEntry[] {
  const templates = pools.map((p) => {
    const parsed = parseWorkerTemplate(p.worker);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.template;
  });
  const workers = planWorkers(
    templates,
    DEVICES.map((d) => ({ key: d.id, label: d.host, values: workerValues({ mac: d.mac, host: d.host }) })),
  );
  return DEVICES.map((d) => {
    const named = workers.get(d.id)!;
    const base = { address: `http://${d.host}`, deviceId: d.id };
    if (!named.ok) return { ...base, send: false, skip: 'template' as const, detail: named.problem };
    const slots = [0, 1, 2].map((i) => ({
      url: pools[i]?.url ?? '',
      user: named.workers[i] ?? '',
      hasPassword: (pools[i]?.password ?? '') !== '',
    }));
    return { ...base, send: true, detail: `workers: ${named.workers.join(', ')}`, slots };
  });
}

beforeAll(() => {
  standInForModalDialogs();
});

afterEach(() => cleanup());

function renderBar(api: FakeApi, presets: PoolPreset[] = []): RootStore {
  vi.mocked(api['commission:pool-presets']).mockResolvedValue(ok(presets));
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
  chooseAction('Pools…');
  return screen.getByRole('dialog', { name: 'Set the pools of 3 devices' });
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

const next = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next: preview' }));

describe('the pools form', () => {
  it('asks for a url and a worker before asking main for anything', () => {
    const api = createFakeApi();
    renderBar(api);
    const dialog = openDialog();
    next(dialog);
    expect(within(dialog).getByText("Give the pool's URL (stratum+tcp://host:port).")).toBeTruthy();
    expect(within(dialog).getByText('Give a worker name or template, e.g. acct.{mac6}.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Pool 1 URL').getAttribute('aria-invalid')).toBe('true');
    type(dialog, 'Pool 1 URL', 'pool.example:3333, backup:3333');
    expect(within(dialog).getByText('A URL has no spaces or commas.')).toBeTruthy();
    expect(api['commission:pools-plan']).not.toHaveBeenCalled();
  });

  it('checks a url as it is typed, with the words the CLI and main use (shared/domain/pool-url.ts)', () => {
    const api = createFakeApi();
    renderBar(api);
    const dialog = openDialog();
    const url = within(dialog).getByLabelText('Pool 1 URL');
    expect(url.getAttribute('aria-invalid')).toBe('false');
    type(dialog, 'Pool 1 URL', 'http://pool.example:3333');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByText(
        'A pool URL starts with stratum+tcp://, stratum+ssl:// or stratum2+tcp:// (or none: host:port), not "http://".',
      ),
    ).toBeTruthy();
    type(dialog, 'Pool 1 URL', 'pool.example:99999');
    expect(within(dialog).getByText('Port 99999 is out of range: use 1 to 65535.')).toBeTruthy();
    type(dialog, 'Pool 1 URL', 'stratum+tcp://me:secret@pool.example:3333');
    expect(within(dialog).getByText(/^A pool URL takes no login \(user:password@\)/)).toBeTruthy();
    type(dialog, 'Pool 1 URL', 'stratum2+tcp://pool.example:3336');
    expect(url.getAttribute('aria-invalid')).toBe('false');
    type(dialog, 'Pool 1 URL', 'pool.example:0');
    type(dialog, 'Pool 1 worker', 'acct.{mac6}');
    next(dialog);
    expect(within(dialog).getByText('Port 0 is out of range: use 1 to 65535.')).toBeTruthy();
    expect(api['commission:pools-plan']).not.toHaveBeenCalled();
  });

  it('checks a template as it is typed, and works it out for the first selected device', () => {
    renderBar(createFakeApi());
    const dialog = openDialog();
    type(dialog, 'Pool 1 worker', 'acct.{mca}');
    const worker = within(dialog).getByLabelText('Pool 1 worker');
    expect(worker.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(/^Unknown placeholder \{mca\} in "acct\.\{mca\}"/)).toBeTruthy();
    type(dialog, 'Pool 1 worker', 'acct.{mac6}x{ip4}');
    expect(worker.getAttribute('aria-invalid')).toBe('false');
    expect(within(dialog).getByText('10.0.3.57 gets "acct.000001x57".')).toBeTruthy();
    type(dialog, 'Pool 1 worker', 'acct.{label}');
    expect(within(dialog).getByText('{label}: filled in per device in the preview.')).toBeTruthy();
  });

  it('takes up to three pools, and fills them from a preset of the site', async () => {
    const preset: PoolPreset = {
      name: 'Main + backup',
      pools: [
        { url: URL, worker: 'acct.{mac6}', password: 'x' },
        { url: 'backup.example:3333', worker: 'acct.{ip4}', password: '' },
      ],
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    renderBar(createFakeApi(), [preset]);
    const dialog = openDialog();
    const select = within(dialog).getByLabelText('Preset');
    await within(dialog).findByRole('option', { name: 'Main + backup' });
    fireEvent.change(select, { target: { value: 'Main + backup' } });
    expect((within(dialog).getByLabelText('Pool 2 worker') as HTMLInputElement).value).toBe('acct.{ip4}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a backup pool' }));
    expect(within(dialog).getByLabelText('Pool 3 URL')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add a backup pool' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove pool 3' }));
    expect(within(dialog).queryByLabelText('Pool 3 URL')).toBeNull();
  });

  it('saves the typed pools as a preset of the site', async () => {
    const api = createFakeApi();
    const pools = [{ url: URL, worker: 'acct.{mac6}', password: 'x' }];
    vi.mocked(api['commission:pool-preset-save']).mockResolvedValue(
      ok({ name: 'Hall 7', pools, updatedAt: '2026-11-20T10:00:00.000Z' }),
    );
    renderBar(api);
    const dialog = openDialog();
    type(dialog, 'Pool 1 URL', URL);
    type(dialog, 'Pool 1 worker', 'acct.{mac6}');
    type(dialog, 'Pool 1 password', 'x');
    type(dialog, 'Save these pools as a preset', 'Hall 7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save preset' }));
    expect(await within(dialog).findByText('Saved as preset "Hall 7".')).toBeTruthy();
    expect(api['commission:pool-preset-save']).toHaveBeenCalledWith({ name: 'Hall 7', pools });
  });
});

describe('the preview', () => {
  async function preview(api: FakeApi, pools: PoolSpec[]): Promise<HTMLElement> {
    vi.mocked(api['commission:pools-plan']).mockResolvedValue(ok(planFor(pools)));
    renderBar(api);
    const dialog = openDialog();
    pools.forEach((pool, i) => {
      if (i > 0) fireEvent.click(within(dialog).getByRole('button', { name: 'Add a backup pool' }));
      type(dialog, `Pool ${i + 1} URL`, pool.url);
      type(dialog, `Pool ${i + 1} worker`, pool.worker);
      type(dialog, `Pool ${i + 1} password`, pool.password);
    });
    next(dialog);
    expect(api['commission:pools-plan']).toHaveBeenCalledWith({ deviceIds: DEVICES.map((d) => d.id), pools });
    await within(dialog).findByRole('table', { name: 'Preview of the pools' });
    return dialog;
  }

  const rowTexts = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('table', { name: 'Preview of the pools' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));

  it('shows each device`s worker in each pool, then sets only the devices it listed', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:pools-set']).mockResolvedValue(
      ok({ results: [], summary: 'pools set on 0 of 0 devices' }),
    );
    const pools = [
      { url: URL, worker: 'acct.{mac6}', password: 'x' },
      { url: 'backup.example:3333', worker: 'b.{ip3}-{ip4}', password: '' },
    ];
    const dialog = await preview(api, pools);
    expect(within(dialog).getByRole('status').textContent).toBe('3 devices will get the pools.');
    expect(rowTexts(dialog)).toEqual([
      ['10.0.3.57', 'acct.000001', 'b.3-57', 'Will be set'],
      ['10.0.3.58', 'acct.000002', 'b.3-58', 'Will be set'],
      ['10.0.4.58', 'acct.000003', 'b.4-58', 'Will be set'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set pools on 3 devices' }));
    expect(api['commission:pools-set']).toHaveBeenCalledWith({
      deviceIds: DEVICES.map((d) => d.id),
      confirmed: DEVICES.map((d) => d.id),
      pools,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('flags a worker two devices would share, first, and does not offer to send it', async () => {
    const api = createFakeApi();
    const dialog = await preview(api, [{ url: URL, worker: 'rig{ip4}', password: '' }]);
    expect(within(dialog).getByRole('status').textContent).toBe(
      '1 device will get the pools, 2 devices flagged (worker problems).',
    );
    const rows = rowTexts(dialog);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['10.0.3.58', '–'],
      ['10.0.4.58', '–'],
      ['10.0.3.57', 'rig57'],
    ]);
    expect(rows[0]![2]).toBe(
      'Duplicate worker: pool 1\'s worker "rig{ip4}" gives "rig58" here and on 10.0.4.58: each device needs its own worker',
    );
    const table = within(dialog).getByRole('table', { name: 'Preview of the pools' });
    expect(table.querySelectorAll('tr[data-flag="template"]')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Set pools on 1 device' })).toBeTruthy();
  });

  it('flags a template that gives a device no value', async () => {
    const api = createFakeApi();
    const dialog = await preview(api, [{ url: URL, worker: 'acct.{serial}', password: '' }]);
    expect(rowTexts(dialog)[0]![2]).toBe(
      'Missing value: no value for {serial} on this device (pool 1\'s worker "acct.{serial}")',
    );
    const apply = within(dialog).getByRole('button', { name: 'Set pools on 0 devices' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
  });

  it('Back returns to the pools as they were typed', async () => {
    const dialog = await preview(createFakeApi(), [{ url: URL, worker: 'acct.{mac6}', password: 'x' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect((within(dialog).getByLabelText('Pool 1 worker') as HTMLInputElement).value).toBe('acct.{mac6}');
  });
});

describe('after Apply', () => {
  it('streams outcomes into the rows, sums them up and offers the mining restart the devices ask for', async () => {
    const api = createFakeApi();
    const pools = [{ url: URL, worker: 'acct.{mac6}', password: 'x' }];
    vi.mocked(api['commission:pools-plan']).mockResolvedValue(ok(planFor(pools)));
    let answer: (value: Awaited<ReturnType<FakeApi['commission:pools-set']>>) => void = () => undefined;
    vi.mocked(api['commission:pools-set']).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    vi.mocked(api['commission:restart-mining']).mockResolvedValue(
      ok({ results: [], summary: 'mining restarted on 0 of 0 devices' }),
    );
    const store = renderBar(api);
    const dialog = openDialog();
    type(dialog, 'Pool 1 URL', URL);
    type(dialog, 'Pool 1 worker', 'acct.{mac6}');
    next(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Set pools on 3 devices' }));
    const [a, b, c] = DEVICES.map((d) => d.id) as [string, string, string];
    act(() =>
      api.pushEvents([
        {
          type: 'commission:device',
          payload: {
            operation: 'pools',
            deviceId: a,
            address: 'http://10.0.3.57',
            outcome: 'done',
            message: 'Pools set and read back',
            restartRequired: true,
          },
        },
        {
          type: 'commission:progress',
          payload: { operation: 'pools', done: 1, total: 3, changed: 1, failed: 0, skipped: 0 },
        },
      ]),
    );
    expect(screen.getByText('Setting pools: 1 of 3 devices…')).toBeTruthy();
    expect(store.getState().outcomes[a]?.message).toBe('Pools set and read back');
    const done = (id: string, restartRequired: boolean) => ({
      address: '',
      deviceId: id,
      outcome: 'done' as const,
      message: 'Pools set and read back',
      restartRequired,
    });
    await act(async () =>
      answer(
        ok({
          results: [
            done(a, true),
            done(b, true),
            { address: '', deviceId: c, outcome: 'failed', message: 'The device refused the pools' },
          ],
          summary: 'pools set on 2 of 3 devices; 1 failed',
        }),
      ),
    );
    expect(screen.getByText('Pools set on 2 of 3 devices; 1 failed.')).toBeTruthy();
    expect(screen.getByText(/2 devices mine on the new pools only after a mining restart\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restart mining on 2 devices' }));
    expect(api['commission:restart-mining']).toHaveBeenCalledWith({ deviceIds: [a, b], confirmed: [a, b] });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Restart mining on 2 devices' })).toBeNull(),
    );
  });
});

describe('Reboot…', () => {
  it('names the count main`s preview gives, lists who is skipped, and reboots only those it listed', async () => {
    const api = createFakeApi();
    const [a, b, c] = DEVICES.map((d) => d.id) as [string, string, string];
    vi.mocked(api['commission:action-plan']).mockResolvedValue(
      ok([
        { deviceId: a, address: 'http://10.0.3.57', send: true, detail: 'reboot' },
        { deviceId: b, address: 'http://10.0.3.58', send: false, detail: 'offline: no answer for 2 polls' },
        { deviceId: c, address: 'http://10.0.4.58', send: true, detail: 'reboot' },
      ]),
    );
    vi.mocked(api['commission:reboot']).mockResolvedValue(
      ok({ results: [], summary: 'rebooted on 0 of 0 devices' }),
    );
    renderBar(api);
    chooseAction('Reboot…');
    const dialog = screen.getByRole('dialog', { name: 'Reboot?' });
    expect(api['commission:action-plan']).toHaveBeenCalledWith({ action: 'reboot', deviceIds: [a, b, c] });
    const confirm = await within(dialog).findByRole('button', { name: 'Reboot 2 devices' });
    expect(within(dialog).getByRole('list', { name: 'Skipped devices' }).textContent).toBe(
      '10.0.3.58: Offline: no answer for 2 polls',
    );
    // Cancel has the focus: Enter alone never reboots anything.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(confirm);
    expect(api['commission:reboot']).toHaveBeenCalledWith({ deviceIds: [a, b, c], confirmed: [a, c] });
  });
});
