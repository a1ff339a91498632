/**
 * Waiting monitor diffs: at the redraw each device gets its newest view, a row object only when what it
 * shows changed, and a new rows array only when some row did.
 */
import { describe, expect, it } from 'vitest';
import type { MonitorDeviceView, MonitorDiff } from '../../../shared/domain/monitor';
import { encodeMonitorDiff } from '../../../shared/ipc/monitor-diff-codec';
import { PendingDiffs } from '../../../renderer/src/stores/fleet-pending';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { toRow } from '../../../renderer/src/stores/fleet-rows';
import { emptyTotals } from './fake-api';

const view = (n: number, chipTempMax: number): MonitorDeviceView => ({
  deviceId: `d${n}`,
  address: `http://10.0.0.${n}`,
  state: 'online',
  reason: 'device reports mining',
  since: 1000,
  missedPolls: 0,
  reading: { minerState: 'mining', minerKind: 'mining', chipTempMax },
  alerts: [],
});

const diff = (at: number, views: MonitorDeviceView[]): MonitorDiff => ({
  at,
  devices: views,
  removed: [],
  raised: [],
  cleared: [],
  totals: { ...emptyTotals(3), powerW: at },
});

function rowsOf(views: MonitorDeviceView[]): { rows: FleetRow[]; index: Map<string, number> } {
  const rows = views.map((v) =>
    toRow({
      deviceId: v.deviceId,
      address: v.address,
      identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
      credentials: { password: 'none', apiKey: false },
      view: v,
    }),
  );
  return { rows, index: new Map(rows.map((row, i) => [row.id, i])) };
}

describe('waiting monitor diffs', () => {
  it('applies the newest view of each device, from whichever diff has it, and the newest totals', () => {
    const { rows, index } = rowsOf([view(1, 60), view(2, 60), view(3, 60)]);
    const pending = new PendingDiffs();
    pending.add(encodeMonitorDiff(diff(1, [view(1, 61), view(2, 61)])));
    pending.add(encodeMonitorDiff(diff(2, [view(2, 62), { ...view(9, 70), deviceId: 'not-in-fleet' }])));
    expect(pending.count).toBe(2);
    expect(pending.totals?.powerW).toBe(2);
    const next = pending.applyTo(rows, index);
    expect(next?.map((row) => row.chipTempMax)).toEqual([61, 62, 60]);
    expect(next?.[2]).toBe(rows[2]);
    expect(pending.count).toBe(0);
  });

  it('keeps the rows array when nothing shown changed', () => {
    const { rows, index } = rowsOf([view(1, 60), view(2, 60)]);
    const pending = new PendingDiffs();
    pending.add(encodeMonitorDiff(diff(1, [{ ...view(1, 60), lastAnswerAt: 900 }])));
    expect(pending.applyTo(rows, index)).toBeUndefined();
  });
});
