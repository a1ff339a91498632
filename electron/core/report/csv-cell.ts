/**
 * One CSV cell, safe in every spreadsheet: RFC 4180 quoting (a cell with a delimiter, quote or line break is
 * quoted, quotes doubled) and formula-injection neutralisation (OWASP "CSV Injection"): a text cell that a
 * spreadsheet would run — starting with `=`, `+`, `-`, `@`, a tab or a carriage return, even after spaces —
 * gets a leading `'`, so a device that names itself `=HYPERLINK(…)` shows as text in the customer's Excel.
 * Numbers are written as numbers: a negative temperature is not a formula. Control and text-direction
 * characters are shown escaped as the terminal shows them (shared/format/printable.ts; line breaks and
 * tabs kept, quoted), so a device name cannot reorder or hide text in the customer's spreadsheet.
 */
import { printableLines } from '../../../shared/format/printable';

export type CellValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const shown = printableLines(value);
  const text = FORMULA_START.test(shown) ? `'${shown}` : shown;
  return /[",;\t\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: CRLF line ends (RFC 4180), a BOM so Excel reads it as UTF-8. */
export function csvFile(rows: readonly (readonly CellValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
