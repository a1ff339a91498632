/**
 * Devices to slots in bulk (`minerdeck place --csv FILE`, issue 34): a CSV of `device,slot` — the device by
 * any of its labels (serial, MAC, address), the slot by its name. A header row is recognised by its names
 * (`device`/`serial`/`sn`/`mac`/`address`, `slot`/`location`/`position`); without one the first two
 * columns are device and slot. Every row keeps its line for the preview's words.
 */
import type { LayoutImportProblem } from '../../../shared/domain/layout';
import { readCsvTable } from '../../../shared/domain/targets/csv-table';
import type { PlanItem } from './place-planner';

const DEVICE = /^(device|serial|sn|s\/n|serial ?(no|number)|mac|mac ?address|address|ip|miner)$/;
const SLOT = /^(slot|slot ?name|location|position|place)$/;

export function readPlaceCsv(text: string): { items: PlanItem[]; problems: LayoutImportProblem[] } {
  const table = readCsvTable(text);
  if (!table.ok) return { items: [], problems: [{ line: 1, message: table.message }] };
  const [first, ...rest] = table.rows;
  if (first === undefined) return { items: [], problems: [{ line: 1, message: 'the file is empty' }] };
  const names = first.cells.map((c) => c.trim().toLowerCase());
  const device = names.findIndex((n) => DEVICE.test(n));
  const slot = names.findIndex((n) => SLOT.test(n));
  const header = device >= 0 && slot >= 0;
  const rows = header ? rest : table.rows;
  const at = header ? { device, slot } : { device: 0, slot: 1 };
  const items: PlanItem[] = [];
  const problems: LayoutImportProblem[] = [];
  for (const row of rows) {
    const d = (row.cells[at.device] ?? '').trim();
    const s = (row.cells[at.slot] ?? '').trim();
    if (d === '' || s === '') {
      problems.push({
        line: row.line,
        message: `a row needs a device and a slot (${d === '' ? 'no device' : 'no slot'})`,
      });
    } else if (d.length > 200 || s.length > 120) {
      problems.push({
        line: row.line,
        message: 'a device label has at most 200 characters, a slot name 120',
      });
    } else items.push({ device: d, slot: s, line: row.line });
  }
  if (items.length === 0 && problems.length === 0)
    problems.push({ line: first.line, message: 'no rows to place' });
  return { items, problems };
}
