/**
 * One device's live row fields (fleet-rows.ts `LiveFields`) read straight from a `monitor:diff` wire
 * (shared/ipc/monitor-diff-wire.ts) into an object the caller reuses. At a redraw where all of 10,000
 * devices changed, decoding each into a view first (a view, a reading, its lists: decodeDevice) and then
 * comparing that with the row was half the redraw's time and most of its garbage; now a device costs its
 * new row and nothing else. Reads the same values decodeDevice gives (checked against it for any diff
 * in tests/unit/renderer/live-from-wire.test.ts).
 */
import type { AlertKind, MonitorState } from '../../../shared/domain/kinds';
import { ALERT_KINDS, MONITOR_STATES } from '../../../shared/domain/kinds';
import type { MonitorDiffWire } from '../../../shared/ipc/monitor-diff-wire';
import { unpackNumber } from '../../../shared/ipc/packed-number';
import type { LiveFields } from './fleet-rows';
import { ledOf } from './fleet-rows';

/** A position core wrote cannot miss; if one does, the diff is refused as the codec refuses it. */
function known<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`monitor:diff: unknown ${what}`);
  return value;
}

const unpacked = (code: number | null | undefined): number | undefined =>
  code === null || code === undefined ? undefined : unpackNumber(code);

const ALL_ALERT_BITS = 2 ** ALERT_KINDS.length - 1;
/**
 * Alert lists by bit set, one list per set shared by every row that has it (rows only read them, and
 * compare them by content): bounded by the number of alert kinds' combinations, and nearly always one.
 */
const alertLists = new Map<number, AlertKind[]>();

function alertsOf(bits: number): AlertKind[] {
  const key = bits & ALL_ALERT_BITS;
  let list = alertLists.get(key);
  if (list === undefined) {
    list = ALERT_KINDS.filter((_, i) => (key & (1 << i)) !== 0);
    alertLists.set(key, list);
  }
  return list;
}

/** Device `i` of `wire`, written into `into` (every field), which is returned. */
export function readLive(wire: MonitorDiffWire, i: number, into: LiveFields): LiveFields {
  const c = wire.devices;
  into.state = known<MonitorState>(MONITOR_STATES[c.state[i] ?? -1], 'state position');
  into.reason = known(c.strings[c.reason[i] ?? -1], 'text position');
  into.since = wire.at - known(c.since[i], 'device position');
  into.alerts = alertsOf(known(c.alerts[i], 'device position'));
  const kind = c.minerKind[i];
  if (kind === null || kind === undefined) {
    into.minerState = undefined;
    into.hashRate = undefined;
    into.nominalHashRate = undefined;
    into.chipTempMax = undefined;
    into.fanCount = undefined;
    into.fanRpmMin = undefined;
    into.powerW = undefined;
    into.locateLed = undefined;
    into.implausible = undefined;
    return into;
  }
  const flags = c.flags[i];
  const implausible = c.implausible[i];
  into.minerState = known(c.strings[c.minerState[i] ?? -1], 'text position');
  into.hashRate = unpacked(c.hashRate[i]);
  into.nominalHashRate = unpacked(c.nominalHashRate[i]);
  into.chipTempMax = unpacked(c.chipTempMax[i]);
  into.fanCount = unpacked(c.fanCount[i]);
  into.fanRpmMin = unpacked(c.fanRpmMin[i]);
  into.powerW = unpacked(c.powerW[i]);
  into.locateLed =
    flags === null || flags === undefined ? undefined : ledOf(known(c.flagSets[flags], 'flag set'));
  // The wire's own list (the diff is dropped after the redraw; rows only read it).
  into.implausible =
    implausible === null || implausible === undefined
      ? undefined
      : known(c.implausibleSets[implausible], 'implausible set');
  return into;
}

/** A fresh object for readLive to fill. */
export function emptyLive(): LiveFields {
  return {
    state: 'online',
    reason: '',
    since: undefined,
    minerState: undefined,
    hashRate: undefined,
    nominalHashRate: undefined,
    chipTempMax: undefined,
    fanCount: undefined,
    fanRpmMin: undefined,
    powerW: undefined,
    locateLed: undefined,
    implausible: undefined,
    alerts: [],
  };
}
