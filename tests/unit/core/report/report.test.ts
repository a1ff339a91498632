/**
 * The hand-over report from a given inventory and snapshot: content, counts, and the three formats —
 * CSV that spreadsheets cannot be tricked by, HTML that is escaped, self-contained and inert, JSON that
 * validates against its schema.
 */
import { describe, expect, it } from 'vitest';
import { newDevice } from '../../../../electron/core/inventory/devices';
import { buildReport } from '../../../../electron/core/report/build-report';
import { csvCell } from '../../../../electron/core/report/csv-cell';
import { readCredentialFacts } from '../../../../electron/core/report/credential-facts';
import { renderReport } from '../../../../electron/core/report/render-report';
import { snapshotFromMonitor } from '../../../../electron/core/report/snapshot';
import type { MonitorSnapshot } from '../../../../electron/core/monitor/monitor-reads';
import type { MonitorAlert } from '../../../../shared/domain/monitor';
import { alertText, stateNotes } from '../../../../shared/format/report-text';
import type { CommissioningSnapshot } from '../../../../shared/domain/report';
import { handOverReportSchema } from '../../../../shared/domain/report';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { HALL_AT, hallSite } from '../../../support/report-hall';

const at = HALL_AT;
const site = hallSite('Hall <1> & "Co"');
const TH = 1e12;

const devices = [
  newDevice(
    {
      id: 'mac:AA:00:00:00:00:01',
      siteId: 'hall-1',
      address: 'http://10.0.0.10',
      identity: {
        mac: 'AA:00:00:00:00:01',
        hostname: '=HYPERLINK("http://evil")',
        model: 'S21',
        firmware: 'Vnish 1.2.7',
        serial: null,
      },
      notes: 'fan 2 "noisy", check\n<script>alert(1)</script>',
      lastSeen: at,
    },
    at,
  ),
  newDevice(
    {
      id: 'mac:AA:00:00:00:00:02',
      siteId: 'hall-1',
      address: 'http://10.0.0.9',
      lastSeen: at,
      label: '@rack 2',
    },
    at,
  ),
  newDevice(
    {
      id: 'addr:10.0.0.11:80',
      siteId: 'hall-1',
      address: 'http://10.0.0.11',
      lastSeen: null,
      commissioning: { status: 'planned', updatedAt: at },
    },
    at,
  ),
];

const snapshot: CommissioningSnapshot = {
  at: Date.parse('2026-03-01T09:00:00.000Z'),
  devices: [
    {
      deviceId: 'mac:AA:00:00:00:00:01',
      state: 'online',
      reason: 'device reports mining',
      reading: {
        minerState: 'mining',
        minerKind: 'mining',
        hashRate: 180 * TH,
        nominalHashRate: 200 * TH,
        chipTempMax: 88.5,
        boardTempMax: 70,
        flags: ['restart-required'],
      },
      alerts: [
        {
          kind: 'temperature',
          message: 'chip at 88.5 °C (limit 85 °C)',
          raisedAt: Date.parse('2026-03-01T08:30:00.000Z'),
        },
        {
          kind: 'offline',
          message: 'no answer',
          raisedAt: Date.parse('2026-03-01T08:10:00.000Z'),
          clearedAt: Date.parse('2026-03-01T08:12:00.000Z'),
        },
      ],
    },
    { deviceId: 'mac:AA:00:00:00:00:02', state: 'offline', reason: 'no answer for 3 polls', alerts: [] },
  ],
};

const report = buildReport({
  site,
  devices,
  snapshot,
  credentials: new Map([['mac:AA:00:00:00:00:01', { apiKey: true, password: true }]]),
  laptop: 'tech-laptop',
  app: { name: 'Minerdeck', version: '0.1.0' },
  now: new Date('2026-03-01T09:05:00.000Z'),
});

describe('buildReport', () => {
  it('has the site, date, laptop and counts by state on top', () => {
    expect(report).toMatchObject({
      site: { id: 'hall-1', name: 'Hall <1> & "Co"' },
      generatedAt: '2026-03-01T09:05:00.000Z',
      checkedAt: '2026-03-01T09:00:00.000Z',
      laptop: 'tech-laptop',
      counts: {
        devices: 3,
        byState: { online: 1, offline: 1, 'not-checked': 1 },
        apiKeys: 1,
        withProblems: 3,
      },
    });
    expect(handOverReportSchema.safeParse(report).success).toBe(true);
  });

  it('has per device what was found and how it ended, in address order', () => {
    expect(report.devices.map((d) => d.address)).toEqual([
      'http://10.0.0.9',
      'http://10.0.0.10',
      'http://10.0.0.11',
    ]);
    const [offline, online, planned] = report.devices;
    expect(online).toMatchObject({
      mac: 'AA:00:00:00:00:01',
      model: 'S21',
      firmware: 'Vnish 1.2.7',
      state: 'online',
      minerState: 'mining',
      hashRate: 180 * TH,
      nominalHashRate: 200 * TH,
      hashRateShare: 0.9,
      chipTempMax: 88.5,
      boardTempMax: 70,
      apiKey: true,
      commissioning: 'verified',
      problems: ['the device asks for a restart'],
    });
    expect(online?.alerts.map((a) => a.kind)).toEqual(['temperature', 'offline']);
    expect(offline).toMatchObject({
      state: 'offline',
      apiKey: false,
      commissioning: 'problem',
      problems: ['offline: no answer for 3 polls'],
    });
    expect(planned).toMatchObject({
      state: 'not-checked',
      commissioning: 'planned',
      problems: ['never seen on the network'],
    });
  });

  it('says "unknown" for API keys when the keychain could not be read, and keeps the stored status', () => {
    const blind = buildReport({
      site,
      devices,
      laptop: 'l',
      app: { name: 'M', version: '1' },
      now: new Date(at),
    });
    expect(blind.devices.map((d) => [d.apiKey, d.state, d.commissioning])).toEqual([
      [null, 'not-checked', 'found'],
      [null, 'not-checked', 'found'],
      [null, 'not-checked', 'planned'],
    ]);
    expect(blind.checkedAt).toBeNull();
  });

  it('lists both devices that report one MAC, each with the conflict, once even when alerted', () => {
    const twin = (id: string, address: string) =>
      newDevice(
        {
          id,
          siteId: 'hall-1',
          address,
          lastSeen: at,
          identity: { mac: 'AA:00:00:00:00:0C', hostname: null, model: null, firmware: null, serial: null },
        },
        at,
      );
    const twins = [
      twin('mac:AA:00:00:00:00:0C', 'http://10.0.0.12'),
      twin('addr:10.0.0.13:80', 'http://10.0.0.13'),
    ];
    const alerted: CommissioningSnapshot = {
      at: Date.parse(at),
      devices: [
        {
          deviceId: 'addr:10.0.0.13:80',
          state: 'online',
          reason: 'device reports mining',
          alerts: [{ kind: 'duplicate-mac', message: 'same MAC as 10.0.0.12', raisedAt: Date.parse(at) }],
        },
      ],
    };
    const built = buildReport({
      site,
      devices: twins,
      snapshot: alerted,
      laptop: 'l',
      app: { name: 'M', version: '1' },
      now: new Date(at),
    });
    expect(built.devices.map((d) => [d.address, d.mac, d.problems, d.alerts.map((a) => a.message)])).toEqual([
      [
        'http://10.0.0.12',
        'AA:00:00:00:00:0C',
        ['same MAC as 10.0.0.13: two devices report one MAC (a cloned or misconfigured control board)'],
        [],
      ],
      ['http://10.0.0.13', 'AA:00:00:00:00:0C', [], ['same MAC as 10.0.0.12']],
    ]);
    expect(built.counts.withProblems).toBe(2);
  });
});

describe('CSV', () => {
  it('neutralises formulas and quotes per RFC 4180', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+31 6 1234')).toBe("'+31 6 1234");
    expect(csvCell('-rf')).toBe("'-rf");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('  =cmd')).toBe("'  =cmd");
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "x"')).toBe('"say ""x"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('reads back as a table: heading facts, a blank line, a header and one row per device', () => {
    const { content, fileName, mimeType } = renderReport(report, 'csv');
    expect(fileName).toBe('minerdeck-report-hall-1-2026-03-01.csv');
    expect(mimeType).toMatch(/^text\/csv/);
    expect(content.startsWith('\uFEFF')).toBe(true);
    expect(content.split('\r\n').length).toBeGreaterThan(10);
    const table = readCsvTable(content, ',');
    expect(table.ok).toBe(true);
    if (!table.ok) return;
    const cells = table.rows.map((r) => r.cells);
    expect(cells[0]).toEqual(['site', 'Hall <1> & "Co"']);
    expect(cells).toContainEqual(['state online', '1']);
    const header = cells.findIndex((row) => row[0] === 'address');
    const columns = cells[header] ?? [];
    const rows = cells
      .slice(header + 1)
      .map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? ''])));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      address: 'http://10.0.0.10',
      hostname: `'=HYPERLINK("http://evil")`,
      state: 'online',
      hash_rate_ths: '180',
      nominal_hash_rate_ths: '200',
      hash_rate_percent_of_nominal: '90',
      chip_temp_max_c: '88.5',
      api_key: 'yes',
      notes: 'fan 2 "noisy", check\n<script>alert(1)</script>',
    });
    expect(rows[0]).toMatchObject({ label: "'@rack 2", api_key: 'no' });
  });
});

describe('HTML', () => {
  const { content: html } = renderReport(report, 'html');

  it('is self-contained and inert: no script, no link, no remote asset, a CSP that forbids them', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|\bsrc=|\bhref=|url\(|@import/i);
    expect(html).toContain('<style>');
  });

  it('escapes every value from a device or a person', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hall &lt;1&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('shows the heading facts and counts on page 1, each device’s line, and the problems seen', () => {
    expect(html).toContain('<h1>No acceptance run yet: 3 devices</h1>');
    expect(html).toContain('<dt>Laptop</dt><dd>tech-laptop</dd>');
    expect(html).toContain('<li><b>1</b>online</li>');
    expect(html).toContain('<li><b>3</b>not accepted yet</li>');
    expect(html).toMatch(/<td class="num">90 %<\/td><td class="num">88\.5 °C<\/td>/);
    expect(html).toContain('temperature: chip at 88.5 °C (limit 85 °C) — <b>1</b> device');
    expect((html.match(/<tr class="verdict-none">/g) ?? []).length).toBe(3);
  });
});

describe('JSON', () => {
  it('is the report object, valid against its schema', () => {
    const { content } = renderReport(report, 'json');
    expect(handOverReportSchema.parse(JSON.parse(content))).toEqual(report);
  });
});

describe('readCredentialFacts', () => {
  const listing = {
    devices: [
      { deviceId: 'mac:1', updatedAt: at, apiKey: { storedAt: at } },
      {
        deviceId: 'mac:2',
        updatedAt: at,
        password: { source: 'site' as const, storedAt: at, rejected: false, factoryDefault: false },
      },
    ],
    sites: [],
    unreadable: 0,
  };

  it('reads metadata only: API key and password, yes or no, and what is known of the password', async () => {
    const facts = await readCredentialFacts({ list: async () => listing }, () => undefined);
    expect(facts).toEqual(
      new Map([
        [
          'mac:1',
          {
            apiKey: true,
            password: false,
            passwordStatus: { status: 'unknown', why: 'no password is stored' },
          },
        ],
        ['mac:2', { apiKey: false, password: true, passwordStatus: { status: 'set-elsewhere' } }],
      ]),
    );
  });

  it('tries a failed listing once more, then answers unknown and says why', async () => {
    let calls = 0;
    const flaky = {
      list: async () => {
        calls += 1;
        if (calls === 1) throw new Error('No such secret item');
        return listing;
      },
    };
    expect((await readCredentialFacts(flaky, () => undefined))?.size).toBe(2);
    const errors: string[] = [];
    const broken = { list: () => Promise.reject(new Error('keyring gone')) };
    expect(await readCredentialFacts(broken, (why) => errors.push(why))).toBeUndefined();
    expect(errors).toEqual(['keyring gone']);
  });
});

describe('snapshotFromMonitor', () => {
  const alert = (kind: MonitorAlert['kind'], raisedAt: number, clearedAt?: number): MonitorAlert => ({
    id: raisedAt,
    kind,
    deviceId: 'mac:A',
    address: 'http://10.0.0.5',
    message: `${kind} happened`,
    raisedAt,
    ...(clearedAt !== undefined ? { clearedAt } : {}),
  });
  const view = { deviceId: 'mac:A', address: 'http://10.0.0.5', state: 'online', reason: 'mining' };

  it('hands over problems that came and went, but not the wait for a password that commissioning ended', () => {
    const snapshot = snapshotFromMonitor(
      {
        at: 10_000,
        devices: [view as MonitorSnapshot['devices'][number]],
        totals: {} as MonitorSnapshot['totals'],
        alerts: [alert('temperature', 9_000)],
      },
      [alert('needs-password', 1_000, 4_000), alert('offline', 5_000, 8_000)],
    );
    expect(snapshot.devices[0]?.alerts.map((a) => a.kind)).toEqual(['offline', 'temperature']);
    expect(alertText(snapshot.devices[0]!.alerts[0]!)).toMatch(
      /offline happened \(raised .*, cleared after 3 s\)/,
    );
    expect(alertText(snapshot.devices[0]!.alerts[1]!)).toMatch(/still active/);
  });
});

describe('stateNotes', () => {
  it('shows what the miner reports, and the reason only when it adds something', () => {
    expect(stateNotes({ minerState: 'mining', stateReason: 'device reports mining' })).toEqual([
      'miner: mining (hashing normally)',
    ]);
    expect(
      stateNotes({ minerState: 'failure', stateReason: 'device reports failure: fan lost (code 7)' }),
    ).toEqual([
      'miner: failure (mining stopped on a fault; see the description)',
      'device reports failure: fan lost (code 7)',
    ]);
    expect(stateNotes({ minerState: null, stateReason: 'no answer for 3 polls' })).toEqual([
      'no answer for 3 polls',
    ]);
  });
});
