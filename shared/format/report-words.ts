/**
 * The hand-over report's words in its reader's language (issue 35): the printable HTML and the CSV (core)
 * and the app's preview (renderer) render the same report object through one Translator. English keeps
 * the text the report always had, byte for byte (scripts and the CLI read it): its counts without a
 * thousands separator, its times as `2025-11-21 14:05 (UTC+01:00)`. Another language writes numbers and
 * times as `Intl` does for it (its separators, its 24-hour clock), with the same UTC offset.
 */
import { numberText } from '../i18n/formats';
import { SOURCE_LOCALE } from '../i18n/locales';
import { englishTranslator } from '../i18n/translate';
import type { Translator } from '../i18n/translate';
import { localTime } from './report-text';

export type { Translator } from '../i18n/translate';

/** The translator a caller gave, else English (the CLI and every caller from before issue 35). */
export const reportTranslator = (tr?: Translator): Translator => tr ?? englishTranslator();

const isSource = (tr: Translator): boolean => tr.locale === SOURCE_LOCALE;

/** A count as the reader writes it: "1000" in English (as always), "1 000" in Russian, "1.000" in Spanish. */
export const countText = (tr: Translator, n: number): string =>
  isSource(tr) ? String(n) : numberText(tr, n);

/** A decimal (a share in %, a temperature) with at most one digit after the separator. */
export const decimalText = (tr: Translator, value: number): string =>
  isSource(tr)
    ? String(Math.round(value * 10) / 10)
    : tr.intl.formatNumber(value, { maximumFractionDigits: 1 });

const pad = (n: number): string => String(n).padStart(2, '0');

/** `UTC+01:00`: the laptop's offset at that moment, the same in every language. */
function zoneOf(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** A time in the report: the laptop's local time with its offset, as the reader's language writes it. */
export function reportTime(tr: Translator, value: string | number | Date): string {
  if (isSource(tr)) return localTime(value);
  const date = new Date(value);
  const when = tr.intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  return tr.t('report.time', { when, zone: zoneOf(date) });
}
