/** Per hash board and per pool families of the site metrics (from each device's last summary). */
import type { Row, Writer } from './exposition-writer';
import { family, LabelPieces } from './exposition-writer';

const BOARDS = [
  [
    family(
      'minerdeck_device_hashboard_chip_temperature_max_celsius',
      'gauge',
      'Hottest chip per hash board in degrees Celsius.',
    ),
    'chipMax',
  ],
  [
    family(
      'minerdeck_device_hashboard_temperature_max_celsius',
      'gauge',
      'Hottest board sensor per hash board in degrees Celsius.',
    ),
    'boardMax',
  ],
] as const;

/** Per hash board temperatures (from the last summary). */
export function boardFamilies(w: Writer, rows: readonly Row[]): void {
  const boardLabels = new LabelPieces('board');
  for (const [boards, field] of BOARDS) {
    w.family(boards);
    for (const row of rows) {
      for (const board of row.extras?.boards ?? []) {
        const value = board[field];
        if (value !== undefined) w.sample(boards, row.labels, value, boardLabels.of(board.board));
      }
    }
  }
}

const POOLS = [
  [
    family(
      'minerdeck_device_pool_shares_accepted_total',
      'counter',
      'Shares the pool accepted, as the device counts them.',
    ),
    'accepted',
  ],
  [
    family(
      'minerdeck_device_pool_shares_rejected_total',
      'counter',
      'Shares the pool rejected, as the device counts them.',
    ),
    'rejected',
  ],
] as const;

/** Per pool share counters (from the last summary). */
export function poolFamilies(w: Writer, rows: readonly Row[]): void {
  const slots = new LabelPieces('pool');
  const urls = new LabelPieces('url');
  for (const [pools, field] of POOLS) {
    w.family(pools);
    for (const row of rows) {
      for (const pool of row.extras?.pools ?? []) {
        const value = pool[field];
        if (value !== undefined) w.sample(pools, row.labels, value, slots.of(pool.pool), urls.of(pool.url));
      }
    }
  }
}
