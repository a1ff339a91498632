/**
 * Site maps exported by other fleet tools, where their columns are known (issue 34): a rack, a row or
 * shelf, a column or position (or slot), and optionally a container/area/room and the device's serial or
 * MAC. Headers are recognised by name, in any case and order; the reader says which it recognised
 * (`formatName`), so a technician sees at once when a column was taken for another. A file without an area
 * column puts every rack in one area, `Main`.
 */
import type { LayoutImportProblem } from '../../../shared/domain/layout';
import type { CsvRow } from '../../../shared/domain/targets/csv-table';
import type { ParsedLayoutCsv } from './layout-csv-cells';
import { readSlotCells } from './layout-csv-cells';

/** The area of racks in a file that names none. */
export const DEFAULT_AREA = 'Main';

const COLUMNS = {
  area: /^(container|container ?(name|id)|area|room|hall|zone|building)$/,
  rack: /^(rack|rack ?(name|id|no|number)|cabinet)$/,
  shelf: /^(row|shelf|level|tier|rack ?row|shelf ?(no|number))$/,
  position: /^(column|col|position|pos|slot|bay|rack ?column|slot ?(no|number))$/,
  serial: /^(serial|sn|s\/n|serial ?(no|number)|miner ?serial|psu ?serial)$/,
  mac: /^(mac|mac ?address|miner ?mac)$/,
} as const;

type Column = keyof typeof COLUMNS;

function columnsOf(header: readonly string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const name = cell
      .trim()
      .toLowerCase()
      .replace(/[_.-]+/g, ' ');
    for (const column of Object.keys(COLUMNS) as Column[]) {
      if (found[column] === undefined && COLUMNS[column].test(name)) {
        found[column] = index;
        return;
      }
    }
  });
  return found;
}

export function readForeignLayout(header: CsvRow, rows: readonly CsvRow[]): ParsedLayoutCsv {
  const columns = columnsOf(header.cells);
  const problems: LayoutImportProblem[] = [];
  const missing = (['rack', 'shelf', 'position'] as const).filter((c) => columns[c] === undefined);
  if (missing.length > 0) {
    problems.push({
      line: header.line,
      message: `the header names no ${missing.join(', ')} column: Minerdeck reads area,rack,shelves,positions or area,rack,shelf,position[,device], and other tools' exports with Rack, Row/Shelf and Column/Position/Slot columns`,
    });
    return { format: 'foreign', formatName: 'not recognised', racks: [], slots: [], problems };
  }
  const named = (column: Column): string | undefined => {
    const index = columns[column];
    return index === undefined ? undefined : `${header.cells[index] ?? ''} as ${column}`;
  };
  const formatName = `another tool's export: ${(
    ['area', 'rack', 'shelf', 'position', 'serial', 'mac'] as const
  )
    .map(named)
    .filter((n): n is string => n !== undefined)
    .join(', ')}${columns.area === undefined ? ` (no area column: all in ${DEFAULT_AREA})` : ''}`;
  const cell = (row: CsvRow, column: Column): string | undefined => {
    const index = columns[column];
    return index === undefined ? undefined : row.cells[index];
  };
  const picked = rows.map((row) => {
    const serial = cell(row, 'serial')?.trim() ?? '';
    return {
      line: row.line,
      cells: [
        columns.area === undefined ? DEFAULT_AREA : cell(row, 'area'),
        cell(row, 'rack'),
        cell(row, 'shelf'),
        cell(row, 'position'),
        serial !== '' ? serial : cell(row, 'mac'),
      ],
    };
  });
  return { format: 'foreign', formatName, racks: [], slots: readSlotCells(picked, problems), problems };
}
