/**
 * What acceptance needs of a `GET /chains` answer, read straight from the parsed body into a few numbers
 * per board: its id, state, failure message and nominal rate, how many chips it listed, which of them did
 * not hash, and its hottest chip. A `/chains` answer lists every chip (195 on an S21 Pro, 19 KB); the
 * general reader (device/hash-board-reader.ts) builds an object and a warning path for each, which a run
 * over thousands of devices would make by the hundred thousand a minute only to fold them into a count
 * (the acceptance benchmark: a third of a reading's CPU). This reads the same fields by the same rules —
 * only own properties, numbers finite, a negative hash rate or an implausible temperature left out, at most
 * 16 boards and 1,000 chips a board, a board's place in the list when it has no id — and keeps no chip.
 * Tested against the general reader on recorded and hostile bodies (tests/unit/core/acceptance).
 */
import type { JsonObject } from '../device/json-fields';
import { asObject, own } from '../device/json-fields';
import { outside, TEMPERATURE_C } from '../device/plausible-bounds';

/** The same bounds as the general reader's. */
const MAX_BOARDS = 16;
const MAX_CHIPS = 1_000;
const MAX_TEXT = 200;

export interface BoardDigest {
  /** `id`; the board's place in the list when the device sent none. */
  id: number;
  state?: string;
  failureMessage?: string;
  /** `hr_nominal`, in the device's unit. */
  nominalHashRate?: number;
  /** Chips listed (objects only). */
  chips: number;
  /** Ids of the chips graded red, or at `hr` 0 while the board mined (a starting board reports all at 0). */
  dead: number[];
  /** The hottest plausible chip temperature, °C. */
  hottestChipC?: number;
}

export interface ChainsDigest {
  boards: BoardDigest[];
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.slice(0, MAX_TEXT) : undefined;

function boardDigest(chain: JsonObject, index: number): BoardDigest {
  const status = asObject(own(chain, 'status'));
  const state = status === undefined ? undefined : text(own(status, 'state'));
  const failureMessage = status === undefined ? undefined : text(own(status, 'failure_message'));
  const nominal = finite(own(chain, 'hr_nominal'));
  const board: BoardDigest = { id: finite(own(chain, 'id')) ?? index, chips: 0, dead: [] };
  if (state !== undefined) board.state = state;
  if (failureMessage !== undefined) board.failureMessage = failureMessage;
  if (nominal !== undefined && nominal >= 0) board.nominalHashRate = nominal;
  const chips = own(chain, 'chips');
  if (!Array.isArray(chips)) return board;
  const mining = state === undefined || state === 'mining';
  const last = Math.min(chips.length, MAX_CHIPS);
  for (let c = 0; c < last; c++) {
    const chip = asObject(chips[c]);
    if (chip === undefined) continue;
    board.chips += 1;
    // A chip without an id can be neither named nor placed: it only counts.
    const id = finite(own(chip, 'id'));
    if (id === undefined) continue;
    if (own(chip, 'grade') === 'red' || (mining && own(chip, 'hr') === 0)) board.dead.push(id);
    const temp = finite(own(chip, 'temp'));
    if (temp !== undefined && !outside(temp, TEMPERATURE_C)) {
      if (board.hottestChipC === undefined || temp > board.hottestChipC) board.hottestChipC = temp;
    }
  }
  return board;
}

/** `GET /chains` → per board what acceptance judges; a body that is no list gives no board. */
export function digestChains(body: unknown): ChainsDigest {
  if (!Array.isArray(body)) return { boards: [] };
  const boards: BoardDigest[] = [];
  const last = Math.min(body.length, MAX_BOARDS);
  for (let i = 0; i < last; i++) {
    const chain = asObject(body[i]);
    // Its place among the boards listed, as the general reader numbers it.
    if (chain !== undefined) boards.push(boardDigest(chain, boards.length));
  }
  return { boards };
}
