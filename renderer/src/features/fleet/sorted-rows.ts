/**
 * The fleet table's rows in the order the technician sorted them, kept in step with the redraws rather
 * than sorted from scratch by the table. TanStack Table rebuilt its row model (one object per row) and
 * sorted all rows again whenever the rows array changed: with 10,000 devices sorted by a live column
 * (hash rate, chip temperature…), that was most of every redraw. Here each row's sort value is kept by
 * position; a redraw computes it again only for the rows whose object changed, and sorts only when one
 * of those values moved — starting from the previous order, which Array.prototype.sort (a merge sort
 * that finds runs already in order) goes through in about linear time when few rows moved. The table
 * gets the rows pre-sorted (`manualSorting`), and keeps its row model while the order stays the same.
 *
 * The order is exactly TanStack's for the same column (tests/unit/renderer/sorted-rows.test.ts): its
 * `basic` comparison of the column's value, descending when asked, rows without a value last in both
 * directions for the columns that say so, and ties in fleet order. Memoized on its last result, like
 * visible-rows.ts (one fleet table).
 */
import type { FleetRow } from '../../stores/fleet-rows';
import { fleetColumns } from './fleet-columns';

/** A sortable column's value for a row: what TanStack's `basic` comparison orders. */
type SortValue = unknown;

interface SortKey {
  value: (row: FleetRow) => SortValue;
  /** `sortUndefined: 'last'`: rows without a value go last, ascending or descending. */
  missingLast: boolean;
}

/** Each sortable column's value and its place for rows without one, read from the column definitions. */
const SORT_KEYS: ReadonlyMap<string, SortKey> = new Map(
  fleetColumns.flatMap((column): [string, SortKey][] => {
    if (column.id === undefined || column.enableSorting === false) return [];
    const missingLast = column.sortUndefined === 'last';
    if ('accessorFn' in column && typeof column.accessorFn === 'function') {
      const read = column.accessorFn;
      return [[column.id, { value: (row) => read(row, 0), missingLast }]];
    }
    if ('accessorKey' in column && typeof column.accessorKey === 'string') {
      const field = column.accessorKey as keyof FleetRow;
      return [[column.id, { value: (row) => row[field], missingLast }]];
    }
    return [];
  }),
);

export interface SortChoice {
  id: string;
  desc: boolean;
}

export interface SortedRows {
  /** The rows shown, sorted: the newest row objects, for the cells. */
  rows: FleetRow[];
  /**
   * The array to build the table's row model from: the previous one while the same devices stand in
   * the same places (its rows may be older versions; only their ids and places are read from it).
   */
  model: FleetRow[];
}

interface Kept extends SortedRows {
  shown: readonly FleetRow[];
  column: string | undefined;
  desc: boolean;
  /** Sort value by position in `shown`. */
  values: SortValue[];
  /** Positions in `shown`, in display order. */
  order: number[];
}

let kept: Kept | undefined;

/** TanStack's `basic` comparison, exactly (JavaScript's `>` on whatever the values are). */
const compareBasic = (a: SortValue, b: SortValue): number =>
  a === b ? 0 : (a as number) > (b as number) ? 1 : -1;

function comparator(values: readonly SortValue[], desc: boolean, missingLast: boolean) {
  return (a: number, b: number): number => {
    const x = values[a];
    const y = values[b];
    if (missingLast && (x === undefined || y === undefined)) {
      if (x === undefined && y === undefined) return a - b;
      return x === undefined ? 1 : -1;
    }
    const order = compareBasic(x, y);
    if (order !== 0) return desc ? -order : order;
    return a - b;
  };
}

/** Same devices in the same places (row objects may differ). */
function sameDevices(a: readonly FleetRow[], b: readonly FleetRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i] && a[i]?.id !== b[i]?.id) return false;
  }
  return true;
}

const sameOrder = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((position, i) => position === b[i]);

/** `shown` (the visible rows, in fleet order) sorted by `sort`; unsorted when no known column is chosen. */
export function sortedRows(shown: readonly FleetRow[], sort: SortChoice | undefined): SortedRows {
  const key = sort === undefined ? undefined : SORT_KEYS.get(sort.id);
  const column = key === undefined ? undefined : sort?.id;
  const desc = sort?.desc === true;
  if (kept !== undefined && kept.shown === shown && kept.column === column && kept.desc === desc) return kept;
  const previous = kept;
  const inStep =
    previous !== undefined &&
    previous.column === column &&
    previous.desc === desc &&
    sameDevices(previous.shown, shown);
  let values: SortValue[] = [];
  let order: number[];
  if (key === undefined) {
    order = inStep ? previous.order : shown.map((_, i) => i);
  } else if (inStep) {
    // Only rows whose object changed can have a new value; the order moves only if one did.
    values = previous.values;
    let moved = false;
    for (let i = 0; i < shown.length; i += 1) {
      const row = shown[i];
      if (row === undefined || row === previous.shown[i]) continue;
      const value = key.value(row);
      if (value !== values[i]) {
        values[i] = value;
        moved = true;
      }
    }
    order = moved ? [...previous.order].sort(comparator(values, desc, key.missingLast)) : previous.order;
  } else {
    values = shown.map((row) => key.value(row));
    order = shown.map((_, i) => i).sort(comparator(values, desc, key.missingLast));
  }
  const rows = order.map((position) => shown[position] as FleetRow);
  const model =
    inStep && (order === previous.order || sameOrder(order, previous.order)) ? previous.model : rows;
  kept = { rows, model, shown, column, desc, values, order };
  return kept;
}
