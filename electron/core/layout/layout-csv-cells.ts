/**
 * The cells of a site-map CSV (layout-csv.ts, foreign-layout-csv.ts): area and rack names, shelf and
 * position counts, each read with its problem by line; and a CSV line written back.
 */
import type { LayoutImportProblem } from '../../../shared/domain/layout';
import { LAYOUT_NAME_PATTERN, MAX_RACK_POSITIONS, MAX_RACK_SHELVES } from '../../../shared/domain/layout';

export interface RackRow {
  line: number;
  area: string;
  rack: string;
  shelves: number;
  positions: number;
}

export interface SlotRow {
  line: number;
  area: string;
  rack: string;
  shelf: number;
  position: number;
  /** A serial or MAC to place in the slot. */
  device?: string;
}

export interface ParsedLayoutCsv {
  format: 'minerdeck-racks' | 'minerdeck-slots' | 'foreign';
  formatName: string;
  racks: RackRow[];
  slots: SlotRow[];
  problems: LayoutImportProblem[];
}

export const RACKS_HEADER = ['area', 'rack', 'shelves', 'positions'] as const;
export const SLOTS_HEADER = ['area', 'rack', 'shelf', 'position', 'device'] as const;

/** Reads one cell as an area or rack name; pushes the problem and answers undefined when it is not one. */
export function nameCell(
  cell: string | undefined,
  what: string,
  line: number,
  problems: LayoutImportProblem[],
): string | undefined {
  const text = (cell ?? '').trim();
  if (LAYOUT_NAME_PATTERN.test(text)) return text;
  problems.push({
    line,
    message:
      text === ''
        ? `no ${what} name`
        : `the ${what} name "${text.slice(0, 60)}" is not 1–40 characters without / \\ , or "`,
  });
  return undefined;
}

/** Reads one cell as a count from 1 to `max`. */
export function countCell(
  cell: string | undefined,
  what: string,
  max: number,
  line: number,
  problems: LayoutImportProblem[],
): number | undefined {
  const text = (cell ?? '').trim();
  const value = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isInteger(value) && value >= 1 && value <= max) return value;
  problems.push({
    line,
    message: `the ${what} "${text.slice(0, 20)}" is not a whole number from 1 to ${max}`,
  });
  return undefined;
}

/** Slot rows from cells already picked in order area, rack, shelf, position, device. */
export function readSlotCells(
  rows: readonly { cells: (string | undefined)[]; line: number }[],
  problems: LayoutImportProblem[],
): SlotRow[] {
  const slots: SlotRow[] = [];
  for (const { cells, line } of rows) {
    const before = problems.length;
    const area = nameCell(cells[0], 'area', line, problems);
    const rack = nameCell(cells[1], 'rack', line, problems);
    const shelf = countCell(cells[2], 'shelf', MAX_RACK_SHELVES, line, problems);
    const position = countCell(cells[3], 'position', MAX_RACK_POSITIONS, line, problems);
    if (problems.length > before || area === undefined || rack === undefined) continue;
    const device = (cells[4] ?? '').trim();
    slots.push({
      line,
      area,
      rack,
      shelf: shelf as number,
      position: position as number,
      ...(device !== '' ? { device } : {}),
    });
  }
  return slots;
}

const csvCell = (text: string): string => (/[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export const csvLine = (cells: readonly (string | number)[]): string =>
  cells.map((c) => csvCell(String(c))).join(',');
