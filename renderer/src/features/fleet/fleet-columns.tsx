/**
 * The fleet table's columns for TanStack Table: accessors that sort on plain values (numeric address,
 * state by how urgent it is, numbers with "no value" last) and cells from fleet-cells.tsx. Built once at
 * module scope, as the library asks, so row models are not rebuilt on every render. Also each column's
 * width, and which ones the technician may hide (the Columns menu, kept in the settings).
 */
import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { FleetRow } from '../../stores/fleet-rows';

export const fleetFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  // Plain comparisons only: keys are prepared for it (padded addresses, lower-case text), and a
  // natural-order comparator costs tens of milliseconds per re-sort of 5,000 rows.
  sortFns: { basic: sortFn_basic },
});

/** Most urgent first when sorted by state ascending. */
const STATE_ORDER: Record<FleetRow['state'], number> = {
  offline: 0,
  error: 1,
  'locked-out': 2,
  'auth-failed': 3,
  'needs-password': 4,
  locked: 5,
  unlocking: 6,
  discovered: 7,
  'not-watched': 8,
  rebooting: 8,
  restarting: 8,
  online: 9,
};

const helper = createColumnHelper<typeof fleetFeatures, FleetRow>();

/** Each column's header, as a message (the table and the Columns menu render it in the reader's language). */
export const COLUMN_HEADERS: Readonly<Record<string, MessageId>> = {
  select: 'fleet.column.select',
  device: 'fleet.column.device',
  model: 'fleet.column.model',
  state: 'fleet.column.state',
  hashRate: 'fleet.column.hashRate',
  chipTemp: 'fleet.column.chipTemp',
  location: 'fleet.column.location',
  standard: 'fleet.column.standard',
  fans: 'fleet.column.fans',
  power: 'fleet.column.power',
  credentials: 'fleet.column.credentials',
  alerts: 'fleet.column.alerts',
  outcome: 'fleet.column.outcome',
};

/** Column ids in display order (headers: COLUMN_HEADERS); cells are rendered by fleet-table-row.tsx. */
export const fleetColumns = helper.columns([
  helper.display({ id: 'select', enableSorting: false }),
  helper.accessor('addressKey', { id: 'device', sortFn: 'basic' }),
  helper.accessor((row) => `${row.model ?? '~'} ${row.firmware ?? ''}`.toLowerCase(), {
    id: 'model',
    sortFn: 'basic',
  }),
  helper.accessor((row) => STATE_ORDER[row.state] * 1e13 + (row.since ?? 0), {
    id: 'state',
    sortFn: 'basic',
  }),
  helper.accessor('hashRate', {
    id: 'hashRate',
    sortFn: 'basic',
    sortUndefined: 'last',
    sortDescFirst: true,
  }),
  helper.accessor('chipTempMax', {
    id: 'chipTemp',
    sortFn: 'basic',
    sortUndefined: 'last',
    sortDescFirst: true,
  }),
  // The slot it stands in (issue 34; shown once the site has racks), sorted as slots stand: area, rack, shelf, position; none last.
  helper.accessor((row) => row.location?.key, {
    id: 'location',
    sortFn: 'basic',
    sortUndefined: 'last',
  }),
  // What differs from the site's standard: kept beside the rows (standard-slice.ts), so not sortable here;
  // the filter "Differs from the standard" finds those devices.
  helper.display({ id: 'standard', enableSorting: false }),
  helper.accessor('fanRpmMin', { id: 'fans', sortFn: 'basic', sortUndefined: 'last' }),
  helper.accessor('powerW', {
    id: 'power',
    sortFn: 'basic',
    sortUndefined: 'last',
    sortDescFirst: true,
  }),
  helper.accessor(
    (row) => (row.apiKey ? 2 : 0) + (row.password === 'none' || row.password === 'rejected' ? 0 : 1),
    {
      id: 'credentials',
      sortFn: 'basic',
    },
  ),
  helper.accessor((row) => row.alerts.length, {
    id: 'alerts',
    sortFn: 'basic',
    sortDescFirst: true,
  }),
  helper.display({ id: 'outcome', enableSorting: false }),
]);

/**
 * Each column's width in the grid: fixed, so the virtualizer never measures a row. The columns that matter
 * on a laptop (device, model, state, hash rate, hottest chip) come first and fit 1,024 px, the slot and
 * the standard beside them fit 1,280 px ("factory password" on its first line); the rest are
 * reached by scrolling the table sideways, or hidden; every column fits 1,600 px. Chip and power are wide
 * enough for the word "implausible" (a value the device sent that no hardware can report), power for its
 * preset, Stored for "Site password"; the last column takes what is left.
 */
export const COLUMN_WIDTHS: Readonly<Record<string, string>> = {
  select: '44px',
  device: '210px',
  model: '190px',
  state: '215px',
  hashRate: '132px',
  chipTemp: '92px',
  location: '128px',
  standard: '184px',
  fans: '112px',
  power: '106px',
  credentials: '150px',
  alerts: '140px',
  outcome: 'minmax(160px, 1fr)',
};

/** Always shown: the tick box and the device itself. */
const ALWAYS_SHOWN: ReadonlySet<string> = new Set(['select', 'device']);

/** The columns the Columns menu offers, with their headers, in display order. */
export const CHOOSABLE_COLUMNS: readonly { id: string; header: MessageId }[] = fleetColumns
  .map((column) => column.id ?? '')
  .filter((id) => id !== '' && !ALWAYS_SHOWN.has(id) && COLUMN_HEADERS[id] !== undefined)
  .map((id) => ({ id, header: COLUMN_HEADERS[id] ?? 'fleet.column.device' }));

/** The grid's columns for the ids shown, in order (fleet.css reads it as `--fleet-columns`). */
export function gridTemplate(shownIds: readonly string[]): string {
  return shownIds.map((id) => COLUMN_WIDTHS[id] ?? '120px').join(' ');
}

/** TanStack's visibility state from the settings' hidden list (ids it does not know are left out). */
export function visibilityOf(hidden: readonly string[]): Record<string, boolean> {
  const choosable = new Set(CHOOSABLE_COLUMNS.map((c) => c.id));
  return Object.fromEntries(hidden.filter((id) => choosable.has(id)).map((id) => [id, false]));
}
