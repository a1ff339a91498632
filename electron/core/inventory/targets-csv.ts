/**
 * A site's planned devices from a spreadsheet: one device per row, an address and
 * optionally a label and notes. Read with the targets' CSV reader (BOM, CRLF, quotes, quoted line breaks,
 * `,` `;` or tab); a header row is detected by its names, else the columns are address, label, notes in
 * that order (after any leading columns without an address). Extra cells are ignored and said so; a bad
 * address stops the import naming its line, like a bad scan target does, so nothing half-imports.
 *
 * The devices join the site as `planned`, known by their address until a scan finds them and learns their
 * MAC; their label and notes carry over then (devices.ts).
 */
import { message } from '../../../shared/i18n/message';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice } from '../../../shared/domain/inventory';
import { ADDRESS_HEADERS } from '../../../shared/domain/targets/csv-targets';
import { readCsvTable } from '../../../shared/domain/targets/csv-table';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { addressDeviceId } from '../credentials/device-identity';
import type { MergeConflict } from './merge';
import { controlCharacterInWords, devicesOf, newDevice } from './devices';
import type { Inventory } from './schema';

export interface PlannedRow {
  address: string;
  label: string;
  notes: string;
  line: number;
}

export interface PlannedRows {
  rows: PlannedRow[];
  /** Things a technician should know but that did not stop the import (extra cells, duplicates). */
  warnings: string[];
}

const LABEL_HEADERS = [/^(label|name|tag|asset( ?tag)?|position|location|rack|slot|miner)$/];
const NOTES_HEADERS = [/^(notes?|comments?|remarks?|description)$/];
const MAX_ERRORS_SHOWN = 5;

function columnOf(header: readonly string[], patterns: readonly RegExp[]): number | undefined {
  const names = header.map((h) => h.toLowerCase());
  for (const pattern of patterns) {
    const index = names.findIndex((name) => pattern.test(name));
    if (index >= 0) return index;
  }
  return undefined;
}

const isDeviceAddress = (cell: string | undefined): boolean =>
  cell !== undefined && cell !== '' && parseDeviceAddress(cell).ok && /[\d.:]/.test(cell);

interface Columns {
  address: number;
  label: number | undefined;
  notes: number | undefined;
  width: number;
  header: boolean;
}

function chooseColumns(first: readonly string[]): Result<Columns> {
  const address = columnOf(first, ADDRESS_HEADERS);
  if (address !== undefined && !first.some((cell) => /^\d+\.\d+\.\d+\.\d+/.test(cell))) {
    return ok({
      address,
      label: columnOf(first, LABEL_HEADERS),
      notes: columnOf(first, NOTES_HEADERS),
      width: first.length,
      header: true,
    });
  }
  const index = first.findIndex((cell) => isDeviceAddress(cell));
  if (index < 0) {
    return errWithText(
      'INVALID_INPUT',
      'The CSV file has no address column: name one "address" or "ip", or put the addresses first.',
      message('errors.csv.noAddressColumn'),
    );
  }
  return ok({ address: index, label: index + 1, notes: index + 2, width: index + 3, header: false });
}

export function parsePlannedCsv(text: string): Result<PlannedRows> {
  const table = readCsvTable(text);
  if (!table.ok)
    return errWithText(
      'INVALID_INPUT',
      `The CSV file cannot be read: ${table.message}.`,
      message('errors.csv.unreadable', { reason: table.message }),
    );
  const [first, ...rest] = table.rows;
  if (first === undefined)
    return errWithText('INVALID_INPUT', 'The CSV file has no rows.', message('errors.csv.noRows'));
  const columns = chooseColumns(first.cells);
  if (!columns.ok) return columns;
  const { address: a, label: l, notes: n, width, header } = columns.value;
  const rows: PlannedRow[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  /** Labels and notes with control characters: refused like a bad address, naming the line. */
  const controls: string[] = [];
  const seen = new Map<string, number>();
  for (const row of header ? rest : table.rows) {
    const cell = row.cells[a] ?? '';
    const parsed = parseDeviceAddress(cell);
    if (cell === '' || !parsed.ok) {
      const why = parsed.ok ? 'no address' : parsed.error.message.replace(/\.$/, '');
      errors.push(`line ${row.line}: ${why}`);
      continue;
    }
    const address = formatDeviceAddress(parsed.value);
    const earlier = seen.get(address);
    if (earlier !== undefined) {
      warnings.push(`line ${row.line}: ${address} is already on line ${earlier}; this line was skipped.`);
      continue;
    }
    seen.set(address, row.line);
    if (row.cells.length > width && row.cells.slice(width).some((c) => c !== '')) {
      warnings.push(`line ${row.line}: ${row.cells.length - width} extra cell(s) ignored.`);
    }
    const at = (index: number | undefined): string => (index === undefined ? '' : (row.cells[index] ?? ''));
    const words = { label: at(l), notes: at(n) };
    const control = controlCharacterInWords(words);
    if (control !== undefined) {
      const { field, found } = control;
      controls.push(`line ${row.line}: the ${field} has ${found.described} at character ${found.position}`);
    }
    rows.push({ address, ...words, line: row.line });
  }
  const listed = (list: readonly string[]): string => {
    const more = list.length > MAX_ERRORS_SHOWN ? ` (and ${list.length - MAX_ERRORS_SHOWN} more)` : '';
    return `${list.slice(0, MAX_ERRORS_SHOWN).join('; ')}${more}`;
  };
  if (errors.length > 0)
    return errWithText(
      'INVALID_INPUT',
      `The CSV file has bad addresses: ${listed(errors)}.`,
      message('errors.csv.badAddresses', { list: listed(errors) }),
    );
  if (controls.length > 0) {
    return errWithText(
      'INVALID_INPUT',
      `The CSV file has control characters in its labels or notes: ${listed(controls)}. Labels and notes are plain text (notes may have line breaks); nothing was imported.`,
      message('errors.files.csvControls', { list: listed(controls) }),
    );
  }
  return ok({ rows, warnings });
}

export interface PlannedImportOutcome {
  added: number;
  /** Devices already in the site whose empty label or notes the file filled in. */
  updated: number;
  unchanged: number;
  conflicts: MergeConflict[];
}

/** Adds the rows as planned devices; an address the site already has keeps its device and its words. */
export function addPlannedDevices(
  inventory: Inventory,
  siteId: string,
  rows: readonly PlannedRow[],
  now: Date,
): PlannedImportOutcome {
  const at = now.toISOString();
  const outcome: PlannedImportOutcome = { added: 0, updated: 0, unchanged: 0, conflicts: [] };
  for (const row of rows) {
    const existing = devicesOf(inventory, siteId).find((d) => d.address === row.address);
    if (existing === undefined) {
      const parsed = parseDeviceAddress(row.address);
      if (!parsed.ok) continue;
      const device: InventoryDevice = newDevice(
        {
          id: addressDeviceId(parsed.value),
          siteId,
          address: row.address,
          label: row.label,
          notes: row.notes,
          commissioning: { status: 'planned', updatedAt: at },
        },
        at,
      );
      inventory.devices.push(device);
      outcome.added += 1;
      continue;
    }
    let changed = false;
    for (const field of ['label', 'notes'] as const) {
      const incoming = row[field];
      if (incoming === '' || incoming === existing[field]) continue;
      if (existing[field] === '') {
        existing[field] = incoming;
        changed = true;
      } else {
        outcome.conflicts.push({
          deviceId: existing.id,
          address: existing.address,
          field,
          local: existing[field],
          incoming,
          kept: 'local',
        });
      }
    }
    if (changed) outcome.updated += 1;
    else outcome.unchanged += 1;
  }
  return outcome;
}
