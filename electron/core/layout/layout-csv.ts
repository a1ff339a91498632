/**
 * Minerdeck's site-map CSV (issue 34; docs/placement.md, a contract): a header row, then either one row
 * per rack — `area,rack,shelves,positions` — or one row per slot — `area,rack,shelf,position[,device]`,
 * `device` a serial or MAC to place there. Read with the shared CSV reader (BOM, CRLF, quotes, `,` `;` or
 * tab); a header of another tool's columns goes to foreign-layout-csv.ts. Every problem is kept with its
 * line, so the technician fixes the file once; nothing is applied while any remains (layout-import.ts).
 */
import type { LayoutImportProblem } from '../../../shared/domain/layout';
import { MAX_RACK_POSITIONS, MAX_RACK_SHELVES } from '../../../shared/domain/layout';
import type { CsvRow } from '../../../shared/domain/targets/csv-table';
import { readCsvTable } from '../../../shared/domain/targets/csv-table';
import { readForeignLayout } from './foreign-layout-csv';
import type { ParsedLayoutCsv, RackRow } from './layout-csv-cells';
import { countCell, nameCell, RACKS_HEADER, readSlotCells, SLOTS_HEADER } from './layout-csv-cells';

const isHeader = (cells: readonly string[], names: readonly string[]): boolean =>
  cells.length >= names.length && names.every((name, i) => cells[i]?.toLowerCase() === name);

function readRacks(rows: readonly CsvRow[], problems: LayoutImportProblem[]): RackRow[] {
  const racks: RackRow[] = [];
  for (const { cells, line } of rows) {
    const before = problems.length;
    if (cells.length > 4)
      problems.push({ line, message: `${cells.length} cells: a rack row has area,rack,shelves,positions` });
    const area = nameCell(cells[0], 'area', line, problems);
    const rack = nameCell(cells[1], 'rack', line, problems);
    const shelves = countCell(cells[2], 'shelves', MAX_RACK_SHELVES, line, problems);
    const positions = countCell(cells[3], 'positions', MAX_RACK_POSITIONS, line, problems);
    if (problems.length > before || area === undefined || rack === undefined) continue;
    racks.push({ line, area, rack, shelves: shelves as number, positions: positions as number });
  }
  return racks;
}

export function readLayoutCsv(text: string): ParsedLayoutCsv {
  const empty = { racks: [], slots: [] };
  const table = readCsvTable(text);
  if (!table.ok) {
    return {
      format: 'minerdeck-slots',
      formatName: 'unreadable',
      ...empty,
      problems: [{ line: 1, message: table.message }],
    };
  }
  const [header, ...rows] = table.rows;
  if (header === undefined) {
    return {
      format: 'minerdeck-slots',
      formatName: 'empty',
      ...empty,
      problems: [{ line: 1, message: 'the file is empty' }],
    };
  }
  const problems: LayoutImportProblem[] = [];
  if (isHeader(header.cells, RACKS_HEADER) && header.cells.length === 4) {
    return {
      format: 'minerdeck-racks',
      formatName: 'Minerdeck racks (area,rack,shelves,positions)',
      racks: readRacks(rows, problems),
      slots: [],
      problems,
    };
  }
  if (isHeader(header.cells, SLOTS_HEADER.slice(0, 4))) {
    const slots = readSlotCells(
      rows.map((r) => ({ cells: r.cells.slice(0, 5), line: r.line })),
      problems,
    );
    for (const r of rows)
      if (r.cells.length > 5)
        problems.push({
          line: r.line,
          message: `${r.cells.length} cells: a slot row has area,rack,shelf,position[,device]`,
        });
    return {
      format: 'minerdeck-slots',
      formatName: 'Minerdeck slots (area,rack,shelf,position,device)',
      racks: [],
      slots,
      problems,
    };
  }
  return readForeignLayout(header, rows);
}
