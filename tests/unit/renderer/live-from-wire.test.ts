/**
 * The redraw reads each device's live fields straight from the wire's columns (live-from-wire.ts) and
 * finds its row by the next-row hint before the index (fleet-pending.ts): for any diffs, in any device
 * order, the rows must be exactly what decoding every view and applying it gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, MONITOR_STATES } from '../../../shared/domain/kinds';
import type { MonitorDeviceView, MonitorDiff, ReadingSummary } from '../../../shared/domain/monitor';
import { decodeDevice, encodeMonitorDiff } from '../../../shared/ipc/monitor-diff-codec';
import type { MonitorDiffWire } from '../../../shared/ipc/monitor-diff-wire';
import { PendingDiffs } from '../../../renderer/src/stores/fleet-pending';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { applyView, liveOf, toRow } from '../../../renderer/src/stores/fleet-rows';
import { emptyLive, readLive } from '../../../renderer/src/stores/live-from-wire';
import { emptyTotals } from './fake-api';

const IDS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'];
const time = fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 });
const reading: fc.Arbitrary<ReadingSummary> = fc.record(
  {
    minerState: fc.constantFrom('mining', 'stopped', ''),
    minerKind: fc.constantFrom('mining', 'stopped', 'failure'),
    hashRate: fc.constantFrom(1.7e14, 1.71e14, 176_829_419_561_557.8, 0),
    nominalHashRate: fc.constant(1.96e14),
    chipTempMax: fc.integer({ min: 40, max: 90 }),
    fanCount: fc.constantFrom(0, 4),
    fanRpmMin: fc.constantFrom(0, 5880),
    powerW: fc.integer({ min: 2400, max: 2600 }),
    flags: fc.subarray(['locate-led', 'throttled', 'restart-required']),
    implausible: fc.array(
      fc.record({
        field: fc.constantFrom('hashRate', 'powerW'),
        value: fc.constantFrom(-1, 1e28),
        text: fc.constantFrom('-1 W', 'far too high'),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['minerState', 'minerKind'] },
) as fc.Arbitrary<ReadingSummary>;

const view = (id: string): fc.Arbitrary<MonitorDeviceView> =>
  fc.record(
    {
      deviceId: fc.constant(id),
      address: fc.constant(`http://10.0.0.${id.slice(1)}`),
      state: fc.constantFrom(...MONITOR_STATES),
      reason: fc.constantFrom('device reports mining', 'no answer for 3 polls', ''),
      since: time,
      missedPolls: fc.nat({ max: 5 }),
      reading,
      alerts: fc.subarray([...ALERT_KINDS]),
    },
    { requiredKeys: ['deviceId', 'address', 'state', 'reason', 'since', 'missedPolls', 'alerts'] },
  );

/** A diff of some fleet devices (and now and then one not in the fleet), in any order. */
const diffArb: fc.Arbitrary<MonitorDiff> = fc
  .tuple(
    time,
    fc.shuffledSubarray([...IDS, 'not-in-fleet']).chain((ids) => fc.tuple(...ids.map(view))),
  )
  .map(([at, devices]) => ({ at, devices, removed: [], raised: [], cleared: [], totals: emptyTotals(5) }));

const fleetRows = (): FleetRow[] =>
  IDS.slice(0, 5).map((id) =>
    toRow({
      deviceId: id,
      address: `http://10.0.0.${id.slice(1)}`,
      identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
      credentials: { password: 'none', apiKey: false },
    }),
  );

/** Through JSON, as the window receives it. */
const wireOf = (diff: MonitorDiff): MonitorDiffWire =>
  JSON.parse(JSON.stringify(encodeMonitorDiff(diff))) as MonitorDiffWire;

describe('live row fields from the wire', () => {
  it('reads what decoding the view gives, for any device of any diff', () => {
    fc.assert(
      fc.property(diffArb, (diff) => {
        const wire = wireOf(diff);
        const scratch = emptyLive();
        wire.devices.ids.forEach((_, i) => {
          expect({ ...readLive(wire, i, scratch) }).toEqual(liveOf(decodeDevice(wire, i)));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives the rows that applying every decoded view in turn gives, for any diffs in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(diffArb, { minLength: 1, maxLength: 3 }), { maxLength: 4 }),
        (redraws) => {
          let rows = fleetRows();
          let expected = rows;
          const index = new Map(rows.map((row, i) => [row.id, i]));
          const pending = new PendingDiffs();
          for (const diffs of redraws) {
            for (const diff of diffs) {
              const wire = wireOf(diff);
              pending.add(wire);
              expected = expected.map((row) => {
                const i = wire.devices.ids.indexOf(row.id);
                return i < 0 ? row : applyView(row, decodeDevice(wire, i));
              });
            }
            rows = pending.applyTo(rows, index) ?? rows;
            expect(rows).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a diff that points outside its texts, as decoding does', () => {
    const wire = wireOf({
      at: 1_764_000_000_000,
      devices: [
        {
          deviceId: 'd0',
          address: 'http://10.0.0.0',
          state: 'online',
          reason: 'x',
          since: 1,
          missedPolls: 0,
          alerts: [],
        },
      ],
      removed: [],
      raised: [],
      cleared: [],
      totals: emptyTotals(1),
    });
    wire.devices.reason[0] = 7;
    expect(() => readLive(wire, 0, emptyLive())).toThrow('monitor:diff: unknown text position');
    expect(() => decodeDevice(wire, 0)).toThrow('monitor:diff: unknown text position');
  });
});
