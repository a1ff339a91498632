/**
 * The table keeps its row model (no rebuild, no re-sort) while live readings change what the sorted
 * column does not read, and gets the new rows as soon as the order may have moved.
 */
import { describe, expect, it } from 'vitest';
import { stableRows } from '../../../renderer/src/features/fleet/stable-rows';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { toRow } from '../../../renderer/src/stores/fleet-rows';

const row = (n: number, hashRate: number): FleetRow => ({
  ...toRow({
    deviceId: `d${n}`,
    address: `http://10.0.0.${n}`,
    identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
    credentials: { password: 'none', apiKey: false },
  }),
  hashRate,
});

describe('stable table rows', () => {
  it('keeps the previous array while only unsorted values change', () => {
    const first = [row(1, 10), row(2, 20)];
    expect(stableRows(first, 'device')).toBe(first);
    const readings = [row(1, 11), row(2, 21)];
    expect(stableRows(readings, 'device')).toBe(first);
  });

  it('takes the new array when the sorted values, the devices or their order change', () => {
    const first = [row(1, 10), row(2, 20)];
    stableRows(first, 'hashRate');
    const faster = [row(1, 30), row(2, 20)];
    expect(stableRows(faster, 'hashRate')).toBe(faster);
    const swapped = [row(2, 20), row(1, 30)];
    expect(stableRows(swapped, 'device')).toBe(swapped);
    const fewer = [row(2, 20)];
    expect(stableRows(fewer, 'device')).toBe(fewer);
    const unknownColumn = [row(2, 21)];
    expect(stableRows(unknownColumn, 'no-such-column')).toBe(unknownColumn);
  });
});
