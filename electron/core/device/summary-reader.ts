/**
 * Metrics from `GET /api/v1/summary` (field-notes.md, "Reading a device"): everything lives under
 * `summary.miner` on known firmware. Every value is optional; entries of lists that are unusable are
 * skipped with a warning rather than dropping the whole list.
 */
import type { DeviceReading } from '../../../shared/domain/reading';
import type { FieldReader, JsonObject } from './json-fields';
import { asObject, jsonType } from './json-fields';
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import { withoutLogin } from '../../../shared/domain/pool-url';
import type { PlausibleRange } from './plausible-bounds';
import {
  EFFICIENCY_J_TH,
  FAN_RPM,
  HASH_RATE_HS,
  hashRateOutside,
  implausibleText,
  POWER_W,
} from './plausible-bounds';

/**
 * Unit of `hr_*` when `/info` is not available to say (`hr_measure`). Every known firmware of this family
 * reports GH/s (the S21 Pro fixture: `hr_realtime` 173870.94 ≈ `instant_hashrate` 173.87 TH/s), so this
 * is the honest default; `info.hr_measure` always wins, even when it is "N/A".
 */
export const DEFAULT_HASH_RATE_UNIT = 'GH/s';

export type SummaryMetrics = Pick<
  DeviceReading,
  'hashRate' | 'chipTemp' | 'boardTemp' | 'powerW' | 'efficiency' | 'fans' | 'pools' | 'boards'
>;

/**
 * Drops keys whose value is undefined, so readings carry only what the device said. A plain loop, not
 * `Object.fromEntries(Object.entries(…).filter(…))`: the monitor reads every device every few seconds, and
 * that one-liner was a fifth of its CPU (monitor benchmark); `for…in` with an own-property check rather
 * than `Object.keys`, which allocates an array per call (a dozen calls per reading). Keys are defined,
 * never assigned, so a key named `__proto__` stays a plain field.
 */
export function compact<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out as T;
}

/** Objects of a list; other entries are skipped with one warning each. */
function entries(fields: FieldReader, list: unknown[] | undefined, path: string): JsonObject[] {
  const objects: JsonObject[] = [];
  (list ?? []).forEach((entry, index) => {
    const object = asObject(entry);
    if (object === undefined) fields.warn(`${path}[${index}] is ${jsonType(entry)}, not an object`);
    else objects.push(object);
  });
  return objects;
}

/** The `summary.miner` object, or undefined (with a warning when the body is there but unusable). */
export function summaryMiner(fields: FieldReader, summary: unknown): JsonObject | undefined {
  if (summary === undefined || summary === null) return undefined;
  const body = asObject(summary);
  if (body === undefined) {
    fields.warn(`summary is ${jsonType(summary)}, not an object`);
    return undefined;
  }
  return fields.object(body, 'miner', 'summary.');
}

/**
 * Checks hash rates read in the device's unit, leaving out the implausible ones (plausible-bounds.ts);
 * `path` is where the value was in the JSON, `field` its path in the reading.
 */
function hashRateCheck(fields: FieldReader, unit: string) {
  // H/s per unit: undefined for an unknown unit ("N/A"), where only a negative rate can be told wrong.
  const hsPerUnit = toHashesPerSecond(1, unit);
  return (value: number | undefined, path: string, field: string): number | undefined => {
    if (value === undefined || !hashRateOutside(value, hsPerUnit)) return value;
    fields.implausible(path, { field, value, text: implausibleText(value, unit, HASH_RATE_HS) });
    return undefined;
  };
}

const RPM: [PlausibleRange, string] = [FAN_RPM, 'rpm'];
const WATTS: [PlausibleRange, string] = [POWER_W, 'W'];

/** `chip_statuses {red, orange, grey}` of a board: chip counts per grade; a negative count is none. */
function chipStatuses(fields: FieldReader, chain: JsonObject, path: string) {
  const statuses = fields.object(chain, 'chip_statuses', path);
  if (statuses === undefined) return undefined;
  const at = `${path}chip_statuses.`;
  const count = (key: string) => {
    const n = fields.number(statuses, key, at);
    return n !== undefined && n >= 0 ? n : undefined;
  };
  return compact({ red: count('red'), orange: count('orange'), grey: count('grey') });
}

export function readSummary(
  fields: FieldReader,
  miner: JsonObject | undefined,
  unit: string | undefined,
): SummaryMetrics {
  const at = 'summary.miner.';
  const hashUnit = unit ?? DEFAULT_HASH_RATE_UNIT;
  const plausibleRate = hashRateCheck(fields, hashUnit);
  const rawRealtime = fields.number(miner, 'hr_realtime', at);
  const rawAverage = fields.number(miner, 'hr_average', at);
  const rawNominal = fields.number(miner, 'hr_nominal', at);
  // Decided before plausibility: an implausible hash rate still says the device counts in this unit.
  const hasHashRate = rawRealtime !== undefined || rawAverage !== undefined || rawNominal !== undefined;
  const realtime = plausibleRate(rawRealtime, `${at}hr_realtime`, 'hashRate.realtime');
  const average = plausibleRate(rawAverage, `${at}hr_average`, 'hashRate.average');
  const nominal = plausibleRate(rawNominal, `${at}hr_nominal`, 'hashRate.nominal');

  const cooling = fields.object(miner, 'cooling', at);
  const fans = entries(fields, fields.array(cooling, 'fans', `${at}cooling.`), `${at}cooling.fans`).map(
    (fan, i) => {
      const path = `${at}cooling.fans[${i}].`;
      return compact({
        id: fields.number(fan, 'id', path),
        rpm: fields.bounded(fan, 'rpm', path, `fans[${i}].rpm`, ...RPM),
        maxRpm: fields.bounded(fan, 'max_rpm', path, `fans[${i}].maxRpm`, ...RPM),
        status: fields.string(fan, 'status', path),
      });
    },
  );

  const pools = entries(fields, fields.array(miner, 'pools', at), `${at}pools`).flatMap((pool, i) => {
    const path = `${at}pools[${i}].`;
    const url = fields.string(pool, 'url', path);
    if (url === undefined) {
      fields.warn(`${path}url is missing; pool skipped`);
      return [];
    }
    return [
      compact({
        // A login in the url (`user:secret@`) is never shown, logged or exported (pool-url.ts).
        url: withoutLogin(url),
        user: fields.string(pool, 'user', path),
        // `DevFee` marks the firmware's own fee pool (shared/domain/fee-pool.ts).
        type: fields.string(pool, 'pool_type', path),
        status: fields.string(pool, 'status', path),
        accepted: fields.number(pool, 'accepted', path),
        rejected: fields.number(pool, 'rejected', path),
      }),
    ];
  });

  const boards = entries(fields, fields.array(miner, 'chains', at), `${at}chains`).map((chain, i) => {
    const path = `${at}chains[${i}].`;
    const board = `boards[${i}].`;
    return compact({
      id: fields.number(chain, 'id', path),
      hashRate: plausibleRate(
        fields.number(chain, 'hashrate_rt', path),
        `${path}hashrate_rt`,
        `${board}hashRate`,
      ),
      nominalHashRate: plausibleRate(
        fields.number(chain, 'hashrate_ideal', path),
        `${path}hashrate_ideal`,
        `${board}nominalHashRate`,
      ),
      chipTemp: fields.tempRange(chain, 'chip_temp', path, `${board}chipTemp`),
      boardTemp: fields.tempRange(chain, 'pcb_temp', path, `${board}boardTemp`),
      state: fields.string(fields.object(chain, 'status', path), 'state', `${path}status.`),
      powerW: fields.bounded(chain, 'power_consumption', path, `${board}powerW`, ...WATTS),
      chipStatuses: chipStatuses(fields, chain, path),
    });
  });

  return compact({
    hashRate: hasHashRate ? compact({ unit: hashUnit, realtime, average, nominal }) : undefined,
    chipTemp: fields.tempRange(miner, 'chip_temp', at, 'chipTemp'),
    boardTemp: fields.tempRange(miner, 'pcb_temp', at, 'boardTemp'),
    powerW: fields.bounded(miner, 'power_consumption', at, 'powerW', ...WATTS),
    efficiency: fields.bounded(miner, 'power_efficiency', at, 'efficiency', EFFICIENCY_J_TH, 'J/TH'),
    fans,
    pools,
    boards,
  });
}
