/**
 * The site standard in the window, against the fake window.api: the Standard cell's words (✓, what
 * differs, the whole list on hover), the filter "Differs from the standard", the footer's counts, drift
 * merged from events, and Commission… — the standard set first when the site has none (the password typed
 * twice, pools with a worker template), the preview grouped by steps with the password for devices this
 * laptop knows none for, one confirmation sending exactly the steps shown, the run's progress and its
 * failures named with "Select the N failed devices"; Standard…'s firmware part (the image chosen through
 * main, as Firmware… chooses it, the version, refusals in words).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusLine } from '../../../renderer/src/app/status-line';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { StandardDialog } from '../../../renderer/src/features/standard/standard-dialog';
import { StandardCell } from '../../../renderer/src/features/fleet/standard-cell';
import { visibleRowIds } from '../../../renderer/src/features/fleet/visible-rows';
import {
  driftCell,
  driftCountsText,
  planGroupLines,
} from '../../../renderer/src/features/standard/drift-words';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { FirmwareImage } from '../../../shared/domain/firmware';
import type {
  CommissionDevice,
  CommissionPlan,
  CommissionRun,
  DeviceDrift,
  DriftSummary,
  StandardView,
} from '../../../shared/domain/standard';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi, emptyTotals } from './fake-api';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const SITE = { id: 'site-1', name: 'Hall 1' };
const IDS = ['mac:AA:00:00:00:00:01', 'mac:AA:00:00:00:00:02', 'mac:AA:00:00:00:00:03'];

const rowOf = (id: string, i: number, known = true): FleetRow =>
  fleetRow(
    id,
    `10.0.0.${i + 1}`,
    known
      ? { apiKey: false }
      : { state: 'locked', reason: 'no password stored', password: 'none', apiKey: false },
  );

const drift = (id: string, status: DeviceDrift['status'], words: string[] = []): DeviceDrift => ({
  deviceId: id,
  address: `http://${id}`,
  status,
  parts: [],
  words,
});

const SUMMARY: DriftSummary = { total: 200, atStandard: 182, differ: 18, notChecked: 0, byPart: {} };

const STANDARD: NonNullable<StandardView['standard']> = {
  password: { required: true, stored: true },
  pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{mac6}', hasPassword: false }],
  updatedAt: '2026-11-26T02:00:00.000Z',
};

const PLAN: CommissionPlan = {
  siteId: SITE.id,
  entries: [
    {
      deviceId: IDS[0]!,
      address: 'http://10.0.0.1',
      steps: [
        { kind: 'password', words: 'replace the factory password' },
        { kind: 'settings', words: 'set pools' },
      ],
      detail: '',
    },
    {
      deviceId: IDS[1]!,
      address: 'http://10.0.0.2',
      steps: [
        { kind: 'password', words: 'replace the factory password' },
        { kind: 'settings', words: 'set pools' },
      ],
      detail: '',
    },
    { deviceId: IDS[2]!, address: 'http://10.0.0.3', steps: [], detail: 'no change' },
  ],
  groups: [
    { count: 2, steps: ['replace the factory password', 'set pools'], detail: '' },
    { count: 1, steps: [], detail: 'no change' },
  ],
};

const device = (id: string, outcome: CommissionDevice['outcome'], message = ''): CommissionDevice => ({
  deviceId: id,
  address: `http://10.0.0.${IDS.indexOf(id) + 1}`,
  outcome,
  steps: [],
  message,
});

const RUN: CommissionRun = {
  runId: 'run-1',
  siteId: SITE.id,
  status: 'running',
  startedAt: '2026-11-26T02:10:00.000Z',
  counts: { total: 3, done: 0, unchanged: 0, failed: 0, unknown: 0, skipped: 0, open: 3 },
  devices: IDS.map((id) => device(id, 'pending')),
};

beforeAll(standInForModalDialogs);

afterEach(() => cleanup());

describe('the Standard cell', () => {
  it('a device at the standard is a ✓', () => {
    expect(driftCell(drift(IDS[0]!, 'at-standard'))).toMatchObject({ tone: 'good', main: '✓' });
  });

  it('one that differs says what, first on its own line, the rest under it, all of it on hover', () => {
    const cell = driftCell(drift(IDS[0]!, 'differs', ['factory password', 'pools differ', 'workers differ']));
    expect(cell).toEqual({
      tone: 'bad',
      main: 'factory password',
      sub: 'pools differ, workers differ',
      title: 'Differs from the standard: factory password; pools differ; workers differ',
    });
    render(
      <StandardCell
        drift={drift(IDS[0]!, 'differs', ['factory password', 'pools differ', 'workers differ'])}
      />,
    );
    expect(screen.getByTitle(cell.title).textContent).toBe('factory passwordpools differ, workers differ');
  });

  it('not checked and no standard are said as such, never as a ✓', () => {
    expect(driftCell(drift(IDS[0]!, 'not-checked', ['not checked: offline']))).toMatchObject({
      tone: 'idle',
      main: 'not checked: offline',
    });
    expect(driftCell(drift(IDS[0]!, 'no-standard'))).toMatchObject({ main: '–' });
    expect(driftCell(undefined)).toMatchObject({ main: '–', title: 'Not compared with the standard yet' });
  });
});

describe('the filter and the footer', () => {
  it('"Differs from the standard" shows only the devices that differ, whatever their state', () => {
    const rows = IDS.map((id, i) => rowOf(id, i, i !== 1));
    const state = {
      rows,
      filter: { text: '', state: 'differs' as const },
      drift: {
        [IDS[0]!]: drift(IDS[0]!, 'at-standard'),
        [IDS[1]!]: drift(IDS[1]!, 'differs', ['factory password']),
        [IDS[2]!]: drift(IDS[2]!, 'not-checked', ['not checked: offline']),
      },
    };
    expect(visibleRowIds(state)).toEqual([IDS[1]]);
    // The same rows and filter with new drift: filtered again.
    expect(
      visibleRowIds({ ...state, drift: { [IDS[2]!]: drift(IDS[2]!, 'differs', ['pools differ']) } }),
    ).toEqual([IDS[2]]);
    // Any other filter ignores the drift.
    expect(visibleRowIds({ ...state, filter: { text: '', state: 'all' } })).toEqual(IDS);
  });

  it('counts in words, the not-checked only when there are some, nothing without a standard', () => {
    expect(driftCountsText(SUMMARY, true)).toBe('182 at the standard · 18 differ');
    expect(driftCountsText({ ...SUMMARY, atStandard: 1996, differ: 1, notChecked: 3 }, true)).toBe(
      '1,996 at the standard · 1 differs · 3 not checked',
    );
    // A narrow window's footer: the same counts, shorter.
    expect(driftCountsText(SUMMARY, true, true)).toBe('182 ✓ · 18 differ');
    expect(driftCountsText(SUMMARY, false)).toBeUndefined();
    expect(driftCountsText(null, true)).toBeUndefined();
  });

  it('the footer shows the counts, and follows standard:drift events of its site', async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    vi.mocked(api['standard:drift']).mockResolvedValue(
      ok({
        siteId: SITE.id,
        hasStandard: true,
        devices: [drift(IDS[0]!, 'differs', ['pools differ'])],
        summary: SUMMARY,
      }),
    );
    store.setState({ totals: emptyTotals(200) });
    render(
      <StoreProvider store={store}>
        <StatusLine />
      </StoreProvider>,
    );
    await act(() => store.getState().driftRequested());
    const summary = screen.getByLabelText('Fleet summary');
    expect(summary.textContent).toContain('182 at the standard · 18 differ');
    act(() =>
      api.pushEvents([
        {
          type: 'standard:drift',
          payload: {
            siteId: SITE.id,
            devices: [drift(IDS[0]!, 'at-standard')],
            summary: { ...SUMMARY, atStandard: 183, differ: 17 },
          },
        },
        // Another site's drift (switched away meanwhile) is not this fleet's.
        {
          type: 'standard:drift',
          payload: { siteId: 'site-2', devices: [drift(IDS[1]!, 'differs')], summary: SUMMARY },
        },
      ]),
    );
    expect(summary.textContent).toContain('183 at the standard · 17 differ');
    expect(store.getState().drift[IDS[0]!]?.status).toBe('at-standard');
    expect(store.getState().drift[IDS[1]!]).toBeUndefined();
  });
});

describe('Commission…', () => {
  function renderBar(api: FakeApi, rows: FleetRow[]): RootStore {
    const store = createRootStore({ api });
    vi.mocked(api['sites:list']).mockResolvedValue(
      ok({
        currentSiteId: SITE.id,
        problems: [],
        sites: [
          {
            ...SITE,
            current: true,
            deviceCount: 3,
            subnets: [],
            passwordRef: 'site/site-1/password',
            createdAt: '2026-11-26T00:00:00.000Z',
            updatedAt: '2026-11-26T00:00:00.000Z',
          },
        ],
      }),
    );
    vi.mocked(api['commission:pool-presets']).mockResolvedValue(ok([]));
    store.setState({ rows, selection: Object.fromEntries(rows.map((r) => [r.id, true as const])) });
    void store.getState().sitesRequested();
    render(
      <StoreProvider store={store}>
        <BulkBar />
      </StoreProvider>,
    );
    return store;
  }

  const openCommission = (): HTMLElement => {
    fireEvent.click(screen.getByRole('button', { name: 'Commission…' }));
    return screen.getByRole('dialog');
  };

  it('is the primary button, enabled for a selection', () => {
    const api = createFakeApi();
    renderBar(api, []);
    const button = screen.getByRole('button', { name: 'Commission…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Select devices to act on them');
  });

  it('a site without a standard: set it first — password twice, pools — then the preview, then one run', async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:get']).mockResolvedValue(
      ok({ siteId: SITE.id, siteName: SITE.name, standard: null }),
    );
    vi.mocked(api['standard:set']).mockResolvedValue(
      ok({ siteId: SITE.id, siteName: SITE.name, standard: STANDARD }),
    );
    vi.mocked(api['standard:drift']).mockResolvedValue(
      ok({ siteId: SITE.id, hasStandard: true, devices: [], summary: SUMMARY }),
    );
    vi.mocked(api['standard:plan']).mockResolvedValue(ok(PLAN));
    vi.mocked(api['standard:commission']).mockResolvedValue(ok(RUN));
    const store = renderBar(
      api,
      IDS.map((id, i) => rowOf(id, i, false)),
    );
    const dialog = openCommission();
    await within(dialog).findByText(/has no standard yet/);
    expect(within(dialog).getByRole('heading').textContent).toBe('Set the standard of site "Hall 1"');

    // Nothing is asked of main while the password pair is wrong.
    fireEvent.change(within(dialog).getByLabelText('Site password'), { target: { value: 'hall-1-pw-77' } });
    fireEvent.change(within(dialog).getByLabelText('Site password again'), {
      target: { value: 'hall-1-pw-78' },
    });
    fireEvent.change(within(dialog).getByLabelText('Pool 1 URL'), {
      target: { value: 'stratum+tcp://pool.example:3333' },
    });
    fireEvent.change(within(dialog).getByLabelText('Pool 1 worker'), { target: { value: 'acct.{mac6}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and preview' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Site password: The two passwords are not the same.']);
    expect(api['standard:set']).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Site password again'), {
      target: { value: 'hall-1-pw-77' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and preview' }));
    await waitFor(() => expect(api['standard:set']).toHaveBeenCalledTimes(1));
    expect(api['standard:set']).toHaveBeenCalledWith({
      password: { kind: 'typed', password: 'hall-1-pw-77' },
      pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{mac6}' }],
      firmware: null,
      power: null,
      acceptance: null,
    });

    // The preview: devices without a known password checked with the factory one, shown in the field.
    const groups = await within(dialog).findByRole('list', { name: 'What each device needs' });
    expect(api['standard:plan']).toHaveBeenCalledWith({ deviceIds: IDS, currentPassword: 'admin' });
    expect(
      within(groups)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 devices: replace the factory password, set pools', '1 device: no change']);
    expect(
      (
        within(dialog).getByLabelText(
          'Current password of the 3 devices this laptop knows none for',
        ) as HTMLInputElement
      ).value,
    ).toBe('admin');
    expect(within(dialog).getByRole('heading').textContent).toBe('Bring 3 devices to the standard');

    // One confirmation: exactly the steps shown, with the same password.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bring 2 devices to the standard' }));
    await waitFor(() => expect(api['standard:commission']).toHaveBeenCalledTimes(1));
    expect(api['standard:commission']).toHaveBeenCalledWith({
      deviceIds: IDS,
      currentPassword: 'admin',
      confirmed: [
        { deviceId: IDS[0], steps: ['replace the factory password', 'set pools'] },
        { deviceId: IDS[1], steps: ['replace the factory password', 'set pools'] },
        { deviceId: IDS[2], steps: [] },
      ],
    });
    await within(dialog).findByText('0 of 3 devices…');

    // Progress as it comes; the end names the failed device and selects it on request.
    vi.mocked(api['standard:run']).mockResolvedValue(
      ok({
        ...RUN,
        status: 'done',
        counts: { ...RUN.counts, done: 1, unchanged: 1, failed: 1, open: 0 },
        devices: [
          device(IDS[0]!, 'done'),
          device(IDS[1]!, 'failed', 'set pools: the device answered 500'),
          device(IDS[2]!, 'unchanged'),
        ],
        summary: 'commissioned 2 of 3 devices; 1 failed: 10.0.0.2 (set pools)',
      }),
    );
    act(() =>
      api.pushEvents([
        {
          type: 'standard:progress',
          payload: {
            runId: 'run-1',
            status: 'running',
            phase: 'settings',
            counts: { ...RUN.counts, done: 1, open: 2 },
          },
        },
        { type: 'standard:device', payload: { runId: 'run-1', device: device(IDS[0]!, 'done') } },
      ]),
    );
    expect(within(dialog).getByRole('status').textContent).toBe('1 of 3 devices: setting pools and presets…');
    // Its English and its message: the Last action column words it in the language of the moment.
    expect(store.getState().outcomes[IDS[0]!]).toEqual({
      ok: true,
      message: 'At the standard',
      text: { id: 'standard.outcome.done' },
    });
    act(() =>
      api.pushEvents([
        {
          type: 'standard:device',
          payload: {
            runId: 'run-1',
            device: device(IDS[1]!, 'failed', 'set pools: the device answered 500'),
          },
        },
        { type: 'standard:device', payload: { runId: 'run-1', device: device(IDS[2]!, 'unchanged') } },
        {
          type: 'standard:progress',
          payload: {
            runId: 'run-1',
            status: 'done',
            counts: { ...RUN.counts, done: 1, unchanged: 1, failed: 1, open: 0 },
          },
        },
      ]),
    );
    await within(dialog).findByText('Commissioned 2 of 3 devices; 1 failed: 10.0.0.2 (set pools).');
    expect(within(dialog).getByRole('status').textContent).toBe('Done: 2 devices of 3 at the standard.');
    expect(within(dialog).getByRole('list', { name: 'Devices that failed' }).textContent).toBe(
      '10.0.0.2: Set pools: the device answered 500.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select the 1 failed device' }));
    expect(store.getState().selection).toEqual({ [IDS[1]!]: true });
  });

  it('a site with a standard goes straight to the preview; no password field when every password is known', async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:get']).mockResolvedValue(
      ok({ siteId: SITE.id, siteName: SITE.name, standard: STANDARD }),
    );
    vi.mocked(api['standard:plan']).mockResolvedValue(ok(PLAN));
    renderBar(
      api,
      IDS.map((id, i) => rowOf(id, i)),
    );
    const dialog = openCommission();
    await within(dialog).findByRole('list', { name: 'What each device needs' });
    expect(api['standard:plan']).toHaveBeenCalledWith({ deviceIds: IDS });
    expect(within(dialog).queryByLabelText(/Current password/)).toBeNull();
    expect(within(dialog).getByText(/The standard:/).parentElement?.textContent).toContain(
      'site password · 1 pool (stratum+tcp://pool.example:3333, worker acct.{mac6})',
    );
    // Every device listed with its own steps when asked.
    fireEvent.click(within(dialog).getByText('Every device'));
    const every = await within(dialog).findByRole('list', { name: "Each device's steps" });
    expect(
      within(every)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10.0.0.1: replace the factory password, set pools',
      '10.0.0.2: replace the factory password, set pools',
      '10.0.0.3: no change',
    ]);
  });

  it('a run going on: Commission… shows it (even with nothing selected), Stop asks main to stop it', async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:cancel']).mockResolvedValue(ok({ cancelled: true }));
    const store = renderBar(api, []);
    act(() => store.setState({ commissionRun: { ...RUN, phase: 'password' } }));
    const dialog = openCommission();
    expect(within(dialog).getByRole('heading').textContent).toBe('Bringing 3 devices to the standard');
    expect(within(dialog).getByRole('status').textContent).toBe('0 of 3 devices: replacing passwords…');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(api['standard:cancel']).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByRole('button', { name: 'Close (it keeps going)' })).toBeTruthy();
    expect(api['standard:plan']).not.toHaveBeenCalled();
  });

  it('nothing to do: the button says so and sends nothing; a refused plan is said in words', async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:get']).mockResolvedValue(
      ok({ siteId: SITE.id, siteName: SITE.name, standard: STANDARD }),
    );
    vi.mocked(api['standard:plan']).mockResolvedValue(
      err('NOT_FOUND', 'Site Hall 1 has no standard yet: set it first.'),
    );
    renderBar(
      api,
      IDS.map((id, i) => rowOf(id, i)),
    );
    const dialog = openCommission();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Site Hall 1 has no standard yet: set it first.',
    );
    const start = within(dialog).getByRole('button', {
      name: 'Bring 0 devices to the standard',
    }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(api['standard:commission']).not.toHaveBeenCalled();
  });
});

describe("Standard…'s firmware part", () => {
  const IMAGE = { name: 'xminer-s21pro-1.2.7.bin', bytes: 256 * 1024, sha256: 'cd'.repeat(32) };
  const KEPT_FIRMWARE = { version: '1.2.6', imagePath: '/home/tech/images/xminer-s21pro-1.2.6.bin' };
  /** What the form sends for the parts the firmware tests leave as they were kept. */
  const KEPT_PARTS = {
    password: { kind: 'stored' },
    pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{mac6}' }],
    power: null,
    acceptance: null,
  };

  function openStandard(
    api: FakeApi,
    kept: StandardView['standard'],
    before?: { firmwareImage: FirmwareImage },
  ): RootStore {
    const store = createRootStore({ api });
    vi.mocked(api['standard:get']).mockResolvedValue(
      ok({ siteId: SITE.id, siteName: SITE.name, standard: kept }),
    );
    vi.mocked(api['commission:pool-presets']).mockResolvedValue(ok([]));
    vi.mocked(api['standard:drift']).mockResolvedValue(
      ok({ siteId: SITE.id, hasStandard: true, devices: [], summary: SUMMARY }),
    );
    if (before !== undefined) store.setState(before);
    render(
      <StoreProvider store={store}>
        <StandardDialog siteName={SITE.name} onClose={() => undefined} />
      </StoreProvider>,
    );
    return store;
  }

  const dialog = (): HTMLElement =>
    screen.getByRole('dialog', { name: `The standard of site "${SITE.name}"` });
  const firmwarePart = (): HTMLElement => dialog().querySelector<HTMLElement>('[data-part="firmware"]')!;
  const alerts = (): string[] =>
    within(dialog())
      .queryAllByRole('alert')
      .map((a) => a.textContent ?? '');

  it('ticked in: no image, no save; the image chosen through main (name, size, SHA-256), then exactly {version, image: chosen}', async () => {
    const api = createFakeApi();
    vi.mocked(api['firmware:choose-image'])
      .mockResolvedValueOnce(ok(null))
      .mockResolvedValue(ok({ image: IMAGE }));
    vi.mocked(api['standard:set']).mockResolvedValue(
      ok({
        siteId: SITE.id,
        siteName: SITE.name,
        standard: { ...STANDARD, firmware: { version: '1.2.7', imagePath: '/home/tech/x.bin' } },
      }),
    );
    openStandard(api, STANDARD);
    await within(dialog()).findByRole('button', { name: 'Save the standard' });
    expect(within(firmwarePart()).queryByLabelText('Firmware version')).toBeNull();
    fireEvent.click(within(firmwarePart()).getByLabelText('Firmware'));
    fireEvent.change(within(firmwarePart()).getByLabelText('Firmware version'), {
      target: { value: ' 1.2.7 ' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save the standard' }));
    expect(alerts()).toEqual(['Choose the firmware image first (Choose the image… button).']);
    expect(api['standard:set']).not.toHaveBeenCalled();

    // Closed without a choice: still none.
    fireEvent.click(within(firmwarePart()).getByRole('button', { name: 'Choose the image…' }));
    await waitFor(() => expect(api['firmware:choose-image']).toHaveBeenCalledTimes(1));
    expect(within(firmwarePart()).getByText('No image chosen yet.')).toBeTruthy();
    fireEvent.click(within(firmwarePart()).getByRole('button', { name: 'Choose the image…' }));
    await within(firmwarePart()).findByText('xminer-s21pro-1.2.7.bin (0.3 MB, sha256 cdcdcdcdcdcd…)');
    expect(within(firmwarePart()).getByRole('button', { name: 'Choose another image…' })).toBeTruthy();
    expect(alerts()).toEqual([]);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save the standard' }));
    await waitFor(() => expect(api['standard:set']).toHaveBeenCalledTimes(1));
    expect(api['standard:set']).toHaveBeenCalledWith({
      ...KEPT_PARTS,
      firmware: { version: '1.2.7', image: 'chosen' },
    });
  });

  it("main's refusal is said in words and the form stays as typed", async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:set']).mockResolvedValue(
      err('INVALID_INPUT', 'Choose the firmware image first (Choose the image… button).'),
    );
    // An image the window saw chosen, that main no longer holds (main was restarted meanwhile).
    openStandard(api, STANDARD, { firmwareImage: IMAGE });
    await within(dialog()).findByRole('button', { name: 'Save the standard' });
    fireEvent.click(within(firmwarePart()).getByLabelText('Firmware'));
    expect(within(firmwarePart()).getByText(/^xminer-s21pro-1\.2\.7\.bin/)).toBeTruthy();
    fireEvent.change(within(firmwarePart()).getByLabelText('Firmware version'), {
      target: { value: '1.2.7' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save the standard' }));
    await waitFor(() =>
      expect(alerts()).toEqual([
        'The standard was not kept: Choose the firmware image first (Choose the image… button).',
      ]),
    );
    expect(api['standard:set']).toHaveBeenCalledWith({
      ...KEPT_PARTS,
      firmware: { version: '1.2.7', image: 'chosen' },
    });
    expect((within(firmwarePart()).getByLabelText('Firmware version') as HTMLInputElement).value).toBe(
      '1.2.7',
    );
  });

  it('a kept firmware part: shown by its file name, kept as it is (not sent), taken out with null; a new version needs its image', async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:set']).mockResolvedValue(
      ok({ siteId: SITE.id, siteName: SITE.name, standard: { ...STANDARD, firmware: KEPT_FIRMWARE } }),
    );
    // An image chosen earlier in Firmware… does not replace the kept one unasked.
    openStandard(api, { ...STANDARD, firmware: KEPT_FIRMWARE }, { firmwareImage: IMAGE });
    await within(dialog()).findByRole('button', { name: 'Save the standard' });
    expect(
      within(firmwarePart()).getByText('The kept image: xminer-s21pro-1.2.6.bin (for 1.2.6).'),
    ).toBeTruthy();
    expect(firmwarePart().textContent).not.toContain('/home/tech');
    expect((within(firmwarePart()).getByLabelText('Firmware version') as HTMLInputElement).value).toBe(
      '1.2.6',
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save the standard' }));
    await waitFor(() => expect(api['standard:set']).toHaveBeenCalledTimes(1));
    expect(api['standard:set']).toHaveBeenLastCalledWith(KEPT_PARTS);

    // Another version without another image: refused before main is asked.
    fireEvent.change(within(firmwarePart()).getByLabelText('Firmware version'), {
      target: { value: '1.2.7' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save the standard' }));
    expect(alerts()).toEqual([
      'Choose the firmware image first (Choose the image… button). A new version comes with its own image.',
    ]);
    expect(api['standard:set']).toHaveBeenCalledTimes(1);

    // Unticked: the part leaves the standard.
    fireEvent.click(within(firmwarePart()).getByLabelText('Firmware'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save the standard' }));
    await waitFor(() => expect(api['standard:set']).toHaveBeenCalledTimes(2));
    expect(api['standard:set']).toHaveBeenLastCalledWith({ ...KEPT_PARTS, firmware: null });
  });
});

describe('the preview groups', () => {
  it('devices with steps, at the standard, and skipped ones, each in words', () => {
    expect(
      planGroupLines({
        ...PLAN,
        groups: [
          { count: 150, steps: ['replace the factory password', 'set pools'], detail: '' },
          { count: 48, steps: [], detail: 'no change' },
          { count: 2, steps: [], detail: 'offline' },
        ],
      }).map((l) => l.text),
    ).toEqual([
      '150 devices: replace the factory password, set pools',
      '48 devices: no change',
      '2 devices skipped: offline',
    ]);
  });
});
