/**
 * Tolerant readers of what a device says about its hash boards (shared/domain/hash-boards.ts):
 * `GET /model` (how many boards the model has), `GET /chains` (each board and its chips now) and
 * `GET /chains/factory-info` (what the factory measured). They never throw: an unusable entry is skipped
 * with a warning, a field of the wrong type is left out, and a temperature or hash rate no hardware gives
 * is left out with a warning (plausible-bounds.ts) — a broken sensor must not fail or pass a board.
 */
import type {
  Chip,
  FactoryInfo,
  HashBoard,
  HashBoards,
  ModelChains,
} from '../../../shared/domain/hash-boards';
import type { JsonObject } from './json-fields';
import { asObject, FieldReader, jsonType } from './json-fields';
import { implausibleText, outside, TEMPERATURE_C } from './plausible-bounds';
import { compact } from './summary-reader';

/** More boards than this is not a mining device (real ones have 3 or 4). */
const MAX_BOARDS = 16;
/** More chips on a board than this is not a hash board (an S21 Pro has 65, the largest about 200). */
const MAX_CHIPS = 1_000;
const MAX_TEXT = 200;

/** The objects of a list, at most `max`; other entries skipped with one warning each. */
function objects(fields: FieldReader, list: unknown[] | undefined, path: string, max: number): JsonObject[] {
  const out: JsonObject[] = [];
  if (list === undefined) return out;
  if (list.length > max) fields.warn(`${path} has ${list.length} entries; the first ${max} read`);
  list.slice(0, max).forEach((item, i) => {
    const object = asObject(item);
    if (object === undefined) fields.warn(`${path}[${i}] is ${jsonType(item)}, not an object`);
    else out.push(object);
  });
  return out;
}

/** A count or a hash rate: a negative one is no fact. */
function nonNegative(fields: FieldReader, object: JsonObject, key: string, path: string): number | undefined {
  const value = fields.number(object, key, path);
  if (value === undefined || value >= 0) return value;
  fields.warn(`${path}${key} is ${value}, below zero; left out`);
  return undefined;
}

function temperature(fields: FieldReader, object: JsonObject, key: string, path: string): number | undefined {
  const value = fields.number(object, key, path);
  if (value === undefined || !outside(value, TEMPERATURE_C)) return value;
  fields.warn(`${path}${key} is implausible: ${implausibleText(value, '°C', TEMPERATURE_C)}; left out`);
  return undefined;
}

const text = (fields: FieldReader, object: JsonObject | undefined, key: string, path: string) =>
  fields.string(object, key, path)?.slice(0, MAX_TEXT);

/** More fans than this is no miner's (real ones have 2 to 6). */
const MAX_FANS = 16;

/** `cooling.fan_min_count.default`: a whole number of fans, 0 to 16; anything else is left out. */
function modelFans(fields: FieldReader, fanCount: JsonObject | undefined): number | undefined {
  const at = 'model.cooling.fan_min_count.';
  const value = fanCount === undefined ? undefined : nonNegative(fields, fanCount, 'default', at);
  if (value === undefined || (Number.isInteger(value) && value <= MAX_FANS)) return value;
  fields.warn(`${at}default is ${value}, not a number of fans; left out`);
  return undefined;
}

/** `GET /model` → the number of boards, chips and fans the model has. */
export function readModelChains(body: unknown): ModelChains {
  const fields = new FieldReader();
  const model = asObject(body);
  const chain = fields.object(model, 'chain', 'model.');
  const fanCount = fields.object(
    fields.object(model, 'cooling', 'model.'),
    'fan_min_count',
    'model.cooling.',
  );
  return compact({
    fullName: text(fields, model, 'full_name', 'model.'),
    numChains: chain === undefined ? undefined : nonNegative(fields, chain, 'num_chains', 'model.chain.'),
    chipsPerChain:
      chain === undefined ? undefined : nonNegative(fields, chain, 'chips_per_chain', 'model.chain.'),
    hashRateUnit: text(fields, model, 'hr_measure', 'model.'),
    fans: modelFans(fields, fanCount),
  });
}

function readChip(fields: FieldReader, chip: JsonObject, path: string): Chip {
  return compact({
    id: fields.number(chip, 'id', path),
    hr: nonNegative(fields, chip, 'hr', path),
    temp: temperature(fields, chip, 'temp', path),
    errs: nonNegative(fields, chip, 'errs', path),
    grade: text(fields, chip, 'grade', path),
  });
}

/** `GET /chains` → each board with its state, hash rates and chips. */
export function readHashBoards(body: unknown): HashBoards {
  const fields = new FieldReader();
  if (!Array.isArray(body)) {
    fields.warn(`chains is ${jsonType(body)}, not a list`);
    return { boards: [], warnings: fields.allWarnings() };
  }
  const boards = objects(fields, body, 'chains', MAX_BOARDS).map((chain, i): HashBoard => {
    const path = `chains[${i}].`;
    const status = fields.object(chain, 'status', path);
    const chips = objects(fields, fields.array(chain, 'chips', path), `${path}chips`, MAX_CHIPS);
    return compact({
      id: fields.number(chain, 'id', path) ?? i,
      state: text(fields, status, 'state', `${path}status.`),
      failureMessage: text(fields, status, 'failure_message', `${path}status.`),
      hashRate: nonNegative(fields, chain, 'hr_realtime', path),
      nominalHashRate: nonNegative(fields, chain, 'hr_nominal', path),
      chips: chips.map((chip, c) => readChip(fields, chip, `${path}chips[${c}].`)),
    });
  });
  return { boards, warnings: fields.allWarnings() };
}

/** `GET /chains/factory-info` → the stock hash rate, the PSU and each board's serial. */
export function readFactoryInfo(body: unknown): FactoryInfo {
  const fields = new FieldReader();
  const reply = asObject(body);
  if (reply === undefined) fields.warn(`factory-info is ${jsonType(body)}, not an object`);
  const at = 'factory-info.';
  const boards = objects(fields, fields.array(reply, 'chains', at), `${at}chains`, MAX_BOARDS).map(
    (chain, i) => {
      const path = `${at}chains[${i}].`;
      return compact({
        id: fields.number(chain, 'id', path),
        serial: text(fields, chain, 'serial', path),
        boardModel: text(fields, chain, 'board_model', path),
        hashRate: nonNegative(fields, chain, 'hashrate', path),
      });
    },
  );
  return {
    ...compact({
      hrStock: reply === undefined ? undefined : nonNegative(fields, reply, 'hr_stock', at),
      psuModel: text(fields, reply, 'psu_model', at),
      psuSerial: text(fields, reply, 'psu_serial', at),
    }),
    boards,
    warnings: fields.allWarnings(),
  };
}
