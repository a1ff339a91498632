/**
 * Monitor diffs that arrived since the last redraw, kept in their wire form (shared/ipc/monitor-diff-wire.ts).
 * Nothing is decoded when a diff arrives, so a diff costs the main thread little more than its arrival; at
 * the redraw only the latest view of each device is decoded (a device in two waiting diffs, once), and a
 * row object is made only for a device whose shown values changed.
 */
import type { FleetTotals } from '../../../shared/domain/monitor';
import { decodeDevice } from '../../../shared/ipc/monitor-diff-codec';
import type { MonitorDiffWire } from '../../../shared/ipc/monitor-diff-wire';
import type { FleetRow } from './fleet-rows';
import { applyView } from './fleet-rows';

/**
 * Past this many waiting diffs the caller redraws at once rather than on its timer: a hidden window's
 * timers may be throttled to one a minute, and 5,000-device diffs must not pile up meanwhile. Well above
 * the two to five that arrive between two redraws of a visible window.
 */
export const MAX_PENDING_DIFFS = 16;

export class PendingDiffs {
  private wires: MonitorDiffWire[] = [];
  /**
   * Per row position, the redraw that last took a view for it: skips a device already taken from a newer
   * diff by its position (the id lookup happens anyway), cheaper than a Set of thousands of fresh strings.
   */
  private taken = new Uint32Array(0);
  private redraw = 0;

  add(wire: MonitorDiffWire): void {
    this.wires.push(wire);
  }

  get count(): number {
    return this.wires.length;
  }

  /** The newest fleet totals waiting, if any. */
  get totals(): FleetTotals | undefined {
    return this.wires.at(-1)?.totals;
  }

  clear(): void {
    this.wires = [];
  }

  /**
   * Applies the latest view of every waiting device to `rows` and empties the queue. Returns the new
   * rows array, or undefined when no row changed (so the table keeps its sort and filter results).
   */
  applyTo(rows: readonly FleetRow[], index: ReadonlyMap<string, number>): FleetRow[] | undefined {
    const wires = this.wires;
    this.wires = [];
    if (this.taken.length < rows.length) this.taken = new Uint32Array(rows.length * 2);
    this.redraw += 1;
    const { taken, redraw } = this;
    let next: FleetRow[] | undefined;
    // Newest first: a device in several waiting diffs takes its newest view (a diff holds it once).
    for (let w = wires.length - 1; w >= 0; w -= 1) {
      const wire = wires[w];
      if (wire === undefined) continue;
      const ids = wire.devices.ids;
      for (let i = 0; i < ids.length; i += 1) {
        const at = index.get(ids[i] ?? '');
        const row = at === undefined ? undefined : rows[at];
        if (at === undefined || row === undefined || taken[at] === redraw) continue;
        taken[at] = redraw;
        const updated = applyView(row, decodeDevice(wire, i));
        if (updated === row) continue;
        next ??= [...rows];
        next[at] = updated;
      }
    }
    return next;
  }
}
