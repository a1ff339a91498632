import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MonitorDeviceView, MonitorDiff, ReadingSummary } from '../../../shared/domain/monitor';
import type { MonitorState } from '../../../shared/domain/kinds';
import { ALERT_KINDS, MINER_STATE_KINDS, MONITOR_STATES } from '../../../shared/domain/kinds';
import {
  decodeMonitorDiff,
  encodeMonitorDiff,
  quantizeDiff,
  WIRE_DIGITS,
} from '../../../shared/ipc/monitor-diff-codec';
import { monitorDiffWireSchema } from '../../../shared/ipc/monitor-diff-wire';
import { eventBatchSchema } from '../../../shared/ipc/events';

const totals: MonitorDiff['totals'] = {
  devices: 2,
  byState: {
    ...(Object.fromEntries(MONITOR_STATES.map((state) => [state, 0])) as Record<MonitorState, number>),
    online: 1,
    offline: 1,
  },
  hashRate: 1.7e14,
  nominalHashRate: 3.9e14,
  powerW: 2500,
  activeAlerts: 1,
};

const online: MonitorDeviceView = {
  deviceId: 'mac:02:00:00:00:00:01',
  address: 'http://10.0.0.1',
  state: 'online',
  reason: 'device reports mining',
  since: 1_764_000_000_000,
  missedPolls: 0,
  lastAnswerAt: 1_764_000_004_000,
  reading: {
    minerState: 'mining',
    minerKind: 'mining',
    hashRate: 176_829_419_561_557.8,
    nominalHashRate: 1.96e14,
    chipTempMax: 65.25,
    boardTempMax: 50,
    powerW: 2512,
    fanCount: 4,
    fanRpmMin: 5880,
    flags: ['throttled'],
    implausible: [{ field: 'powerW', value: -2512, text: '-2512 W (plausible: 0 to 20 kW)' }],
  },
  alerts: ['hash-rate', 'temperature'],
};

const offline: MonitorDeviceView = {
  deviceId: 'addr:10.0.0.2:80',
  address: 'http://10.0.0.2',
  state: 'offline',
  reason: 'no answer for 3 polls (connection refused)',
  since: 1_764_000_003_000,
  missedPolls: 3,
  alerts: ['offline'],
};

const diff: MonitorDiff = {
  at: 1_764_000_005_000,
  devices: [online, offline],
  removed: ['mac:02:00:00:00:00:09'],
  raised: [
    {
      id: 7,
      kind: 'offline',
      deviceId: offline.deviceId,
      address: offline.address,
      message: 'no answer for 3 polls',
      raisedAt: 1_764_000_003_000,
    },
  ],
  cleared: [],
  totals,
};

describe('monitor diff wire form', () => {
  it('carries every field of every device, rounded to what is read', () => {
    const wire = encodeMonitorDiff(diff);
    expect(monitorDiffWireSchema.safeParse(wire).success).toBe(true);
    const back = decodeMonitorDiff(JSON.parse(JSON.stringify(wire)) as typeof wire);
    expect(back).toEqual({
      ...diff,
      devices: [
        {
          ...online,
          reading: { ...online.reading, hashRate: 176_829_000_000_000 },
          // Back in ALERT_KINDS order.
          alerts: ['temperature', 'hash-rate'],
        },
        offline,
      ],
    });
    expect(back).toEqual(quantizeDiff(diff));
  });

  it('writes repeated texts once, times as offsets and numbers as short integers', () => {
    const many = {
      ...diff,
      devices: Array.from({ length: 100 }, (_, i) => ({ ...offline, deviceId: `d${i}` })),
    };
    const wire = encodeMonitorDiff(many);
    expect(wire.devices.strings).toEqual([offline.reason]);
    expect(new Set(wire.devices.since)).toEqual(new Set([2000]));
    expect(encodeMonitorDiff(diff).devices.hashRate[0]).toBe(176_829_409);
    // Implausible values are rare and sent once per distinct list, not per device.
    expect(encodeMonitorDiff({ ...diff, devices: [online, online] }).devices.implausibleSets).toEqual([
      online.reading!.implausible,
    ]);
    // A full-fleet diff is several times smaller than the views it carries.
    const fleet = {
      ...diff,
      devices: Array.from({ length: 1000 }, (_, i) => ({ ...online, deviceId: `mac:${i}` })),
    };
    expect(JSON.stringify(encodeMonitorDiff(fleet)).length * 3).toBeLessThan(JSON.stringify(fleet).length);
  });

  it('is refused by the schema when a column is short or points nowhere', () => {
    const wire = encodeMonitorDiff(diff);
    const short = { ...wire, devices: { ...wire.devices, powerW: [null] } };
    expect(monitorDiffWireSchema.safeParse(short).success).toBe(false);
    const nowhere = { ...wire, devices: { ...wire.devices, reason: [0, 5] } };
    expect(monitorDiffWireSchema.safeParse(nowhere).success).toBe(false);
    const badState = { ...wire, devices: { ...wire.devices, state: [0, MONITOR_STATES.length] } };
    expect(monitorDiffWireSchema.safeParse(badState).success).toBe(false);
    const halfReading = { ...wire, devices: { ...wire.devices, minerKind: [0, 0] } };
    expect(monitorDiffWireSchema.safeParse(halfReading).success).toBe(false);
    const noList = { ...wire, devices: { ...wire.devices, implausible: [1, null] } };
    expect(monitorDiffWireSchema.safeParse(noList).success).toBe(false);
  });

  it('travels in an event batch the way the window accepts it', () => {
    const batch = [{ type: 'monitor:diff', payload: encodeMonitorDiff(diff) }];
    expect(eventBatchSchema.safeParse(batch).success).toBe(true);
  });
});

const number = fc.double({ min: -1e12, max: 1e20, noNaN: true });
const time = fc.double({ min: 0, max: 4e12, noNaN: true });

const readingArb: fc.Arbitrary<ReadingSummary> = fc.record(
  {
    minerState: fc.string(),
    minerKind: fc.constantFrom(...MINER_STATE_KINDS),
    ...Object.fromEntries(Object.keys(WIRE_DIGITS).map((field) => [field, number])),
    flags: fc.array(fc.string(), { maxLength: 4 }),
    // Raw values as devices send them, far outside the packed numbers' range: they travel exactly.
    implausible: fc.array(
      fc.record({
        field: fc.constantFrom('hashRate', 'chipTempMax', 'fanRpmMin'),
        value: fc.oneof(fc.integer(), fc.constantFrom(1e28, -5.5, 52767249433), fc.string()),
        text: fc.string(),
      }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['minerState', 'minerKind'] },
) as fc.Arbitrary<ReadingSummary>;

const viewArb: fc.Arbitrary<MonitorDeviceView> = fc.record(
  {
    deviceId: fc.string(),
    address: fc.string(),
    state: fc.constantFrom(...MONITOR_STATES),
    reason: fc.constantFrom('device reports mining', 'no answer for 3 polls', ''),
    since: time,
    missedPolls: fc.nat(),
    lastAnswerAt: time,
    reading: readingArb,
    alerts: fc.array(fc.constantFrom(...ALERT_KINDS), { maxLength: 10 }),
  },
  { requiredKeys: ['deviceId', 'address', 'state', 'reason', 'since', 'missedPolls', 'alerts'] },
);

const diffArb: fc.Arbitrary<MonitorDiff> = fc.record({
  at: time,
  devices: fc.array(viewArb, { maxLength: 30 }),
  removed: fc.array(fc.string(), { maxLength: 3 }),
  raised: fc.constant([]),
  cleared: fc.constant([]),
  totals: fc.constant(totals),
});

describe('monitor diff wire form, for any diff', () => {
  it('decodes to the diff as read (quantized), through JSON as the harness sends it', () => {
    fc.assert(
      fc.property(diffArb, (d) => {
        const wire = encodeMonitorDiff(d);
        expect(monitorDiffWireSchema.safeParse(wire).success).toBe(true);
        const back = decodeMonitorDiff(JSON.parse(JSON.stringify(wire)) as typeof wire);
        expect(back).toEqual(quantizeDiff(d));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a diff as read unchanged: decode(encode(x)) equals x', () => {
    fc.assert(
      fc.property(diffArb, (d) => {
        const state = quantizeDiff(d);
        expect(decodeMonitorDiff(encodeMonitorDiff(state))).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });
});
