/**
 * The rows the fleet table shows: the state filter and the text search applied, in fleet order
 * (the table sorts them). Memoized on its inputs so 4 diffs a second filter 5,000 rows only when
 * something it reads changed.
 */
import { STATE_FILTERS } from '../../lib/states';
import type { FleetFilter } from '../../stores/fleet-slice';
import type { FleetRow } from '../../stores/fleet-rows';
import { matchesText, searchWords } from '../../stores/fleet-rows';

let last: { rows: readonly FleetRow[]; filter: FleetFilter; result: FleetRow[] } | undefined;

export function visibleRows(state: { rows: readonly FleetRow[]; filter: FleetFilter }): FleetRow[] {
  if (last !== undefined && last.rows === state.rows && last.filter === state.filter) return last.result;
  const allowed = STATE_FILTERS.find((f) => f.id === state.filter.state)?.states ?? null;
  const states = allowed === null ? null : new Set<string>(allowed);
  const words = searchWords(state.filter.text);
  const result =
    states === null && words.length === 0
      ? [...state.rows]
      : state.rows.filter((row) => (states === null || states.has(row.state)) && matchesText(row, words));
  last = { rows: state.rows, filter: state.filter, result };
  return result;
}

export const visibleRowIds = (state: { rows: readonly FleetRow[]; filter: FleetFilter }): string[] =>
  visibleRows(state).map((row) => row.id);
