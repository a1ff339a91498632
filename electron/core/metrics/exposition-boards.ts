/** Per hash board and per pool families of the site metrics (from each device's last summary). */
import type { Row, Writer } from './exposition-writer';
import { escapeLabel } from './exposition-writer';

/** Per hash board temperatures (from the last summary). */
export function boardFamilies(w: Writer, rows: readonly Row[]): void {
  const boards = [
    [
      'minerdeck_device_hashboard_chip_temperature_max_celsius',
      'Hottest chip per hash board in degrees Celsius.',
      'chipMax',
    ],
    [
      'minerdeck_device_hashboard_temperature_max_celsius',
      'Hottest board sensor per hash board in degrees Celsius.',
      'boardMax',
    ],
  ] as const;
  for (const [name, help, field] of boards) {
    w.family(name, 'gauge', help);
    for (const row of rows) {
      for (const board of row.extras?.boards ?? []) {
        const value = board[field];
        if (value !== undefined) w.sample(name, `${row.labels},board="${escapeLabel(board.board)}"`, value);
      }
    }
  }
}

/** Per pool share counters (from the last summary). */
export function poolFamilies(w: Writer, rows: readonly Row[]): void {
  const pools = [
    [
      'minerdeck_device_pool_shares_accepted_total',
      'Shares the pool accepted, as the device counts them.',
      'accepted',
    ],
    [
      'minerdeck_device_pool_shares_rejected_total',
      'Shares the pool rejected, as the device counts them.',
      'rejected',
    ],
  ] as const;
  for (const [name, help, field] of pools) {
    w.family(name, 'counter', help);
    for (const row of rows) {
      for (const pool of row.extras?.pools ?? []) {
        const value = pool[field];
        if (value === undefined) continue;
        w.sample(name, `${row.labels},pool="${pool.pool}",url="${escapeLabel(pool.url)}"`, value);
      }
    }
  }
}
