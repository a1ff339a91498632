/**
 * The hand-over report against the site's standard (issue 26): the line "The site standard: N of M
 * devices at the standard" with the counts of what differs, what the standard asks (never a secret, pool
 * URLs without their login), and per device the Standard column (✓ or the words) in the HTML and the CSV.
 * Without a standard the line says so and the column stays empty.
 */
import { describe, expect, it } from 'vitest';
import { newDevice } from '../../../../electron/core/inventory/devices';
import type { StoredCredentialFacts } from '../../../../electron/core/report/build-report';
import { buildReport } from '../../../../electron/core/report/build-report';
import { renderReport } from '../../../../electron/core/report/render-report';
import type { DeviceFacts } from '../../../../electron/core/standard/drift';
import type { CommissioningSnapshot } from '../../../../shared/domain/report';
import { handOverReportSchema } from '../../../../shared/domain/report';
import type { SiteStandard } from '../../../../shared/domain/standard';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { HALL_AT, hallSite } from '../../../support/report-hall';

const at = HALL_AT;
const site = hallSite();

const device = (n: number) =>
  newDevice(
    {
      id: `mac:AA:00:00:00:00:0${n}`,
      siteId: 'hall-1',
      address: `http://10.0.0.${n}`,
      identity: {
        mac: `AA:00:00:00:00:0${n}`,
        hostname: null,
        model: 'S21',
        firmware: 'Vnish 1.2.7',
        serial: null,
      },
      lastSeen: at,
    },
    at,
  );
const devices = [device(1), device(2), device(3), device(4)];

const online = (deviceId: string) => ({ deviceId, state: 'online' as const, reason: 'mining', alerts: [] });
const snapshot: CommissioningSnapshot = {
  at: Date.parse('2026-03-01T09:00:00.000Z'),
  devices: [
    online('mac:AA:00:00:00:00:01'),
    online('mac:AA:00:00:00:00:02'),
    online('mac:AA:00:00:00:00:03'),
    { deviceId: 'mac:AA:00:00:00:00:04', state: 'offline', reason: 'no answer', alerts: [] },
  ],
};

/** Device 2 still runs the factory password, as the keychain's metadata says. */
const credentials = new Map<string, StoredCredentialFacts>([
  ['mac:AA:00:00:00:00:02', { apiKey: false, password: true, passwordStatus: { status: 'factory-default' } }],
]);

const POOL_URL = 'stratum+tcp://pool.example:3333';
const standard: SiteStandard = {
  password: true,
  pools: [
    {
      url: 'stratum+tcp://acct:s3cr3t-login@pool.example:3333',
      worker: 'acct.{mac6}',
      password: 'pool-pw-9',
    },
  ],
  firmware: { version: '1.2.7', imagePath: '/images/vnish-1.2.7.tar' },
  power: { kind: 'preset', name: '3200' },
  updatedAt: at,
};

const wanted = (n: number) => [{ url: POOL_URL, user: `acct.00000${n}` }];
/** What reading the devices said (device-facts.ts): 1 and 2 run the standard's pools, 3 another pool. */
const facts = new Map<string, DeviceFacts>([
  [
    'mac:AA:00:00:00:00:01',
    {
      deviceId: 'mac:AA:00:00:00:00:01',
      address: '10.0.0.1',
      password: 'site',
      pools: { read: wanted(1), wanted: wanted(1) },
      power: { current: '3200', wanted: '3200' },
      acceptance: 'none',
    },
  ],
  [
    'mac:AA:00:00:00:00:02',
    {
      deviceId: 'mac:AA:00:00:00:00:02',
      address: '10.0.0.2',
      pools: { read: wanted(2), wanted: wanted(2) },
      power: { current: '3200', wanted: '3200' },
      acceptance: 'none',
    },
  ],
  [
    'mac:AA:00:00:00:00:03',
    {
      deviceId: 'mac:AA:00:00:00:00:03',
      address: '10.0.0.3',
      password: 'site',
      pools: { read: [{ url: 'stratum+tcp://other.example:3333', user: 'x' }], wanted: wanted(3) },
      power: { current: '3200', wanted: '3200' },
      acceptance: 'none',
    },
  ],
]);

const base = {
  site,
  devices,
  snapshot,
  credentials,
  laptop: 'field-laptop',
  technician: 'Ana',
  app: { name: 'Minerdeck', version: '1.0.0' },
  now: new Date('2026-03-01T10:00:00.000Z'),
};

/** Every row of the CSV, as its cells. */
function csvTable(csv: string): string[][] {
  const table = readCsvTable(csv, ',');
  return table.ok ? table.rows.map((r) => r.cells) : [];
}

/** The device rows of the CSV, by address, as header → cell. */
function csvRows(csv: string): Map<string, Record<string, string>> {
  const table = csvTable(csv);
  const header = table.findIndex((row) => row[0] === 'address');
  const names = table[header] ?? [];
  return new Map(
    table
      .slice(header + 1)
      .filter((row) => (row[0] ?? '') !== '')
      .map((row) => [row[0] ?? '', Object.fromEntries(names.map((name, i) => [name, row[i] ?? '']))]),
  );
}

const headingValue = (csv: string, name: string): string[] =>
  csvTable(csv)
    .filter((row) => row[0] === name)
    .map((row) => row[1] ?? '');

describe('the hand-over report against the site standard', () => {
  it('counts the devices at the standard and says per device what differs, never a secret', () => {
    const report = buildReport({ ...base, standard: { standard, passwordStored: true, facts } });
    expect(report.standard?.line).toBe(
      'The site standard: 1 of 4 devices at the standard; 2 differ: 1 factory password, 1 pools differ; 1 not checked',
    );
    expect(report.standard?.summary).toMatchObject({ total: 4, atStandard: 1, differ: 2, notChecked: 1 });
    expect(report.standard?.parts?.pools).toEqual([
      { url: POOL_URL, worker: 'acct.{mac6}', hasPassword: true },
    ]);
    const byAddress = new Map(report.devices.map((d) => [d.address, d.standard]));
    expect(byAddress.get('http://10.0.0.1')).toMatchObject({ status: 'at-standard', words: [] });
    expect(byAddress.get('http://10.0.0.2')).toMatchObject({
      status: 'differs',
      words: ['factory password'],
    });
    expect(byAddress.get('http://10.0.0.3')).toMatchObject({ status: 'differs', words: ['pools differ'] });
    // Offline: what the report knows anyway (its firmware) is compared, the rest is not checked, not guessed.
    expect(byAddress.get('http://10.0.0.4')).toMatchObject({
      status: 'not-checked',
      words: ['not checked: offline'],
    });
    expect(byAddress.get('http://10.0.0.4')?.parts.find((p) => p.part === 'firmware')?.state).toBe('ok');

    const csv = renderReport(report, 'csv').content;
    const json = renderReport(report, 'json').content;
    const html = renderReport(report, 'html').content;
    expect(handOverReportSchema.parse(JSON.parse(json)).standard?.set).toBe(true);
    for (const text of [csv, json, html]) {
      expect(text).not.toContain('s3cr3t-login');
      expect(text).not.toContain('pool-pw-9');
    }

    expect(headingValue(csv, 'standard')).toEqual([report.standard?.line]);
    expect(headingValue(csv, 'standard asks')).toEqual([
      'site password (stored in this keychain)',
      `pool 1: ${POOL_URL}, worker acct.{mac6} (pool password set)`,
      'firmware 1.2.7',
      'power: preset 3200',
    ]);
    const rows = csvRows(csv);
    expect([...rows.values()].map((r) => r.standard)).toEqual([
      '✓',
      'factory password',
      'pools differ',
      'not checked: offline',
    ]);

    expect(html).toContain(
      '<b>The site standard:</b> 1 of 4 devices at the standard; 2 differ: 1 factory password, 1 pools differ; 1 not checked',
    );
    expect(html).toContain(`The standard: site password (stored in this keychain) · pool 1: ${POOL_URL}`);
    const head = html.slice(html.indexOf('<thead>'), html.indexOf('</thead>'));
    expect(head).toContain('<th>Standard</th><th>Verdict</th>');
    const widths = [...html.matchAll(/<col style="width:([\d.]+)%">/g)].map((m) => Number(m[1]));
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100);
    expect(html).toContain('<td class="standard-ok">✓</td>');
    expect(html).toContain('<td class="standard-differs">factory password</td>');
  });

  it('compares only what the report knows when the devices were not read for the standard', () => {
    const report = buildReport({
      ...base,
      standard: { standard: { ...standard, acceptance: undefined }, passwordStored: false },
    });
    const words = new Map(report.devices.map((d) => [d.address, d.standard?.words]));
    // The factory password is known from the keychain's metadata; pools and preset were not read.
    expect(words.get('http://10.0.0.2')).toEqual([
      'factory password',
      'not checked: not read by this report',
    ]);
    expect(words.get('http://10.0.0.1')).toEqual(['not checked: not read by this report']);
    expect(report.standard?.line).toBe(
      'The site standard: 0 of 4 devices at the standard; 1 differs: 1 factory password; 3 not checked',
    );
    expect(report.standard?.parts?.password).toEqual({ required: true, stored: false });
  });

  it('says "not yet accepted" when the standard asks for acceptance and a device has no verdict', () => {
    const acceptance = { minutes: 30, minHashratePercent: 95, maxChipTempC: 85, maxRejectedPercent: 2 };
    const report = buildReport({ ...base, standard: { standard: { ...standard, acceptance }, facts } });
    expect(report.devices[0]?.standard?.words).toEqual(['not yet accepted']);
    // What differs comes first in the column (a narrow cell ends in "…"), then what was not checked.
    expect(report.devices[3]?.standard?.words).toEqual(['not checked: offline', 'not yet accepted']);
    expect(csvRows(renderReport(report, 'csv').content).get('http://10.0.0.4')?.standard).toBe(
      'not yet accepted, not checked: offline',
    );
    expect(report.standard?.line).toContain(
      '4 differ: 4 not yet accepted, 1 factory password, 1 pools differ',
    );
    expect(headingValue(renderReport(report, 'csv').content, 'standard asks').at(-1)).toMatch(
      /^acceptance: hash rate ≥ 95 % of nominal, chips ≤ 85 °C, .*watched 30 min$/,
    );
  });

  it('says when the site has no standard, with an empty Standard column and no Standard column in the table', () => {
    const report = buildReport(base);
    expect(report.standard).toEqual({
      set: false,
      line: 'The site standard: no standard set for this site',
      summary: null,
      parts: null,
    });
    expect(report.devices.every((d) => d.standard === null)).toBe(true);
    const csv = renderReport(report, 'csv').content;
    expect(headingValue(csv, 'standard')).toEqual(['The site standard: no standard set for this site']);
    expect(headingValue(csv, 'standard asks')).toEqual([]);
    expect([...csvRows(csv).values()].map((r) => r.standard)).toEqual(['', '', '', '']);
    const html = renderReport(report, 'html').content;
    expect(html).toContain('<b>The site standard:</b> no standard set for this site');
    expect(html).not.toContain('<th>Standard</th>');
  });
});
