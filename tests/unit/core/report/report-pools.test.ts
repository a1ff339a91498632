/**
 * The pools in the hand-over report, built from the monitor's readings (snapshotFromMonitor) as the app and
 * the CLI's check build them: a login inside a pool url is never in the report (object, CSV, HTML, JSON),
 * and the firmware's fee pool ("DevFee") is named as the firmware's, not listed as a customer's pool.
 */
import { describe, expect, it } from 'vitest';
import { newDevice } from '../../../../electron/core/inventory/devices';
import { buildReport } from '../../../../electron/core/report/build-report';
import { renderReport } from '../../../../electron/core/report/render-report';
import { snapshotFromMonitor } from '../../../../electron/core/report/snapshot';
import type { MonitorSnapshot } from '../../../../electron/core/monitor/monitor-reads';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { HALL_AT, hallSite } from '../../../support/report-hall';

const at = HALL_AT;
const site = hallSite();
const SECRET = 'pool-login-secret-5';
const device = newDevice({ id: 'mac:01', siteId: 'hall-1', address: 'http://10.0.0.1', lastSeen: at }, at);

/** One device online, its reading's pools as the summary listed them (an older snapshot had no type). */
const monitor = {
  at: Date.parse(at),
  devices: [
    {
      deviceId: 'mac:01',
      address: 'http://10.0.0.1',
      state: 'online',
      reason: 'device reports mining',
      since: Date.parse(at),
      missedPolls: 0,
      alerts: [],
      reading: { minerState: 'mining', minerKind: 'mining' },
    },
  ],
  alerts: [],
} as unknown as MonitorSnapshot;
const pools = [
  { url: `stratum2+tcp://acct:${SECRET}@pool.example:3336`, user: 'acct.r1', type: 'UserPool' },
  { url: `acct:${SECRET}@backup.example:443`, user: 'acct.r1b' },
  { url: 'DevFee', user: 'DevFee', type: 'DevFee' },
];

const report = buildReport({
  site,
  devices: [device],
  snapshot: snapshotFromMonitor(monitor, [], () => pools),
  laptop: 'laptop-a',
  app: { name: 'Minerdeck', version: '0.1.0' },
  now: new Date('2026-03-01T09:00:00.000Z'),
});

describe('the report’s pools', () => {
  it('carry no login and mark the firmware’s fee pool', () => {
    expect(report.devices[0]!.pools).toEqual([
      { url: 'stratum2+tcp://pool.example:3336', user: 'acct.r1' },
      { url: 'backup.example:443', user: 'acct.r1b' },
      { url: 'DevFee', user: 'DevFee', firmwareFeePool: true },
    ]);
  });

  it.each(['csv', 'html', 'json'] as const)('%s: no login anywhere', (format) => {
    expect(renderReport(report, format).content).not.toContain(SECRET);
  });

  it('CSV names the fee pool as the firmware’s, after the customer’s pools with their workers; the printed page lists the customer’s only', () => {
    const text =
      'stratum2+tcp://pool.example:3336 (acct.r1); backup.example:443 (acct.r1b); the firmware’s fee pool (DevFee)';
    const table = readCsvTable(renderReport(report, 'csv').content, ',');
    const rows = table.ok ? table.rows.map((r) => r.cells) : [];
    const header = rows.find((r) => r[0] === 'address')!;
    expect(rows.find((r) => r[0] === 'http://10.0.0.1')![header.indexOf('pools')]).toBe(text);
    const html = renderReport(report, 'html').content;
    expect(html).toContain('<li>stratum2+tcp://pool.example:3336 — 1 device');
    expect(html).toContain('<li>backup.example:443 — 1 device');
    expect(html).not.toMatch(/<li>DevFee — /);
    expect(html).toContain('<td>acct.r1</td>');
  });
});
