/**
 * What the hand-over report says about the site's setup: the "Password" column, pools and workers as read
 * back, the LED, each device's last reboot or mining restart, and the site's activity in one line per write
 * naming the addresses it failed on — the same in the report object, the CSV and the HTML. Never a secret.
 */
import { describe, expect, it } from 'vitest';
import { newDevice } from '../../../../electron/core/inventory/devices';
import { buildReport } from '../../../../electron/core/report/build-report';
import { renderReport } from '../../../../electron/core/report/render-report';
import { lastRestartsOf } from '../../../../electron/core/report/report-activity';
import type { ActivityEntry } from '../../../../shared/domain/commission';
import { summarizeActivity } from '../../../../shared/domain/commission';
import { handOverReportSchema } from '../../../../shared/domain/report';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { HALL_AT, hallSite } from '../../../support/report-hall';

const at = HALL_AT;
const site = hallSite();
const ids = ['mac:01', 'mac:02', 'mac:03'];
const addr = (i: number) => `http://10.0.0.${i + 1}`;
const devices = ids.map((id, i) => newDevice({ id, siteId: 'hall-1', address: addr(i), lastSeen: at }, at));

const entry = (
  id: string,
  when: string,
  action: ActivityEntry['action'],
  outcomes: ActivityEntry['devices'][number]['outcome'][],
): ActivityEntry => ({
  id,
  siteId: 'hall-1',
  at: when,
  by: 'laptop-a',
  action,
  what: action === 'pools' ? 'pool 1: stratum+tcp://pool.example:3333, worker {site}.{ip4}' : action,
  devices: outcomes.map((outcome, i) => ({
    deviceId: ids[i]!,
    address: addr(i),
    outcome,
    message: outcome,
  })),
});

const activity = [
  entry('e1', '2026-03-01T08:10:00.000Z', 'reboot', ['done', 'failed', 'unknown']),
  entry('e2', '2026-03-01T08:20:00.000Z', 'pools', ['done', 'failed', 'failed']),
  entry('e3', '2026-03-01T08:30:00.000Z', 'restart-mining', ['done', 'skipped', 'failed']),
];

const report = buildReport({
  site,
  devices,
  activity,
  snapshot: {
    at: Date.parse('2026-03-01T09:00:00.000Z'),
    devices: [
      {
        deviceId: 'mac:01',
        state: 'online',
        reason: 'device reports mining',
        reading: { minerState: 'mining', minerKind: 'mining', flags: ['locate-led'] },
        pools: [
          { url: 'stratum+tcp://pool.example:3333', user: 'hall-1.1' },
          { url: 'stratum+tcp://backup.example:3333' },
          { url: '' },
        ],
        alerts: [
          { kind: 'factory-password', message: 'factory', raisedAt: 1 },
          { kind: 'temperature', message: 'hot', raisedAt: 2 },
        ],
      },
      {
        deviceId: 'mac:02',
        state: 'online',
        reason: 'device reports mining',
        reading: { minerState: 'mining', minerKind: 'mining' },
        alerts: [],
      },
    ],
  },
  credentials: new Map([
    ['mac:01', { apiKey: true, password: true, passwordStatus: { status: 'factory-default' as const } }],
    [
      'mac:02',
      { apiKey: false, password: true, passwordStatus: { status: 'changed-here' as const, changedAt: at } },
    ],
  ]),
  laptop: 'laptop-a',
  app: { name: 'Minerdeck', version: '0.1.0' },
  now: new Date('2026-03-01T09:05:00.000Z'),
});
const [one, two, three] = report.devices;

describe('the report’s setup facts', () => {
  it('has the Password column; the factory password is a problem (once), not an alert', () => {
    expect(one!.password).toEqual({ status: 'factory-default' });
    expect(two!.password).toEqual({ status: 'changed-here', changedAt: at });
    expect(three!.password).toEqual({ status: 'unknown', why: 'no password is stored' });
    expect(one!.problems).toEqual([
      'its password is the factory default "admin": anyone on the LAN can change its pools',
    ]);
    expect(one!.alerts.map((a) => a.kind)).toEqual(['temperature']);
    expect(report.counts.factoryPasswords).toBe(1);
    // Without the keychain, nothing is known of any password.
    const blind = buildReport({ site, devices, laptop: 'l', app: report.app, now: new Date(at) });
    expect(blind.devices.map((d) => d.password)).toEqual(
      ids.map(() => ({ status: 'unknown', why: 'the keychain could not be read' })),
    );
  });

  it('has the pools as read back (no password), the LED, and the last reboot or restart that was sent', () => {
    expect(one!.pools).toEqual([
      { url: 'stratum+tcp://pool.example:3333', user: 'hall-1.1' },
      { url: 'stratum+tcp://backup.example:3333', user: null },
      { url: '', user: null },
    ]);
    expect([one!.led, two!.led, three!.led]).toEqual(['on', 'off', null]);
    expect(two!.pools).toBeNull();
    expect(one!.lastRestart).toEqual({
      action: 'restart-mining',
      at: '2026-03-01T08:30:00.000Z',
      outcome: 'done',
    });
    // Its reboot got no answer (may have happened); its restart was skipped: the reboot is its last.
    expect(three!.lastRestart).toEqual({
      action: 'reboot',
      at: '2026-03-01T08:10:00.000Z',
      outcome: 'unknown',
    });
    expect(two!.lastRestart).toBeNull();
    expect(lastRestartsOf([]).size).toBe(0);
  });

  it('summarises the activity, oldest first, naming the addresses a write failed on', () => {
    expect(report.activity.map((a) => a.summary)).toEqual([
      'rebooted on 1 of 3 devices; 1 failed: 10.0.0.2; 1 unknown (check): 10.0.0.3',
      'pools set on 1 of 3 devices; 2 failed: 10.0.0.2, 10.0.0.3',
      'mining restarted on 1 of 2 devices; 1 failed: 10.0.0.3; 1 skipped',
    ]);
    expect(report.activity[1]).toMatchObject({ failed: [addr(1), addr(2)], unknown: [], by: 'laptop-a' });
    expect(handOverReportSchema.parse(report)).toEqual(report);
  });

  it('names at most 10 addresses in a line, and how many more', () => {
    const many = entry('m', at, 'pools', []);
    many.devices = Array.from({ length: 13 }, (_, i) => ({
      deviceId: `d${i}`,
      address: `http://10.0.1.${i}`,
      outcome: 'failed' as const,
      message: 'refused',
    }));
    expect(summarizeActivity(many, { addresses: true })).toBe(
      'pools set on 0 of 13 devices; 13 failed: 10.0.1.0, 10.0.1.1, 10.0.1.2, 10.0.1.3, 10.0.1.4, 10.0.1.5, 10.0.1.6, 10.0.1.7, 10.0.1.8, 10.0.1.9 and 3 more',
    );
    expect(summarizeActivity(many)).toBe('pools set on 0 of 13 devices; 13 failed');
  });

  it('CSV: the activity lines on top; password, password_changed_at, pools, led, last_restart columns', () => {
    const { content } = renderReport(report, 'csv');
    const table = readCsvTable(content, ',');
    expect(table.ok).toBe(true);
    const rows = table.ok ? table.rows.map((r) => r.cells) : [];
    const activityRows = rows.filter((r) => r[0] === 'activity').map((r) => r[1]);
    expect(activityRows).toHaveLength(3);
    expect(activityRows[1]).toMatch(
      /laptop-a · pools set on 1 of 3 devices; 2 failed: 10\.0\.0\.2, 10\.0\.0\.3$/,
    );
    expect(rows.find((r) => r[0] === 'with factory password')?.[1]).toBe('1');
    const header = rows.find((r) => r[0] === 'address')!;
    const col = (name: string) => header.indexOf(name);
    const line = (address: string) => rows.find((r) => r[0] === address)!;
    expect(line(addr(0))[col('password')]).toBe('factory default');
    expect(line(addr(1))[col('password')]).toBe('changed here');
    expect(line(addr(1))[col('password_changed_at')]).toBe(at);
    expect(line(addr(2))[col('password')]).toBe('unknown (no password is stored)');
    expect(line(addr(0))[col('pools')]).toBe(
      'stratum+tcp://pool.example:3333 (hall-1.1); stratum+tcp://backup.example:3333',
    );
    expect(line(addr(1))[col('pools')]).toBe('not read');
    expect([line(addr(0))[col('led')], line(addr(2))[col('led')]]).toEqual(['on', 'not read']);
    expect(line(addr(0))[col('last_restart')]).toMatch(/^mining restarted 2026-03-01/);
    expect(line(addr(2))[col('last_restart')]).toMatch(/^rebooted .* \(no clear answer: check\)$/);
  });

  it('HTML: the activity on page 1, the factory password among the problems, pools in force, workers; all escaped', () => {
    const tricky = buildReport({
      site,
      devices,
      activity: [{ ...entry('x', at, 'pools', ['done']), what: '<script>alert(1)</script>' }],
      laptop: 'laptop-a',
      app: report.app,
      now: new Date(at),
    });
    const html = renderReport(tricky, 'html').content;
    expect(html).toContain('<h2>Activity</h2>');
    expect(html).not.toContain('<script>');
    const full = renderReport(report, 'html').content;
    expect(full).toMatch(
      /its password is the factory default &quot;admin&quot;: anyone on the LAN can change its pools — <b>1<\/b> device/,
    );
    expect(full).toContain('<li class="bad"><b>1</b>with the factory password</li>');
    expect(full).toContain('<li>stratum+tcp://pool.example:3333 — ');
    expect(full).toContain('<td>hall-1.1</td>');
  });
});
