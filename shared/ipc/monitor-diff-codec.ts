/**
 * `MonitorDiff` ⇄ its wire form (monitor-diff-wire.ts). Core encodes once per diff; the renderer decodes.
 * Free of zod (type-only imports of the schemas), so the renderer bundle carries only these loops.
 *
 * The wire keeps what a person reads, not every bit: reading numbers are rounded to WIRE_DIGITS
 * significant digits, times to whole milliseconds, and alert kinds come back once each, in ALERT_KINDS
 * order. `quantizeDiff` says exactly what survives: `decodeMonitorDiff(encodeMonitorDiff(d))` equals
 * `quantizeDiff(d)` (property-tested), and a quantized diff survives the wire unchanged.
 */
import type { AlertKind, MinerStateKind, MonitorState } from '../domain/kinds';
import { ALERT_KINDS, MINER_STATE_KINDS, MONITOR_STATES } from '../domain/kinds';
import type { MonitorDeviceView, MonitorDiff, ReadingSummary } from '../domain/monitor';
import type { ImplausibleValue } from '../domain/reading';
import type { DeviceColumns, MonitorDiffWire } from './monitor-diff-wire';
import { packNumber, roundSignificant, unpackNumber } from './packed-number';

/** Significant digits kept per reading number: what the table and the CLI show, and one more. */
export const WIRE_DIGITS = {
  /** "173.87 TH/s": five digits are shown. */
  hashRate: 6,
  nominalHashRate: 6,
  /** Whole degrees are shown; tenths are kept up to 999.9. */
  chipTempMax: 4,
  boardTempMax: 4,
  /** Whole watts up to 99,999 W. */
  powerW: 5,
  efficiency: 4,
  /** Whole numbers, exact up to 999,999 fans and 99,999 rpm. */
  fanCount: 6,
  fanRpmMin: 5,
} as const satisfies Partial<Record<keyof ReadingSummary, number>>;

type NumberField = keyof typeof WIRE_DIGITS;
const NUMBER_FIELDS = Object.keys(WIRE_DIGITS) as NumberField[];

const positions = <T extends string>(list: readonly T[]): Map<T, number> =>
  new Map(list.map((item, i) => [item, i]));
const STATE_AT = positions(MONITOR_STATES);
const KIND_AT = positions(MINER_STATE_KINDS);
const ALERT_AT = positions(ALERT_KINDS);

/** Distinct values of one diff, each written once and referred to by position. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly at = new Map<string, number>();
  constructor(private readonly keyOf: (value: T) => string) {}
  of(value: T): number {
    const key = this.keyOf(value);
    let index = this.at.get(key);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.at.set(key, index);
    }
    return index;
  }
}

/** A value from a lookup that cannot miss on what core built; `what` names it when it does. */
function known<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`monitor:diff: unknown ${what}`);
  return value;
}

function alertBits(alerts: readonly AlertKind[]): number {
  let bits = 0;
  for (const kind of alerts) bits |= 1 << known(ALERT_AT.get(kind), 'alert kind');
  return bits;
}

const packed = (value: number | undefined, digits: number): number | null =>
  value === undefined ? null : packNumber(value, digits);

function alertKinds(bits: number): AlertKind[] {
  return bits === 0 ? [] : ALERT_KINDS.filter((_, i) => (bits & (1 << i)) !== 0);
}

function emptyColumns(): DeviceColumns {
  return {
    ids: [],
    addresses: [],
    strings: [],
    flagSets: [],
    implausibleSets: [],
    state: [],
    reason: [],
    since: [],
    missedPolls: [],
    lastAnswer: [],
    alerts: [],
    minerKind: [],
    minerState: [],
    hashRate: [],
    nominalHashRate: [],
    chipTempMax: [],
    boardTempMax: [],
    powerW: [],
    efficiency: [],
    fanCount: [],
    fanRpmMin: [],
    flags: [],
    implausible: [],
  };
}

export function encodeMonitorDiff(diff: MonitorDiff): MonitorDiffWire {
  const at = Math.round(diff.at);
  const c = emptyColumns();
  const strings = new Dictionary<string>((text) => text);
  const flagSets = new Dictionary<string[]>((flags) => JSON.stringify(flags));
  const implausibleSets = new Dictionary<ImplausibleValue[]>((list) => JSON.stringify(list));
  for (const view of diff.devices) {
    c.ids.push(view.deviceId);
    c.addresses.push(view.address);
    c.state.push(known(STATE_AT.get(view.state), 'state'));
    c.reason.push(strings.of(view.reason));
    c.since.push(at - Math.round(view.since));
    c.missedPolls.push(view.missedPolls);
    c.lastAnswer.push(view.lastAnswerAt === undefined ? null : at - Math.round(view.lastAnswerAt));
    c.alerts.push(alertBits(view.alerts));
    const r = view.reading;
    c.minerKind.push(r === undefined ? null : known(KIND_AT.get(r.minerKind), 'miner state kind'));
    c.minerState.push(r === undefined ? null : strings.of(r.minerState));
    // Field by field rather than a loop over names: this runs for every device of every diff in main.
    c.hashRate.push(packed(r?.hashRate, WIRE_DIGITS.hashRate));
    c.nominalHashRate.push(packed(r?.nominalHashRate, WIRE_DIGITS.nominalHashRate));
    c.chipTempMax.push(packed(r?.chipTempMax, WIRE_DIGITS.chipTempMax));
    c.boardTempMax.push(packed(r?.boardTempMax, WIRE_DIGITS.boardTempMax));
    c.powerW.push(packed(r?.powerW, WIRE_DIGITS.powerW));
    c.efficiency.push(packed(r?.efficiency, WIRE_DIGITS.efficiency));
    c.fanCount.push(packed(r?.fanCount, WIRE_DIGITS.fanCount));
    c.fanRpmMin.push(packed(r?.fanRpmMin, WIRE_DIGITS.fanRpmMin));
    c.flags.push(r?.flags === undefined ? null : flagSets.of(r.flags));
    c.implausible.push(r?.implausible === undefined ? null : implausibleSets.of(r.implausible));
  }
  c.strings = strings.values;
  c.flagSets = flagSets.values;
  c.implausibleSets = implausibleSets.values;
  return {
    at,
    devices: c,
    removed: diff.removed,
    raised: diff.raised,
    cleared: diff.cleared,
    totals: diff.totals,
  };
}

const unpacked = (code: number | null | undefined): number | undefined =>
  code === null || code === undefined ? undefined : unpackNumber(code);

function decodeReading(c: DeviceColumns, i: number): ReadingSummary | undefined {
  const kind = c.minerKind[i];
  if (kind === null || kind === undefined) return undefined;
  const flags = c.flags[i];
  const implausible = c.implausible[i];
  return {
    minerState: known(c.strings[c.minerState[i] ?? -1], 'text position'),
    minerKind: known<MinerStateKind>(MINER_STATE_KINDS[kind], 'miner state kind'),
    hashRate: unpacked(c.hashRate[i]),
    nominalHashRate: unpacked(c.nominalHashRate[i]),
    chipTempMax: unpacked(c.chipTempMax[i]),
    boardTempMax: unpacked(c.boardTempMax[i]),
    powerW: unpacked(c.powerW[i]),
    efficiency: unpacked(c.efficiency[i]),
    fanCount: unpacked(c.fanCount[i]),
    fanRpmMin: unpacked(c.fanRpmMin[i]),
    flags: flags === null || flags === undefined ? undefined : [...known(c.flagSets[flags], 'flag set')],
    implausible:
      implausible === null || implausible === undefined
        ? undefined
        : known(c.implausibleSets[implausible], 'implausible set').map((entry) => ({ ...entry })),
  };
}

/** Device `i` of a wire diff, as the view core had (quantized). */
export function decodeDevice(wire: MonitorDiffWire, i: number): MonitorDeviceView {
  const c = wire.devices;
  const lastAnswer = c.lastAnswer[i];
  return {
    deviceId: known(c.ids[i], 'device position'),
    address: known(c.addresses[i], 'device position'),
    state: known<MonitorState>(MONITOR_STATES[c.state[i] ?? -1], 'state position'),
    reason: known(c.strings[c.reason[i] ?? -1], 'text position'),
    since: wire.at - known(c.since[i], 'device position'),
    missedPolls: known(c.missedPolls[i], 'device position'),
    lastAnswerAt: lastAnswer === null || lastAnswer === undefined ? undefined : wire.at - lastAnswer,
    reading: decodeReading(c, i),
    alerts: alertKinds(known(c.alerts[i], 'device position')),
  };
}

export function decodeMonitorDiff(wire: MonitorDiffWire): MonitorDiff {
  const devices: MonitorDeviceView[] = [];
  for (let i = 0; i < wire.devices.ids.length; i += 1) devices.push(decodeDevice(wire, i));
  return {
    at: wire.at,
    devices,
    removed: wire.removed,
    raised: wire.raised,
    cleared: wire.cleared,
    totals: wire.totals,
  };
}

/** A reading as it reads after the wire (see the file comment). */
function quantizeReading(r: ReadingSummary): ReadingSummary {
  const out: ReadingSummary = { ...r };
  for (const field of NUMBER_FIELDS) {
    const value = r[field];
    if (value !== undefined) out[field] = roundSignificant(value, WIRE_DIGITS[field]);
  }
  return out;
}

/** A view as it reads after the wire: what `decodeDevice` gives back for it. */
export function quantizeView(view: MonitorDeviceView, at: number): MonitorDeviceView {
  const whole = Math.round(at);
  // Computed as the decoder does (`at` minus an offset), which also turns −0 into 0.
  const time = (t: number): number => whole - (whole - Math.round(t));
  const present = new Set(view.alerts);
  return {
    ...view,
    since: time(view.since),
    ...(view.lastAnswerAt !== undefined ? { lastAnswerAt: time(view.lastAnswerAt) } : {}),
    ...(view.reading !== undefined ? { reading: quantizeReading(view.reading) } : {}),
    alerts: ALERT_KINDS.filter((kind) => present.has(kind)),
  };
}

/** A diff as it reads after the wire. */
export function quantizeDiff(diff: MonitorDiff): MonitorDiff {
  return {
    ...diff,
    at: Math.round(diff.at),
    devices: diff.devices.map((view) => quantizeView(view, diff.at)),
  };
}
