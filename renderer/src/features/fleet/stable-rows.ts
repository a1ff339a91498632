/**
 * The array the table builds its row model from: the rows shown, except that the previous array is kept
 * while the same devices are shown in the same places and the sorted column's values did not change.
 * TanStack Table rebuilds its row model (one object per row) and sorts again whenever its data array
 * changes; with 5,000 devices whose readings change twice a second, that was most of every redraw, for an
 * order that had not moved. The cells still show the newest values: the table renders `shown[row.index]`,
 * the same device by construction. Memoized on its last result, like visible-rows.ts.
 */
import type { FleetRow } from '../../stores/fleet-rows';
import { SAME_SORT_VALUE } from './fleet-columns';

let kept: FleetRow[] | undefined;

function sameOrder(a: readonly FleetRow[], b: readonly FleetRow[], sortedBy: string | undefined): boolean {
  if (a.length !== b.length) return false;
  const same = sortedBy === undefined ? () => true : SAME_SORT_VALUE[sortedBy];
  if (same === undefined) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined || y === undefined || x.id !== y.id || !same(x, y)) return false;
  }
  return true;
}

export function stableRows(shown: FleetRow[], sortedBy: string | undefined): FleetRow[] {
  if (kept !== undefined && kept !== shown && sameOrder(kept, shown, sortedBy)) return kept;
  kept = shown;
  return shown;
}
