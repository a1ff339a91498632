/** `minerdeck monitor`'s lines for the laptop leaving and rejoining the site network: once each, no more. */
import { describe, expect, it } from 'vitest';
import { LaptopNetworkLines, offNetworkLine } from '../../../electron/cli/laptop-network-lines';
import { LiveTable } from '../../../electron/cli/monitor-display';
import type { FleetTotals } from '../../../shared/domain/monitor';
import { zeroByState } from '../../../shared/domain/kinds';

const totals = (laptopOffNetworkSince?: number): FleetTotals => ({
  devices: 20,
  byState: { ...zeroByState(), online: 20 },
  hashRate: 0,
  nominalHashRate: 0,
  powerW: 0,
  activeAlerts: 0,
  ...(laptopOffNetworkSince !== undefined ? { laptopOffNetworkSince } : {}),
});

const since = new Date(2026, 10, 24, 22, 42, 5).getTime();
const backAt = new Date(2026, 10, 24, 22, 45, 30).getTime();

describe('LaptopNetworkLines', () => {
  it('people: one line when it starts, none while it lasts, one when it ends', () => {
    const lines = new LaptopNetworkLines();
    const said = [
      lines.next(totals(), since - 5000, false),
      lines.next(totals(since), since + 3000, false),
      lines.next(totals(since), since + 8000, false),
      lines.next(totals(), backAt, false),
      lines.next(totals(), backAt + 500, false),
    ];
    expect(said).toEqual([
      undefined,
      '22:42:08 this laptop is not on the site network (since 22:42): devices are not checked and keep their last state until it is back; no device alarm is raised for it',
      undefined,
      '22:45:30 this laptop is back on the site network (it was off from 22:42 to 22:45)',
      undefined,
    ]);
  });

  it('--json: an object of its own, with ISO times and the same words', () => {
    const lines = new LaptopNetworkLines();
    expect(JSON.parse(lines.next(totals(since), since + 3000, true) ?? '')).toEqual({
      laptopNetwork: 'off',
      since: new Date(since).toISOString(),
      message: 'this laptop is not on the site network (since 22:42)',
    });
    expect(JSON.parse(lines.next(totals(), backAt, true) ?? '')).toEqual({
      laptopNetwork: 'on',
      since: new Date(since).toISOString(),
      at: new Date(backAt).toISOString(),
      message: 'this laptop is back on the site network (it was off from 22:42 to 22:45)',
    });
  });

  it('the live table shows it under the totals while it lasts', () => {
    let written = '';
    const table = new LiveTable(
      { isTTY: true, columns: 200, write: (text: string) => (written += text) },
      10,
    );
    table.draw([], totals(since), 'Monitoring 20 devices every 5 s (Ctrl-C stops)');
    const ESC = String.fromCharCode(27);
    const shown = written.split('\n').map((line) => line.split(`${ESC}[K`).join(''));
    expect(shown[2]).toBe(`! ${offNetworkLine(totals(since)) ?? ''}`);
    expect(offNetworkLine(totals())).toBeUndefined();
  });
});
