/**
 * Numbers as a technician reads them at arm's length: a few significant digits, the unit always, an
 * en dash when there is no value (never a blank that could be mistaken for zero).
 *
 * The helpers taking a translator (`sinceText`, `timeLeftText`) speak the window's language; the English
 * ones below them are kept for the views not yet translated (issue 35) — shared/i18n/formats.ts has the
 * translated hash rate, °C, W/kW, percent and duration.
 */
import { formatDuration } from '../../../shared/format/duration';
import { formatHashRate } from '../../../shared/format/hash-rate';
import { durationText } from '../../../shared/i18n/formats';
import type { Translator } from '../../../shared/i18n/translate';

/** "3 min" since an epoch-ms time, in the window's language. */
export const sinceText = (tr: Translator, at: number, now: number = Date.now()): string =>
  // The clock the caller ticks with may lag the event by up to a tick: never show a negative time.
  durationText(tr, Math.max(0, now - at) / 1000);

/** "12 s", "3 min 20 s" for a time left, in the window's language. */
export function timeLeftText(tr: Translator, seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds))
    return tr.t('common.timeLeft.unknown');
  if (seconds < 1) return tr.t('common.timeLeft.moment');
  if (seconds < 60) return tr.t('common.duration.seconds', { s: Math.ceil(seconds) });
  const m = Math.floor(seconds / 60);
  return tr.t('common.duration.minutesSeconds', { m, s: Math.round(seconds - m * 60) });
}

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
