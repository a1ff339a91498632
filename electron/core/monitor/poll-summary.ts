/**
 * What one poll needs from a device's bodies, read straight from the JSON: the device's own state (for the
 * state machine's reason) and the ReadingSummary (fleet view, history, alerts).
 *
 * Why not `summarizeReading(readStatus(…))`: that builds the whole typed reading — every fan, pool and hash
 * board as an object, the unknown status fields copied, a warning for every odd field — for each of the 400
 * answers a second of a 2,000-device fleet, only to keep a dozen numbers; building and then collecting it was
 * the largest share of the monitor's own CPU and garbage (benchmark). The full reading, warnings included,
 * is still built from the kept raw bodies when someone opens the device (`device()`).
 *
 * The rules are the status reader's (own properties only, finite numbers, `null` = absent, a wrong type =
 * absent, the summary's state only when `/status` has none, `info.hr_measure` as the hash-rate unit, a
 * value outside plausible-bounds.ts = absent and listed in `implausible`); a property test holds this equal
 * to `summarizeReading(readStatus(…))` for arbitrary bodies.
 */
import type { ReadingSummary } from '../../../shared/domain/monitor';
import type { DeviceReading, ImplausibleValue } from '../../../shared/domain/reading';
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import type { JsonObject } from '../device/json-fields';
import { asObject, isFiniteNumber, own } from '../device/json-fields';
import { infoFacts, stateKind } from '../device/status-reader';
import { compact, DEFAULT_HASH_RATE_UNIT } from '../device/summary-reader';
import type { PlausibleRange } from '../device/plausible-bounds';
import {
  EFFICIENCY_J_TH,
  FAN_RPM,
  HASH_RATE_HS,
  hashRateOutside,
  implausibleText,
  outside,
  POWER_W,
  TEMPERATURE_C,
} from '../device/plausible-bounds';

export interface PollSummary {
  state: Pick<DeviceReading['state'], 'name' | 'kind' | 'description' | 'failureCode'>;
  summary: ReadingSummary;
}

/**
 * The summary fields given implausible input, in the summary's field order. Most polls have none: the list
 * is only made when the first one turns up.
 */
class Implausible {
  list: ImplausibleValue[] | undefined;

  note(field: keyof ReadingSummary, value: number, unit: string, range: PlausibleRange): void {
    (this.list ??= []).push({ field, value, text: implausibleText(value, unit, range) });
  }

  /** The value when plausible; else undefined, noted. */
  check(
    field: keyof ReadingSummary,
    value: number | undefined,
    unit: string,
    range: PlausibleRange,
  ): number | undefined {
    if (value === undefined || !outside(value, range)) return value;
    this.note(field, value, unit, range);
    return undefined;
  }
}

const field = (object: JsonObject | undefined, key: string): unknown =>
  object === undefined ? undefined : own(object, key);

function numberAt(object: JsonObject | undefined, key: string): number | undefined {
  const value = field(object, key);
  return isFiniteNumber(value) ? value : undefined;
}

function stringAt(object: JsonObject | undefined, key: string): string | undefined {
  const value = field(object, key);
  return typeof value === 'string' ? value : undefined;
}

const isTrue = (object: JsonObject | undefined, key: string): boolean => field(object, key) === true;

const objectAt = (object: JsonObject | undefined, key: string): JsonObject | undefined =>
  asObject(field(object, key));

function listAt(object: JsonObject | undefined, key: string): readonly unknown[] {
  const value = field(object, key);
  return Array.isArray(value) ? value : [];
}

/** A `{min, max}` temperature's max (a range whose max is unusable has none). */
const maxOf = (object: JsonObject | undefined, key: string): number | undefined =>
  numberAt(objectAt(object, key), 'max');

/**
 * The device's own hottest value, else the hottest hash board's; implausible values count as absent (the
 * first one met is noted: the device's own, else a board's, as they were consulted).
 */
function hottest(
  miner: JsonObject | undefined,
  chains: readonly unknown[],
  key: string,
  field: 'chipTempMax' | 'boardTempMax',
  implausible: Implausible,
): number | undefined {
  const own = maxOf(miner, key);
  if (own !== undefined && !outside(own, TEMPERATURE_C)) return own;
  let bad = own;
  let max: number | undefined;
  for (const chain of chains) {
    const value = maxOf(asObject(chain), key);
    if (value === undefined) continue;
    if (outside(value, TEMPERATURE_C)) bad ??= value;
    else if (max === undefined || value > max) max = value;
  }
  if (bad !== undefined) implausible.note(field, bad, '°C', TEMPERATURE_C);
  return max;
}

/** Fans with a plausible speed and the slowest of them; the first implausible speed is noted. */
function fanSpeeds(
  cooling: JsonObject | undefined,
  implausible: Implausible,
): { count: number; min: number | undefined } {
  let count = 0;
  let min: number | undefined;
  let bad: number | undefined;
  for (const fan of listAt(cooling, 'fans')) {
    const rpm = numberAt(asObject(fan), 'rpm');
    if (rpm === undefined) continue;
    if (outside(rpm, FAN_RPM)) {
      bad ??= rpm;
      continue;
    }
    count += 1;
    if (min === undefined || rpm < min) min = rpm;
  }
  if (bad !== undefined) implausible.note('fanRpmMin', bad, 'rpm', FAN_RPM);
  return { count, min };
}

function flagsOf(status: JsonObject | undefined): string[] | undefined {
  const flags: string[] = [];
  if (isTrue(status, 'restart_required')) flags.push('restart-required');
  if (isTrue(status, 'reboot_required')) flags.push('reboot-required');
  if (isTrue(status, 'find_miner')) flags.push('locate-led');
  if (isTrue(status, 'throttled')) flags.push('throttled');
  return flags.length > 0 ? flags : undefined;
}

/** `fromSummary`: the summary's `miner_status.miner_state`, used when `/status` says none. */
function stateOf(status: JsonObject | undefined, fromSummary: string | undefined): PollSummary['state'] {
  const fromStatus = stringAt(status, 'miner_state');
  const name = (fromStatus ?? fromSummary ?? '').trim() || 'unknown';
  const code = field(status, 'failure_code');
  return compact({
    name,
    kind: stateKind(name),
    description: stringAt(status, 'description'),
    failureCode: isFiniteNumber(code) || typeof code === 'string' ? code : undefined,
  });
}

/**
 * Hash rates in H/s: the current one (realtime, else average) and the nominal one when above zero. An
 * implausible current rate is absent (not replaced by the average: that is another number) and noted.
 */
function hashRates(
  miner: JsonObject | undefined,
  hashRateUnit: string | undefined,
  implausible: Implausible,
) {
  const realtime = numberAt(miner, 'hr_realtime');
  const average = numberAt(miner, 'hr_average');
  const nominal = numberAt(miner, 'hr_nominal');
  if (realtime === undefined && average === undefined && nominal === undefined) return {};
  const unit = hashRateUnit ?? DEFAULT_HASH_RATE_UNIT;
  const hsPerUnit = toHashesPerSecond(1, unit);
  let current = realtime ?? average;
  if (current !== undefined && hashRateOutside(current, hsPerUnit)) {
    implausible.note('hashRate', current, unit, HASH_RATE_HS);
    current = undefined;
  }
  let nominalRate = nominal;
  if (nominalRate !== undefined && hashRateOutside(nominalRate, hsPerUnit)) {
    implausible.note('nominalHashRate', nominalRate, unit, HASH_RATE_HS);
    nominalRate = undefined;
  }
  // `hsPerUnit` is `toHashesPerSecond(1, unit)`: the same products, without reading the unit again.
  if (hsPerUnit === undefined) return { hashRate: undefined, nominalHashRate: undefined };
  return {
    hashRate: current === undefined ? undefined : current * hsPerUnit,
    nominalHashRate: nominalRate !== undefined && nominalRate > 0 ? nominalRate * hsPerUnit : undefined,
  };
}

/**
 * What a poll reads from `/summary`, with the hash-rate unit `/info` gave: the monitor keeps it between
 * two reads of `/summary` (it is read on every other poll) instead of the body, and puts the `/status`
 * of each poll on top (withStatus).
 */
export interface SummaryPart {
  /** `miner.miner_status.miner_state`: the device's state when `/status` gives none. */
  minerState: string | undefined;
  hashRate: number | undefined;
  nominalHashRate: number | undefined;
  chipTempMax: number | undefined;
  boardTempMax: number | undefined;
  powerW: number | undefined;
  efficiency: number | undefined;
  fanCount: number | undefined;
  fanRpmMin: number | undefined;
  /** In the summary's field order. */
  implausible: ImplausibleValue[] | undefined;
}

export function readSummaryPart(summary: unknown, hashRateUnit: string | undefined): SummaryPart {
  const miner = objectAt(asObject(summary), 'miner');
  const chains = listAt(miner, 'chains');
  // Read in the summary's field order, so implausible values are listed in it.
  const implausible = new Implausible();
  const { hashRate, nominalHashRate } = hashRates(miner, hashRateUnit, implausible);
  const chipTempMax = hottest(miner, chains, 'chip_temp', 'chipTempMax', implausible);
  const boardTempMax = hottest(miner, chains, 'pcb_temp', 'boardTempMax', implausible);
  const powerW = implausible.check('powerW', numberAt(miner, 'power_consumption'), 'W', POWER_W);
  const efficiency = implausible.check(
    'efficiency',
    numberAt(miner, 'power_efficiency'),
    'J/TH',
    EFFICIENCY_J_TH,
  );
  const fans = fanSpeeds(objectAt(miner, 'cooling'), implausible);
  return {
    minerState: stringAt(objectAt(miner, 'miner_status'), 'miner_state'),
    hashRate,
    nominalHashRate,
    chipTempMax,
    boardTempMax,
    powerW,
    efficiency,
    fanCount: fans.count > 0 ? fans.count : undefined,
    fanRpmMin: fans.min,
    implausible: implausible.list,
  };
}

/** A poll's `/status` on top of the last summary's part (none: a firmware without `/summary`). */
export function withStatus(status: unknown, part: SummaryPart | undefined): PollSummary {
  const body = asObject(status);
  const state = stateOf(body, part?.minerState);
  return {
    state,
    summary: compact({
      minerState: state.name,
      minerKind: state.kind,
      hashRate: part?.hashRate,
      nominalHashRate: part?.nominalHashRate,
      chipTempMax: part?.chipTempMax,
      boardTempMax: part?.boardTempMax,
      powerW: part?.powerW,
      efficiency: part?.efficiency,
      fanCount: part?.fanCount,
      fanRpmMin: part?.fanRpmMin,
      flags: flagsOf(body),
      implausible: part?.implausible,
    }),
  };
}

/** The same value, and `implausible` the very same list (it comes with the summary's part). */
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]));

/** Whether two objects hold the same values under the same keys (arrays of plain values compared by item). */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(y, key) && sameValue(x[key], y[key]));
}

/**
 * Whether two poll summaries say the same: a poll whose `/status` and kept summary did not change keeps
 * the one it has (poll objects are never changed once made, so the older one can stand for the newer).
 */
export const samePollSummary = (a: PollSummary, b: PollSummary): boolean =>
  sameFields(a.state, b.state) && sameFields(a.summary, b.summary);

export function readPollSummary(status: unknown, summary: unknown, info: unknown): PollSummary {
  return withStatus(status, readSummaryPart(summary, infoFacts(info).hashRateUnit));
}
