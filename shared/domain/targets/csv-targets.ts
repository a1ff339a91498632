/**
 * Targets from a CSV export (an inventory spreadsheet, a DHCP lease list): one column holds the addresses.
 * The file is read by csv-table.ts (delimiter detected, quotes, BOM, CRLF, quoted line breaks); a header
 * row is detected; the column is the one named like an address (`ip`, `address`, `host`…) or else the
 * first whose first value is an address. Each token keeps its line number (1-based, header included) so
 * an error points at the line to fix.
 */
import { readCsvTable } from './csv-table';
import type { Token } from './split-targets';
import { parseTargetToken } from './target-token';

export interface CsvColumnChoice {
  /** A header name (case-insensitive) or a 1-based column number; detected when absent. */
  column?: string | number;
}

export type CsvTokens = { ok: true; tokens: Token[] } | { ok: false; message: string };

/** Header names that hold addresses, best first (the inventory's CSV import uses them too). */
export const ADDRESS_HEADERS = [
  /^ip(v4)?([ _-]?addr(ess)?)?$/,
  /^addr(ess)?$/,
  /^host([ _-]?name)?$/,
  /^target$/,
];

const isAddress = (cell: string | undefined): boolean =>
  cell !== undefined && cell !== '' && /^[\d.:[\]/-]+$/.test(cell) && parseTargetToken(cell).ok;

function headerColumn(header: readonly string[]): number | undefined {
  const names = header.map((h) => h.toLowerCase());
  for (const pattern of ADDRESS_HEADERS) {
    const index = names.findIndex((name) => pattern.test(name));
    if (index >= 0) return index;
  }
  return undefined;
}

function chooseColumn(
  rows: readonly string[][],
  hasHeader: boolean,
  choice: CsvColumnChoice,
): number | string {
  const header = hasHeader ? (rows[0] ?? []) : [];
  const firstData = rows[hasHeader ? 1 : 0] ?? [];
  if (typeof choice.column === 'number') {
    const width = Math.max(header.length, firstData.length);
    if (!Number.isInteger(choice.column) || choice.column < 1 || choice.column > width) {
      return `column ${choice.column} does not exist: the file has ${width} columns`;
    }
    return choice.column - 1;
  }
  if (typeof choice.column === 'string') {
    const wanted = choice.column.toLowerCase();
    const index = header.findIndex((h) => h.toLowerCase() === wanted);
    return index >= 0
      ? index
      : `no column is named "${choice.column}" (columns: ${header.join(', ') || 'none'})`;
  }
  const named = hasHeader ? headerColumn(header) : undefined;
  if (named !== undefined) return named;
  const index = firstData.findIndex((cell) => isAddress(cell));
  return index >= 0 ? index : 0;
}

export function csvTokens(text: string, choice: CsvColumnChoice = {}): CsvTokens {
  const table = readCsvTable(text);
  if (!table.ok) return table;
  const rows = table.rows;
  const filled = rows.map((row) => row.cells);
  if (filled.length === 0) return { ok: false, message: 'the CSV file has no rows' };
  const [first = [], second = []] = filled;
  // A header has no address in it, and is a header name or sits above a row that has one.
  const hasHeader =
    !first.some((cell) => isAddress(cell)) &&
    (headerColumn(first) !== undefined || second.some((cell) => isAddress(cell)));
  const column = chooseColumn(filled, hasHeader, choice);
  if (typeof column === 'string') return { ok: false, message: column };
  const tokens: Token[] = [];
  for (const row of rows.slice(hasHeader ? 1 : 0)) {
    const cell = row.cells[column] ?? '';
    if (cell !== '') tokens.push({ text: cell, position: row.line, unit: 'row' });
  }
  return { ok: true, tokens };
}
