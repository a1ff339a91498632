import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MonitorDeviceView } from '../../../shared/domain/monitor';
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import { parseMonitorTargets } from '../../../electron/cli/commands/monitor-targets';
import { runCli } from '../../../electron/cli/main';
import {
  ChangeFilter,
  changeJson,
  changeLine,
  LiveTable,
  tableRows,
  totalsLine,
} from '../../../electron/cli/monitor-display';
import { captureContext } from '../../support/cli-context';

const view = (patch: Partial<MonitorDeviceView> = {}): MonitorDeviceView => ({
  deviceId: 'mac:02:49:4D:00:00:01',
  address: 'http://10.0.0.5',
  state: 'online',
  reason: 'device reports mining',
  since: Date.UTC(2026, 0, 2, 3, 4, 5),
  missedPolls: 0,
  reading: { minerState: 'mining', minerKind: 'mining', hashRate: 173.87e12, chipTempMax: 65, powerW: 2583 },
  alerts: [],
  ...patch,
});
const byState = Object.fromEntries(MONITOR_STATES.map((s) => [s, 0])) as Record<
  (typeof MONITOR_STATES)[number],
  number
>;

// `--site` is looked up in the inventory: in a folder of this file's own, never the user's data folder.
const DATA_DIR = mkdtempSync(join(tmpdir(), 'minerdeck-monitor-args-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

describe('minerdeck monitor: arguments', () => {
  it.each([
    [['monitor'], /no device address given/],
    [['monitor', '10.0.0.5', '--interval', '0'], /--interval takes seconds from 0.05 to 3600, not "0"/],
    [['monitor', '10.0.0.5', '--interval', 'fast'], /--interval takes seconds/],
    [['monitor', '10.0.0.5', '--duration', '-1'], /--duration|argument/],
    [['monitor', '10.0.0.5', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 2048/],
    [['monitor', '10.0.0.5', '--site', 'bad site!', '--data-dir', DATA_DIR], /No site is named "bad site!"/],
    [['monitor', '10.0.0.0/8'], /more than 10,000 devices/],
    [['monitor', '10.0.0.300'], /item 1 "10.0.0.300"/],
    [['monitor', '10.0.0.5', '--password', 'x'], /refusing --password/],
  ])('%j is refused with exit 2 and the reason', async (argv, reason) => {
    const { ctx, err } = captureContext();
    expect(await runCli(ctx, argv)).toBe(2);
    expect(err.join('\n')).toMatch(reason);
  });

  it('expands ranges, blocks and full addresses into distinct devices', () => {
    expect(
      parseMonitorTargets(['10.0.0.10-12', '10.0.0.11:80', 'https://10.0.0.12', 'miner-7:8080'], 'usage'),
    ).toEqual({
      ok: true,
      value: [
        { scheme: 'https', host: '10.0.0.12', port: 443 },
        { scheme: 'http', host: '10.0.0.10', port: 80 },
        { scheme: 'http', host: '10.0.0.11', port: 80 },
        { scheme: 'http', host: '10.0.0.12', port: 80 },
        { scheme: 'http', host: 'miner-7', port: 8080 },
      ],
    });
  });
});

describe('minerdeck monitor: output', () => {
  it('JSON lines carry address, state, reason, alerts and the reading; final lines say so', () => {
    expect(JSON.parse(changeJson(view({ alerts: ['temperature'] }), undefined))).toEqual({
      address: 'http://10.0.0.5',
      deviceId: 'mac:02:49:4D:00:00:01',
      state: 'online',
      reason: 'device reports mining',
      since: '2026-01-02T03:04:05.000Z',
      missedPolls: 0,
      alerts: ['temperature'],
    });
    const final = JSON.parse(
      changeJson(view(), { state: { name: 'mining', kind: 'mining' } } as never, true),
    );
    expect(final).toMatchObject({ reading: { state: { name: 'mining' } }, final: true });
  });

  it('counts only new states, reasons or alerts as changes', () => {
    const filter = new ChangeFilter();
    expect(filter.isChange(view())).toBe(true);
    expect(
      filter.isChange(view({ reading: { minerState: 'mining', minerKind: 'mining', hashRate: 1 } })),
    ).toBe(false);
    expect(filter.isChange(view({ alerts: ['hash-rate'] }))).toBe(true);
    expect(
      filter.isChange(view({ alerts: ['hash-rate'], state: 'offline', reason: 'no answer for 3 polls' })),
    ).toBe(true);
  });

  it('human lines and totals read at a glance', () => {
    expect(changeLine(view(), 0)).toMatch(
      /^\d\d:\d\d:\d\d http:\/\/10\.0\.0\.5\s+online\s+device reports mining {2}\[173\.87 TH\/s · 65 °C · 2583 W\]$/,
    );
    expect(
      totalsLine({
        devices: 3,
        byState: { ...byState, online: 2, offline: 1 },
        hashRate: 350e12,
        nominalHashRate: 400e12,
        powerW: 5200,
        activeAlerts: 1,
      }),
    ).toBe('3 devices: 2 online, 1 offline · 350.00 TH/s of 400.00 TH/s nominal · 5.2 kW · 1 alert');
  });

  it('puts devices that need a look first, fits the width, and says how many are left out', () => {
    const views = [
      view({ address: 'http://10.0.0.1' }),
      view({
        address: 'http://10.0.0.2',
        state: 'offline',
        reason: 'no answer for 3 polls (unreachable)',
        reading: undefined,
      }),
      view({ address: 'http://10.0.0.3', state: 'needs-password', reason: 'password changed on the device' }),
    ];
    const rows = tableRows(views, 2, 60);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^http:\/\/10\.0\.0\.3\s+needs-password/);
    expect(rows[1]).toMatch(/^http:\/\/10\.0\.0\.2\s+offline/);
    expect(rows[2]).toBe('… and 1 more');
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(60);
  });

  it('redraws the live table in place on a terminal', () => {
    const written: string[] = [];
    const table = new LiveTable({ isTTY: true, columns: 100, write: (text) => written.push(text) }, 10);
    const totals = {
      devices: 1,
      byState: { ...byState, online: 1 },
      hashRate: 1,
      nominalHashRate: 0,
      powerW: 0,
      activeAlerts: 0,
    };
    table.draw([view()], totals, 'Monitoring 1 device');
    table.draw([view()], totals, 'Monitoring 1 device');
    table.clear();
    expect(written[0]).toMatch(/^Monitoring 1 device/);
    // The second frame first moves the cursor back up over the four lines of the first.
    expect(written[1]?.startsWith('\x1b[4F')).toBe(true);
    expect(written[2]).toBe('\x1b[4F\x1b[J');
  });

  it('draws a device’s text printable: only the table’s own cursor codes reach the terminal', () => {
    const written: string[] = [];
    const table = new LiveTable({ isTTY: true, columns: 200, write: (text) => written.push(text) }, 10);
    const totals = {
      devices: 1,
      byState: { ...byState, error: 1 },
      hashRate: 0,
      nominalHashRate: 0,
      powerW: 0,
      activeAlerts: 0,
    };
    const reason = 'device reports failure: board lost\u001b]0;pwned\u0007\nrig-9  online\u202e';
    table.draw([view({ state: 'error', reason })], totals, 'Monitoring 1 device');
    // The frame's own codes: erase to the end of the line after each line, erase below after the last.
    const drawn = written[0]!.replaceAll('\x1b[K\n', '\n');
    expect(drawn.endsWith('\x1b[J')).toBe(true);
    const frame = drawn.slice(0, -'\x1b[J'.length);
    expect(frame.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
    expect(frame.split('\n')).toHaveLength(5);
    expect(frame).toContain('board lost\\x1b]0;pwned\\x07\\nrig-9  online\\u202e');
  });
});
