/**
 * HTML escaping for the printable report: every value from a device or a person is text, never markup, and
 * its control and text-direction characters are shown escaped as the terminal shows them (`\x1b`,
 * `\u202e`; shared/format/printable.ts), so a device name cannot reorder the signed report.
 */
import { printableLines } from '../../../shared/format/printable';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values alike. */
export const escapeHtml = (value: string): string =>
  printableLines(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** A value, or a muted dash when there is none. */
export const cell = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '<span class="muted">–</span>' : escapeHtml(value);
