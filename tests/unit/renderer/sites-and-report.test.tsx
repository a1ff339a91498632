/**
 * The site switcher, the Sites view (create, rename, delete with a question, import with conflicts in
 * plain words) and the Report view (preview from the report object, saving through main) against the
 * fake window.api: what each click sends to main and what the technician reads back.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../renderer/src/app/app-shell';
import { conflictSentence } from '../../../renderer/src/features/sites/conflict-words';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { importSummary, targetOf } from '../../../renderer/src/stores/sites-slice';
import type { SiteSummary } from '../../../shared/domain/inventory';
import type { HandOverReport } from '../../../shared/domain/report';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi, emptyTotals } from './fake-api';
import { standInForModalDialogs } from './jsdom-stand-ins';

const AT = '2026-03-01T08:00:00.000Z';
const site = (id: string, name: string, current: boolean, deviceCount = 0): SiteSummary => ({
  id,
  name,
  subnets: [],
  passwordRef: `site/${id}/password`,
  createdAt: AT,
  updatedAt: AT,
  deviceCount,
  current,
});

function withSites(api: FakeApi, sites: SiteSummary[]): void {
  vi.mocked(api['sites:list']).mockImplementation(async () =>
    ok({ sites, currentSiteId: sites.find((s) => s.current)?.id ?? null, problems: [] }),
  );
}

const report: HandOverReport = {
  reportVersion: 1,
  site: { id: 'hall-1', name: 'Hall 1' },
  generatedAt: AT,
  laptop: 'field-laptop',
  technician: 'Dana Okafor',
  app: { name: 'Minerdeck', version: '0.1.0' },
  checkedAt: AT,
  counts: {
    devices: 2,
    byState: { online: 1, locked: 1 },
    apiKeys: 1,
    withProblems: 1,
    factoryPasswords: 1,
    online: 1,
    accepted: 0,
    failed: 1,
  },
  inForce: {
    pools: [{ url: 'stratum+tcp://pool.example:3333', devices: 1, workers: ['hall-1.5'] }],
    firmware: [{ firmware: 'Vnish 1.2.7', devices: 1 }],
  },
  activity: [
    {
      id: '20260301-a1',
      at: AT,
      by: 'field-laptop',
      action: 'pools',
      what: 'pool 1: stratum+tcp://pool.example:3333, worker {site}.{ip4}',
      summary: 'pools set on 1 of 2 devices; 1 failed: 10.0.0.6',
      failed: ['http://10.0.0.6'],
      unknown: [],
    },
  ],
  devices: [
    {
      deviceId: 'mac:AA:BB:CC:00:00:01',
      address: 'http://10.0.0.5',
      label: 'Rack 3',
      mac: 'AA:BB:CC:00:00:01',
      hostname: 'miner-05',
      model: 'Antminer S21',
      firmware: 'Vnish 1.2.7',
      serial: null,
      state: 'online',
      stateReason: 'device reports mining',
      minerState: 'mining',
      hashRate: 180e12,
      nominalHashRate: 200e12,
      hashRateShare: 0.9,
      chipTempMax: 71,
      boardTempMax: 60,
      apiKey: true,
      password: { status: 'changed-here', changedAt: AT },
      pools: [{ url: 'stratum+tcp://pool.example:3333', user: 'hall-1.5' }],
      led: 'off',
      lastRestart: { action: 'reboot', at: AT, outcome: 'done' },
      commissioning: 'verified',
      preset: '3200',
      worker: 'hall-1.5',
      acceptance: {
        verdict: 'fail',
        reasons: ['2 of 3 hash boards present (board 3 missing)'],
        checks: [],
        evidence: {
          preset: '3200',
          readings: { taken: 31, failed: 0, failures: [] },
          boards: { expected: 3, seen: 2, missing: [3], failing: [] },
          deadChips: [],
          chipsSeen: 130,
          hashRate: { averageThs: 130, nominalThs: 200, percent: 65, lowestThs: 129 },
          temperature: { hottestChipC: 71, board: 1, hottestBoardC: 60 },
          fans: { count: 4, slowestRpm: 5000, stopped: [] },
          shares: { accepted: 100, rejected: 0, rejectedPercent: 0, restarted: false },
        },
        criteria: { minutes: 30, minHashratePercent: 95, maxChipTempC: 85, maxRejectedPercent: 2 },
        startedAt: AT,
        endedAt: AT,
        by: 'field-laptop',
      },
      problems: [],
      alerts: [],
      notes: '<img src=x onerror=alert(1)>',
      firstSeen: AT,
      lastSeen: AT,
    },
    {
      deviceId: 'addr:10.0.0.6:80',
      address: 'http://10.0.0.6',
      label: '',
      mac: null,
      hostname: null,
      model: null,
      firmware: null,
      serial: null,
      state: 'locked',
      stateReason: 'needs credentials',
      minerState: null,
      hashRate: null,
      nominalHashRate: null,
      hashRateShare: null,
      chipTempMax: null,
      boardTempMax: null,
      apiKey: false,
      password: { status: 'factory-default' },
      pools: null,
      led: null,
      lastRestart: null,
      commissioning: 'found',
      preset: null,
      worker: null,
      acceptance: null,
      problems: ['No credential stored'],
      alerts: [],
      notes: '',
      firstSeen: AT,
      lastSeen: AT,
    },
  ],
};

function renderShell(api: FakeApi) {
  const store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
  render(
    <StoreProvider store={store}>
      <AppShell />
    </StoreProvider>,
  );
  return store;
}

afterEach(() => cleanup());

beforeAll(() => {
  standInForModalDialogs();
});

/** A picked file; jsdom's File has no `text()`, which every browser the app runs in has. */
const picked = (content: string, name: string): File =>
  Object.assign(new File([content], name), { text: async () => content });

describe('site switcher', () => {
  it('shows the current site in the header, and switching reloads the fleet', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true, 3), site('hall-2', 'Hall 2', false)]);
    vi.mocked(api['sites:use']).mockImplementation(async ({ site: id }) => {
      withSites(api, [site('hall-1', 'Hall 1', false, 3), site('hall-2', 'Hall 2', true)]);
      return ok({ ...site(id, 'Hall 2', true) });
    });
    renderShell(api);
    const select = (await screen.findByLabelText('Site')) as HTMLSelectElement;
    expect(select.value).toBe('hall-1');
    const snapshots = vi.mocked(api['monitor:snapshot']).mock.calls.length;

    fireEvent.change(select, { target: { value: 'hall-2' } });

    await waitFor(() => expect((screen.getByLabelText('Site') as HTMLSelectElement).value).toBe('hall-2'));
    expect(api['sites:use']).toHaveBeenCalledWith({ site: 'hall-2' });
    expect(vi.mocked(api['monitor:snapshot']).mock.calls.length).toBeGreaterThan(snapshots);
  });

  it('offers to choose or create a site when none is current', async () => {
    const api = createFakeApi();
    withSites(api, []);
    const store = renderShell(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose or create a site' }));
    expect(store.getState().view).toBe('sites');
  });
});

describe('Sites view', () => {
  it('creates a site and switches to it; renames in place', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['sites:create']).mockResolvedValue(ok(site('hall-2', 'Hall 2', true)));
    vi.mocked(api['sites:rename']).mockResolvedValue(ok(site('hall-1', 'North hall', true)));
    const store = renderShell(api);
    store.getState().viewChosen('sites');

    fireEvent.change(await screen.findByLabelText('Site name'), { target: { value: 'Hall 2' } });
    fireEvent.change(screen.getByLabelText('Subnets (optional)'), {
      target: { value: '10.0.0.0/24, 10.0.1.0/24' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create and switch to it' }));
    await screen.findByText('Site "Hall 2" created; it is the current site.');
    expect(api['sites:create']).toHaveBeenCalledWith({
      name: 'Hall 2',
      use: true,
      subnets: ['10.0.0.0/24', '10.0.1.0/24'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Rename Hall 1' }));
    fireEvent.change(screen.getByLabelText('New name for Hall 1'), { target: { value: 'North hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Renamed to "North hall".');
    expect(api['sites:rename']).toHaveBeenCalledWith({ site: 'hall-1', name: 'North hall' });
  });

  it('deletes a site with devices only after the technician confirms', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true), site('old', 'Old site', false, 12)]);
    vi.mocked(api['sites:delete']).mockResolvedValue(
      ok({ site: site('old', 'Old site', false), devicesRemoved: 12 }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('sites');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old site' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its 12 devices, their labels and notes are forgotten/)).toBeTruthy();
    expect(api['sites:delete']).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the site' }));
    await screen.findByText('Site "Old site" deleted with its 12 devices.');
    expect(api['sites:delete']).toHaveBeenCalledWith({ site: 'old', confirm: true });
  });

  it('imports a picked file as text and lists the merge disagreements in plain words', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['inventory:import']).mockResolvedValue(
      ok({
        kind: 'site-json',
        site: { ...site('hall-1', 'Hall 1', true) },
        siteCreated: false,
        merged: 1,
        added: 2,
        unchanged: 3,
        conflicts: [
          {
            deviceId: 'mac:AA',
            address: 'http://10.0.0.5',
            field: 'hostname',
            local: 'miner-05',
            incoming: 'miner-5',
            kept: 'incoming',
          },
        ],
      }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('sites');
    const file = picked('{"format":"minerdeck-site"}', 'hall-1-from-bob.json');

    fireEvent.change(await screen.findByLabelText('Import a file (CSV or site export)'), {
      target: { files: [file] },
    });

    await screen.findByText(/Merged into site "Hall 1": 2 devices added, 1 updated, 3 unchanged/);
    expect(api['inventory:import']).toHaveBeenCalledWith({ text: '{"format":"minerdeck-site"}' });
    const list = screen.getByRole('list', { name: 'Disagreements' });
    expect(list.textContent).toContain(
      'http://10.0.0.5: the host name differs (here "miner-05", in the file "miner-5"). Kept the file\'s',
    );
  });

  it('a known device’s address from a file waits for the technician’s button, which accepts only that', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['inventory:import']).mockResolvedValue(
      ok({
        kind: 'site-json',
        site: site('hall-1', 'Hall 1', true),
        siteCreated: false,
        merged: 0,
        added: 0,
        unchanged: 1,
        conflicts: [
          {
            deviceId: 'mac:AA',
            address: 'http://10.0.0.5',
            field: 'address',
            local: 'http://10.0.0.5',
            incoming: 'http://10.0.0.99',
            kept: 'local',
            pending: true,
          },
        ],
      }),
    );
    vi.mocked(api['inventory:accept-import']).mockResolvedValue(
      ok({
        accepted: [
          { deviceId: 'mac:AA', field: 'address', value: 'http://10.0.0.99', previous: 'http://10.0.0.5' },
        ],
      }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('sites');
    fireEvent.change(await screen.findByLabelText('Import a file (CSV or site export)'), {
      target: { files: [picked('{"format":"minerdeck-site"}', 'from-bob.json')] },
    });
    const list = await screen.findByRole('list', { name: 'Disagreements' });
    expect(list.textContent).toContain(
      'http://10.0.0.5: the address differs (here "http://10.0.0.5", in the file "http://10.0.0.99"). Kept yours: nothing is sent to the file\'s address until you accept it.',
    );
    expect(api['inventory:accept-import']).not.toHaveBeenCalled();

    fireEvent.click(within(list).getByRole('button', { name: "Use the file's address for mac:AA" }));
    await screen.findByText("Accepted the file's address for mac:AA: it is used from now on.");
    // The page names the device and the field; the value is the one main filed at the import.
    expect(api['inventory:accept-import']).toHaveBeenCalledWith({
      site: 'hall-1',
      deviceId: 'mac:AA',
      field: 'address',
    });
    expect(within(list).queryByRole('button')).toBeNull();
    expect(list.textContent).toContain("Accepted: the file's address is used from now on.");
  });

  it('a CSV of planned devices can be scanned from Discover', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['inventory:import']).mockResolvedValue(
      ok({
        kind: 'targets-csv',
        site: site('hall-1', 'Hall 1', true),
        warnings: ['line 4: 1 extra cell ignored'],
        added: 2,
        updated: 0,
        unchanged: 0,
        conflicts: [],
      }),
    );
    vi.mocked(api['inventory:devices']).mockResolvedValue(
      ok({
        site: site('hall-1', 'Hall 1', true),
        devices: ['http://10.0.0.7:8080', 'https://10.0.0.8'].map((address, i) => ({
          id: `addr:${i}`,
          siteId: 'hall-1',
          identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
          address,
          addressHistory: [],
          tlsPin: null,
          tlsSeen: null,
          label: '',
          notes: '',
          firstSeen: AT,
          lastSeen: null,
          commissioning: { status: 'planned' as const, updatedAt: AT },
        })),
      }),
    );
    vi.mocked(api['discovery:check']).mockResolvedValue(ok({ count: 2, needsConfirmation: false }));
    const store = renderShell(api);
    store.getState().viewChosen('sites');
    fireEvent.change(await screen.findByLabelText('Import a file (CSV or site export)'), {
      target: { files: [picked('address\n10.0.0.7:8080\n', 'plan.csv')] },
    });
    await screen.findByText('line 4: 1 extra cell ignored');
    fireEvent.click(screen.getByRole('button', { name: 'Scan the planned devices' }));
    await waitFor(() => expect(store.getState().view).toBe('discover'));
    expect(store.getState().targetsText).toBe('10.0.0.7:8080, 10.0.0.8:443');
  });
});

describe('Report view', () => {
  it('previews the document to sign (page 1, one line per device, evidence; values escaped) and saves CSV', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['report:generate']).mockResolvedValue(
      ok({ report, fileName: 'r.json', mimeType: 'application/json', content: '{}' }),
    );
    vi.mocked(api['report:save']).mockResolvedValue(
      ok({ saved: true, path: '/home/tech/minerdeck-report-hall-1-2026-03-01.csv', fileName: 'x.csv' }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('report');

    const table = await screen.findByRole('table', { name: 'Devices in the report' });
    expect(api['report:generate']).toHaveBeenCalledWith({ format: 'json' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      '#',
      'Address',
      'MAC',
      'Serial',
      'Model',
      'Firmware',
      'Preset',
      'Hash rate, % of nominal',
      'Hottest chip',
      'Worker',
      'Verdict',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '1',
      '10.0.0.5',
      'AA:BB:CC:00:00:01',
      '–',
      'Antminer S21',
      'Vnish 1.2.7',
      '3200',
      '65 %',
      '71 °C',
      'hall-1.5',
      'Failed',
    ]);
    expect(within(second!).getAllByRole('cell')[10]!.textContent).toBe('not run · locked');
    // Page 1: the headline, who hands over, the counts, the failure by name, activity, in force, signatures.
    const pageOne = screen.getByRole('region', { name: 'Page 1' });
    expect(within(pageOne).getByRole('heading', { name: 'Accepted 0 of 2 devices' })).toBeTruthy();
    expect(pageOne.textContent).toContain('Dana Okafor');
    expect(screen.getByRole('region', { name: 'Failures' }).textContent).toContain(
      '10.0.0.5 · Rack 3 — 2 of 3 hash boards present (board 3 missing)',
    );
    expect(screen.getByRole('region', { name: 'Activity' }).textContent).toContain(
      'pools set on 1 of 2 devices; 1 failed: 10.0.0.6',
    );
    expect(screen.getByRole('region', { name: 'In force' }).textContent).toContain(
      'stratum+tcp://pool.example:3333 — 1 device',
    );
    expect(screen.getByRole('region', { name: 'Signatures' }).textContent).toMatch(
      /Technician.*Site owner.*Date/,
    );
    expect(screen.getByRole('list', { name: 'Counts' }).textContent).toContain('1 with the factory password');
    // A report made before the site standard existed: no standard line, no Standard column.
    expect(screen.queryByRole('region', { name: 'Site standard' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Evidence' }).textContent).toContain(
      'Boards: 2 of 3 present (missing: 3)',
    );
    // A device's text is shown as text, never as markup.
    expect(screen.getByRole('region', { name: 'Notes' }).textContent).toContain(
      '<img src=x onerror=alert(1)>',
    );
    expect(document.querySelector('img')).toBeNull();

    fireEvent.change(screen.getByLabelText('Technician'), { target: { value: 'Sam Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save CSV…' }));
    await screen.findByText('Saved to /home/tech/minerdeck-report-hall-1-2026-03-01.csv.');
    expect(api['report:save']).toHaveBeenCalledWith({ format: 'csv', technician: 'Sam Lee', language: 'en' });
  });

  it('shows the site standard on page 1 and a Standard column before the verdict, and device text printable', async () => {
    const withStandard: HandOverReport = {
      ...report,
      standard: {
        set: true,
        line: 'The site standard: 1 of 2 devices at the standard; 1 differs: 1 pools differ',
        summary: { total: 2, atStandard: 1, differ: 1, notChecked: 0, byPart: { pools: 1 } },
        parts: {
          password: { required: true, stored: true },
          pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{mac6}', hasPassword: false }],
          firmware: null,
          power: { kind: 'preset', name: '3200' },
          acceptance: null,
          updatedAt: AT,
        },
      },
      devices: [
        {
          ...report.devices[0]!,
          // A device's own words with a text-direction override and an escape: shown as what they are.
          model: 'Antminer\u202eS21',
          notes: 'rack 3\x1b[2J',
          standard: {
            status: 'differs',
            parts: [
              { part: 'password', state: 'ok', words: '' },
              { part: 'firmware', state: 'not-checked', words: 'not checked: firmware not read' },
              { part: 'pools', state: 'differs', words: 'pools differ' },
            ],
            words: ['not checked: firmware not read', 'pools differ'],
          },
        },
        {
          ...report.devices[1]!,
          standard: { status: 'at-standard', parts: [{ part: 'pools', state: 'ok', words: '' }], words: [] },
        },
      ],
    };
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['report:generate']).mockResolvedValue(
      ok({ report: withStandard, fileName: 'r.json', mimeType: 'application/json', content: '{}' }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('report');

    const table = await screen.findByRole('table', { name: 'Devices in the report' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings.slice(-2)).toEqual(['Standard', 'Verdict']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // What differs first, then what was not checked, as the printed column says it.
    expect(cells(first!).slice(-2)).toEqual(['pools differ, not checked: firmware not read', 'Failed']);
    expect(cells(second!).slice(-2)).toEqual(['✓', 'not run · locked']);
    expect(cells(first!)[4]).toBe('Antminer\\u202eS21');

    const standard = within(screen.getByRole('region', { name: 'Page 1' })).getByRole('region', {
      name: 'Site standard',
    });
    expect(standard.textContent).toContain(
      'The site standard: 1 of 2 devices at the standard; 1 differs: 1 pools differ',
    );
    expect(standard.textContent).toContain(
      'The standard: site password (stored in this keychain) · pool 1: stratum+tcp://pool.example:3333, worker acct.{mac6} · power: preset 3200',
    );
    expect(screen.getByRole('region', { name: 'Notes' }).textContent).toContain('rack 3\\x1b[2J');
    for (const raw of ['\u202e', '\x1b']) expect(document.body.textContent).not.toContain(raw);
  });

  it('says a site without a standard on page 1, with no Standard column', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['report:generate']).mockResolvedValue(
      ok({
        report: {
          ...report,
          standard: {
            set: false,
            line: 'The site standard: no standard set for this site',
            summary: null,
            parts: null,
          },
          devices: report.devices.map((d) => ({ ...d, standard: null })),
        },
        fileName: 'r.json',
        mimeType: 'application/json',
        content: '{}',
      }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('report');

    const table = await screen.findByRole('table', { name: 'Devices in the report' });
    expect(within(table).queryByRole('columnheader', { name: 'Standard' })).toBeNull();
    const standard = screen.getByRole('region', { name: 'Site standard' });
    expect(standard.textContent).toBe('The site standard: no standard set for this site');
  });

  it('says when saving failed, and when the dialog was closed', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['report:generate']).mockResolvedValue(
      ok({ report, fileName: 'r', mimeType: 'x', content: '' }),
    );
    vi.mocked(api['report:save'])
      .mockResolvedValueOnce(
        err('INTERNAL', 'PDF needs the desktop app: save the HTML report and print it instead.'),
      )
      .mockResolvedValueOnce(ok({ saved: false }));
    const store = renderShell(api);
    store.getState().viewChosen('report');
    await screen.findByRole('table', { name: 'Devices in the report' });
    fireEvent.click(screen.getByRole('button', { name: 'Save PDF…' }));
    await screen.findByText(/PDF needs the desktop app/);
    fireEvent.click(screen.getByRole('button', { name: 'Save HTML…' }));
    await screen.findByText('Not saved.');
  });

  it('writes the report in the customer’s language, chosen apart from the window’s, and saves it so', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true)]);
    vi.mocked(api['report:generate']).mockResolvedValue(
      ok({ report, fileName: 'r.json', mimeType: 'application/json', content: '{}' }),
    );
    vi.mocked(api['report:save']).mockResolvedValue(
      ok({ saved: true, path: '/home/tech/minerdeck-report-hall-1-2026-03-01.pdf', fileName: 'x.pdf' }),
    );
    const store = renderShell(api);
    store.getState().viewChosen('report');
    await screen.findByRole('table', { name: 'Devices in the report' });
    // The Settings' report language is "app": the window's, English here.
    const language = screen.getByLabelText('Report language') as HTMLSelectElement;
    expect(language.value).toBe('en');

    fireEvent.change(language, { target: { value: 'ru' } });
    // The preview in Russian: page 1, its headline, the signature block, the table's headings.
    const pageOne = await screen.findByRole('region', { name: 'Страница 1' });
    expect(within(pageOne).getByRole('heading', { name: 'Принято 0 из 2 устройств' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Подписи' }).textContent).toMatch(
      /Техник.*Владелец площадки.*Дата/,
    );
    const table = screen.getByRole('table', { name: 'Устройства в акте' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Вердикт');
    expect(screen.getByRole('article', { name: 'Report preview' }).getAttribute('lang')).toBe('ru');
    // The view's own controls stay in the window's language; the saved file is in the customer's.
    fireEvent.click(screen.getByRole('button', { name: 'Save PDF…' }));
    await screen.findByText('Saved to /home/tech/minerdeck-report-hall-1-2026-03-01.pdf.');
    expect(api['report:save']).toHaveBeenCalledWith({ format: 'pdf', language: 'ru' });
  });
});

describe('words', () => {
  it('turns addresses into scan targets and summarises imports', () => {
    expect(targetOf('http://10.0.0.5')).toBe('10.0.0.5:80');
    expect(targetOf('https://[fe80::1]:8443')).toBe('[fe80::1]:8443');
    expect(
      importSummary({
        kind: 'targets-csv',
        site: site('s', 'S', true),
        warnings: [],
        added: 1,
        updated: 2,
        unchanged: 3,
        conflicts: [],
      }),
    ).toBe('1 planned device added to "S", 2 known devices updated, 3 lines already there.');
  });

  it('says which value a merge kept and why', () => {
    const base = { deviceId: 'mac:AA', address: 'http://10.0.0.5', local: 'Rack 1', incoming: 'Rack 9' };
    expect(conflictSentence({ ...base, field: 'label', kept: 'local' })).toBe(
      'http://10.0.0.5: the label differs (here "Rack 1", in the file "Rack 9"). Kept yours: the label on this laptop is never replaced by an import.',
    );
    expect(
      conflictSentence({ ...base, field: 'address', local: 'mac:AA', incoming: 'mac:BB', kept: 'both' }),
    ).toMatch(
      /^Two different devices are at http:\/\/10\.0\.0\.5: mac:AA here and mac:BB in the file\. Both were kept/,
    );
    const pending = { ...base, kept: 'local' as const, pending: true };
    expect(conflictSentence({ ...pending, field: 'tlsPin', local: '', incoming: 'AB:CD' })).toBe(
      'http://10.0.0.5: the trusted certificate differs (here (none), in the file "AB:CD"). Kept yours: the file\'s certificate is not trusted until you accept it.',
    );
    expect(
      conflictSentence({
        ...pending,
        field: 'address',
        address: 'http://10.0.0.99',
        local: 'http://10.0.0.5',
        incoming: 'http://10.0.0.99',
      }),
    ).toBe(
      'mac:AA: the file puts this device at "http://10.0.0.99", and this laptop knows it at "http://10.0.0.5". Not added: nothing is sent to the file\'s address until you accept it.',
    );
  });

  it('says what an import did with acceptance verdicts, and which run it kept', () => {
    expect(
      importSummary({
        kind: 'site-json',
        site: site('s', 'S', true),
        siteCreated: false,
        added: 0,
        merged: 0,
        unchanged: 2,
        conflicts: [],
        verdicts: { added: 1, replaced: 1, keptOurs: 0, waiting: 0 },
      }),
    ).toBe(
      'Merged into site "S": 0 devices added, 0 updated, 2 unchanged; no disagreements. Acceptance verdicts: 1 added, 1 replaced by a newer run in the file.',
    );
    expect(
      conflictSentence({
        deviceId: 'mac:AA',
        address: 'http://10.0.0.5',
        field: 'acceptance',
        local: 'pass, ended 2026-03-01 08:00 UTC on laptop-a',
        incoming: 'fail, ended 2026-03-01 09:30 UTC on laptop-b',
        kept: 'incoming',
      }),
    ).toBe(
      'http://10.0.0.5: the acceptance verdict differs (here "pass, ended 2026-03-01 08:00 UTC on laptop-a", in the file "fail, ended 2026-03-01 09:30 UTC on laptop-b"). Kept the newer run (the file\'s): a newer acceptance run replaces an older one.',
    );
  });
});

describe('Site → Activity', () => {
  const entry = (id: string, at: string, action: 'password-change' | 'reboot', outcomes: string[]) => ({
    id,
    siteId: 'hall-1',
    at,
    by: 'field-laptop',
    action,
    what: action === 'reboot' ? 'reboot' : "new password, stored as each device's own",
    summary: `${action === 'reboot' ? 'rebooted' : 'password changed'} on ${outcomes.filter((o) => o === 'done').length} of ${outcomes.length} devices`,
    devices: outcomes.map((outcome, i) => ({
      deviceId: `mac:0${i}`,
      address: `http://10.0.0.${i + 5}`,
      outcome: outcome as 'done' | 'failed',
      message: outcome === 'done' ? 'changed and verified' : 'the device refused it',
    })),
  });

  it('lists the site’s writes newest first, folds per-device outcomes, filters by device', async () => {
    const api = createFakeApi();
    withSites(api, [site('hall-1', 'Hall 1', true, 2)]);
    vi.mocked(api['sites:activity']).mockImplementation(async (input) =>
      ok(
        input?.deviceId === undefined
          ? [
              entry('a', '2026-03-01T08:00:00.000Z', 'password-change', ['done', 'failed']),
              entry('b', '2026-03-01T09:00:00.000Z', 'reboot', ['done']),
            ]
          : [entry('b', '2026-03-01T09:00:00.000Z', 'reboot', ['done'])],
      ),
    );
    vi.mocked(api['monitor:snapshot']).mockResolvedValue(
      ok({
        running: false,
        totals: emptyTotals(2),
        alerts: [],
        devices: [0, 1].map((i) => ({
          deviceId: `mac:0${i}`,
          address: `http://10.0.0.${i + 5}`,
          identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
          credentials: { password: 'none' as const, apiKey: false },
        })),
      }),
    );
    const store = renderShell(api);
    await waitFor(() => expect(store.getState().rows).toHaveLength(2));
    store.getState().viewChosen('sites');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Activity' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.activity-summary')?.textContent)).toEqual([
      'rebooted on 1 of 1 devices',
      'password changed on 1 of 2 devices',
    ]);
    expect(items[1]!.textContent).toContain('field-laptop');
    const outcomes = within(items[1]!).getByRole('table', { name: 'Outcome per device', hidden: true });
    expect(outcomes.textContent).toContain('10.0.0.6Failedthe device refused it');

    fireEvent.change(screen.getByLabelText('Device'), { target: { value: 'mac:00' } });
    await waitFor(() => expect(api['sites:activity']).toHaveBeenLastCalledWith({ deviceId: 'mac:00' }));
    await waitFor(() => expect(within(list).queryAllByRole('listitem')).toHaveLength(1));
  });
});
