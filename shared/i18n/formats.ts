/**
 * Numbers, units, durations and times in the reader's language (issue 35): the separators and the
 * 24- or 12-hour clock come from `Intl` for the locale, the unit words (кВт, 分钟) from the catalog's
 * `common.unit.*` and `common.duration.*`. The window, the report and the CLI (English) use these; a CSV
 * never does (it keeps machine-readable numbers). An en dash stands for "no value", never a blank.
 */
import type { Translator } from './translate';

export const NO_VALUE = '–';
const HASH_UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;

export function numberText(tr: Translator, value: number, fractionDigits = 0): string {
  return tr.intl.formatNumber(value, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Hashes per second in the largest unit that keeps the number ≥ 1: "173.87 TH/s", "173,87 TH/s". */
export function hashRateText(tr: Translator, hashesPerSecond: number | undefined): string {
  if (hashesPerSecond === undefined || !Number.isFinite(hashesPerSecond)) return NO_VALUE;
  let scaled = hashesPerSecond;
  let at = 0;
  while (Math.abs(scaled) >= 1000 && at < HASH_UNITS.length - 1) {
    scaled /= 1000;
    at += 1;
  }
  return tr.t('common.unit.hashRate', { value: numberText(tr, scaled, 2), unit: HASH_UNITS[at] ?? 'H/s' });
}

export function celsiusText(tr: Translator, value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return NO_VALUE;
  return tr.t('common.unit.celsius', { value: numberText(tr, Math.round(value)) });
}

/** Below 10 kW in watts, above in kilowatts with one decimal. */
export function powerText(tr: Translator, watts: number | undefined): string {
  if (watts === undefined || !Number.isFinite(watts)) return NO_VALUE;
  return watts >= 10_000
    ? tr.t('common.unit.kilowatts', { value: numberText(tr, watts / 1000, 1) })
    : tr.t('common.unit.watts', { value: numberText(tr, Math.round(watts)) });
}

/** A share (0.45) as the locale writes a percentage: "45%", "45 %". */
export function percentText(tr: Translator, share: number): string {
  return tr.intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
}

/** "1 h 13 min", "45 s", "2 d 3 h": how long, at a glance. */
export function durationText(tr: Translator, seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const s = Math.floor(seconds);
  if (s < 60) return tr.t('common.duration.seconds', { s });
  const m = Math.floor(s / 60);
  if (m < 60) return tr.t('common.duration.minutes', { m });
  const h = Math.floor(m / 60);
  if (h < 48) return tr.t('common.duration.hoursMinutes', { h, m: m % 60 });
  return tr.t('common.duration.daysHours', { d: Math.floor(h / 24), h: h % 24 });
}

/** A date and time as the locale writes them (its own clock: 24-hour in ru, es, zh). */
export function dateTimeText(tr: Translator, at: Date | number): string {
  return tr.intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
}

export function timeText(tr: Translator, at: Date | number): string {
  return tr.intl.formatTime(at, { timeStyle: 'medium' });
}
