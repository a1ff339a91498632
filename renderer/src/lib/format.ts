/**
 * Numbers as a technician reads them at arm's length: a few significant digits, the unit always, an
 * en dash when there is no value (never a blank that could be mistaken for zero).
 */
import { formatDuration } from '../../../shared/format/duration';
import { formatHashRate } from '../../../shared/format/hash-rate';

export const NONE = '–';

export const hashRate = (hs: number | undefined): string =>
  hs === undefined ? NONE : formatHashRate(hs, 'H/s');

export const celsius = (value: number | undefined | null): string =>
  value === undefined || value === null ? NONE : `${Math.round(value)} °C`;

export const watts = (value: number | undefined): string =>
  value === undefined ? NONE : value >= 10_000 ? `${(value / 1000).toFixed(1)} kW` : `${Math.round(value)} W`;

export const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** "3 min" since an epoch-ms time. */
export const since = (at: number, now: number = Date.now()): string =>
  // The clock the caller ticks with may lag the event by up to a tick: never show a negative time.
  formatDuration(Math.max(0, now - at) / 1000);

export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "12 s", "3 min 20 s" for a time left. */
export function timeLeft(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'working it out';
  if (seconds < 1) return 'a moment';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s`;
}

export { formatDuration };
