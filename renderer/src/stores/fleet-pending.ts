/**
 * Monitor diffs that arrived since the last redraw, kept in their wire form (shared/ipc/monitor-diff-wire.ts).
 * Nothing is decoded when a diff arrives, so a diff costs the main thread little more than its arrival; at
 * the redraw only the latest view of each device is read (a device in two waiting diffs, once), straight
 * from the wire's columns into one reused object (live-from-wire.ts), and a row object is made only for a
 * device whose shown values changed.
 */
import type { FleetTotals } from '../../../shared/domain/monitor';
import type { MonitorDiffWire } from '../../../shared/ipc/monitor-diff-wire';
import type { FleetRow } from './fleet-rows';
import { applyLive } from './fleet-rows';
import { emptyLive, readLive } from './live-from-wire';

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
  /** Filled for each device in turn: only a changed row keeps its values. */
  private readonly live = emptyLive();

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
    const { taken, redraw, live } = this;
    let next: FleetRow[] | undefined;
    // Newest first: a device in several waiting diffs takes its newest view (a diff holds it once).
    for (let w = wires.length - 1; w >= 0; w -= 1) {
      const wire = wires[w];
      if (wire === undefined) continue;
      const ids = wire.devices.ids;
      // The row after the last one found is tried first: when a diff lists devices in the rows' order (a
      // fleet changing all at once, as at the monitor's first round or in the UI benchmark) it is the next
      // device, and comparing one id is far cheaper than hashing a freshly parsed id for the index
      // (10,000 of them per diff: half the redraw). A miss costs one comparison; the index finds it.
      let hint = 0;
      for (let i = 0; i < ids.length; i += 1) {
        const id = ids[i] ?? '';
        const at = rows[hint]?.id === id ? hint : index.get(id);
        if (at === undefined) continue;
        hint = at + 1;
        const row = rows[at];
        if (row === undefined || taken[at] === redraw) continue;
        taken[at] = redraw;
        const updated = applyLive(row, readLive(wire, i, live));
        if (updated === row) continue;
        next ??= [...rows];
        next[at] = updated;
      }
    }
    return next;
  }
}
