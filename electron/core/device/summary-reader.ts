/**
 * Metrics from `GET /api/v1/summary` (field-notes.md, "Reading a device"): everything lives under
 * `summary.miner` on known firmware. Every value is optional; entries of lists that are unusable are
 * skipped with a warning rather than dropping the whole list.
 */
import type { DeviceReading } from '../../../shared/domain/reading';
import type { FieldReader, JsonObject } from './json-fields';
import { asObject, jsonType } from './json-fields';

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

export function readSummary(
  fields: FieldReader,
  miner: JsonObject | undefined,
  unit: string | undefined,
): SummaryMetrics {
  const at = 'summary.miner.';
  const realtime = fields.number(miner, 'hr_realtime', at);
  const average = fields.number(miner, 'hr_average', at);
  const nominal = fields.number(miner, 'hr_nominal', at);
  const hasHashRate = realtime !== undefined || average !== undefined || nominal !== undefined;

  const cooling = fields.object(miner, 'cooling', at);
  const fans = entries(fields, fields.array(cooling, 'fans', `${at}cooling.`), `${at}cooling.fans`).map(
    (fan, i) => {
      const path = `${at}cooling.fans[${i}].`;
      return compact({
        id: fields.number(fan, 'id', path),
        rpm: fields.number(fan, 'rpm', path),
        maxRpm: fields.number(fan, 'max_rpm', path),
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
        url,
        user: fields.string(pool, 'user', path),
        status: fields.string(pool, 'status', path),
        accepted: fields.number(pool, 'accepted', path),
        rejected: fields.number(pool, 'rejected', path),
      }),
    ];
  });

  const boards = entries(fields, fields.array(miner, 'chains', at), `${at}chains`).map((chain, i) => {
    const path = `${at}chains[${i}].`;
    return compact({
      id: fields.number(chain, 'id', path),
      hashRate: fields.number(chain, 'hashrate_rt', path),
      nominalHashRate: fields.number(chain, 'hashrate_ideal', path),
      chipTemp: fields.tempRange(chain, 'chip_temp', path),
      boardTemp: fields.tempRange(chain, 'pcb_temp', path),
      state: fields.string(fields.object(chain, 'status', path), 'state', `${path}status.`),
      powerW: fields.number(chain, 'power_consumption', path),
    });
  });

  return compact({
    hashRate: hasHashRate
      ? compact({ unit: unit ?? DEFAULT_HASH_RATE_UNIT, realtime, average, nominal })
      : undefined,
    chipTemp: fields.tempRange(miner, 'chip_temp', at),
    boardTemp: fields.tempRange(miner, 'pcb_temp', at),
    powerW: fields.number(miner, 'power_consumption', at),
    efficiency: fields.number(miner, 'power_efficiency', at),
    fans,
    pools,
    boards,
  });
}
