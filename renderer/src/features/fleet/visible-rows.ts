/**
 * The rows the fleet table (and the rack map) shows: the state filter (or "Differs from the standard"),
 * the "where" filter (an area, a rack, no slot) and the text search applied, in fleet order (the table sorts them). Memoized on its inputs so 4 diffs a second filter
 * 5,000 rows only when something it reads changed; the drift counts only while its filter is chosen.
 */
import type { DeviceDrift } from '../../../../shared/domain/standard';
import { matchesPlace } from '../../lib/rack-layout';
import { STATE_FILTERS } from '../../lib/states';
import type { FleetFilter } from '../../stores/fleet-slice';
import type { FleetRow } from '../../stores/fleet-rows';
import { matchesText, searchWords } from '../../stores/fleet-rows';
import { differsFromStandard } from '../standard/drift-words';

export interface VisibleRowsInput {
  rows: readonly FleetRow[];
  filter: FleetFilter;
  /** By device id (standard-slice.ts); read only by the "Differs from the standard" filter. */
  drift?: Readonly<Record<string, DeviceDrift>>;
}

const NO_DRIFT: Readonly<Record<string, DeviceDrift>> = {};

let last: { rows: readonly FleetRow[]; filter: FleetFilter; drift: unknown; result: FleetRow[] } | undefined;

export function visibleRows(state: VisibleRowsInput): FleetRow[] {
  const byDrift = state.filter.state === 'differs';
  const drift = byDrift ? (state.drift ?? NO_DRIFT) : undefined;
  if (
    last !== undefined &&
    last.rows === state.rows &&
    last.filter === state.filter &&
    last.drift === drift
  ) {
    return last.result;
  }
  const allowed = STATE_FILTERS.find((f) => f.id === state.filter.state)?.states ?? null;
  const states = allowed === null ? null : new Set<string>(allowed);
  const words = searchWords(state.filter.text);
  const place = state.filter.place ?? '';
  const result =
    states === null && drift === undefined && words.length === 0 && place === ''
      ? [...state.rows]
      : state.rows.filter(
          (row) =>
            (states === null || states.has(row.state)) &&
            (drift === undefined || differsFromStandard(drift[row.id])) &&
            matchesPlace(row.location, place) &&
            matchesText(row, words),
        );
  last = { rows: state.rows, filter: state.filter, drift, result };
  return result;
}

export const visibleRowIds = (state: VisibleRowsInput): string[] => visibleRows(state).map((row) => row.id);
