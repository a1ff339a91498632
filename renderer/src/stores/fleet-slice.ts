/**
 * The fleet table's state: every device as a flat row (fleet-rows.ts), fleet totals, whether monitoring
 * runs, the filter, and the selection. Loaded once (`monitor:snapshot`), then kept current by
 * `fleet:changed` and `monitor:diff` events: one store update per redraw, whatever the fleet size
 * (monitor diffs wait in fleet-pending.ts until then).
 */
import type { FleetTotals } from '../../../shared/domain/monitor';
import type { FleetDevice } from '../../../shared/ipc/channels/monitor';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { AppError } from '../../../shared/result';
import type { PlaceFilter, RowLocation } from '../lib/rack-layout';
import type { StateFilterId } from '../lib/states';
import type { FleetRow } from './fleet-rows';
import { MAX_PENDING_DIFFS, PendingDiffs } from './fleet-pending';
import { NOT_WATCHED_REASON, toRow } from './fleet-rows';
import type { SliceCreator } from './types';

export interface FleetFilter {
  text: string;
  state: StateFilterId;
  /** Where: an area, a rack, the devices in no slot, or anywhere (absent or ''). */
  place?: PlaceFilter;
}

export interface FleetSlice {
  fleetStatus: 'idle' | 'loading' | 'ready' | 'error';
  fleetError?: AppError;
  /** In the order devices joined the fleet; a new array whenever any row changes. */
  rows: FleetRow[];
  totals?: FleetTotals;
  monitoring: boolean;
  filter: FleetFilter;
  /** Selected device ids (react-table's RowSelectionState shape). */
  selection: Record<string, true>;
  /** By device id: where the current site's layout places it (layout-slice.ts sets them). */
  rowLocations: Record<string, RowLocation>;
  fleetRequested: () => Promise<void>;
  monitoringToggled: () => Promise<void>;
  filterChanged: (patch: Partial<FleetFilter>) => void;
  selectionChanged: (selection: Record<string, true>) => void;
  devicesSelected: (ids: readonly string[]) => void;
  /** The layout changed: each row gets its slot (a new row object only where it moved). */
  locationsChanged: (locations: Record<string, RowLocation>) => void;
  fleetEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface FleetSliceDeps {
  api: Pick<Api, 'monitor:snapshot' | 'monitor:start' | 'monitor:stop'>;
  /** Least time between two redraws of live readings (tests: 0). */
  redrawMs?: number;
}

/**
 * Live readings reach the table at most twice a second, like the CLI's live table: nobody reads faster,
 * and a fleet of thousands changing four times a second would otherwise cost a redraw per diff.
 * State changes wait at most this long too; the first change after a quiet spell shows at once.
 */
export const DEFAULT_REDRAW_MS = 500;

/**
 * Runs a redraw in a task of its own right after the next frame is drawn: it then has until the frame
 * after to update the store and React, and that frame only lays out and paints the rows that changed. A
 * timer firing mid-frame, or the work done inside the frame's own callbacks, would push a frame past its
 * deadline (a dropped frame). A hidden window draws no frames (and would never call back): at once there.
 */
function afterNextFrame(redraw: () => void): void {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
    requestAnimationFrame(() => setTimeout(redraw, 0));
  } else {
    redraw();
  }
}

/** Row positions by id, kept beside the store (not reactive: rows themselves are). */
function indexOf(rows: readonly FleetRow[]): Map<string, number> {
  return new Map(rows.map((row, i) => [row.id, i]));
}

export const createFleetSlice =
  (deps: FleetSliceDeps): SliceCreator<FleetSlice> =>
  (set, get) => {
    let index = new Map<string, number>();
    /** Monitor diffs not on screen yet. */
    const pending = new PendingDiffs();
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** A redraw is on its way (its timer runs, or it waits for the next frame). */
    let scheduled = false;
    let lastCommit = Number.NEGATIVE_INFINITY;
    const redrawMs = deps.redrawMs ?? DEFAULT_REDRAW_MS;

    /**
     * Puts what is pending into the rows: a new object only for a device whose shown values changed, and
     * a new array only when one did — otherwise the table keeps its rows, filter result and sort order.
     */
    const commitPending = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      scheduled = false;
      lastCommit = Date.now();
      if (pending.count === 0) return;
      const totals = pending.totals;
      const rows = pending.applyTo(get().rows, index);
      set({ ...(rows !== undefined ? { rows } : {}), ...(totals !== undefined ? { totals } : {}) });
    };

    /**
     * At most one redraw per `redrawMs`: the first change after a quiet spell shows at once, later ones
     * just after a frame once the time is up (see afterNextFrame). Too many waiting diffs redraw now.
     */
    const scheduleCommit = (): void => {
      const wait = lastCommit + redrawMs - Date.now();
      if (pending.count >= MAX_PENDING_DIFFS || (!scheduled && wait <= 0)) {
        commitPending();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      timer = setTimeout(() => {
        timer = undefined;
        afterNextFrame(commitPending);
      }, wait);
    };

    const applyFleetChange = (devices: readonly FleetDevice[], removed: readonly string[]): void => {
      let rows = [...get().rows];
      for (const device of devices) {
        const at = index.get(device.deviceId);
        if (at === undefined) {
          index.set(device.deviceId, rows.length);
          rows.push(toRow(device, undefined, get().rowLocations[device.deviceId]));
        } else {
          rows[at] = toRow(device, rows[at], get().rowLocations[device.deviceId]);
        }
      }
      if (removed.length === 0) {
        set({ rows });
        return;
      }
      const gone = new Set(removed);
      rows = rows.filter((row) => !gone.has(row.id));
      index = indexOf(rows);
      const selection = Object.fromEntries(
        Object.entries(get().selection).filter(([id]) => !gone.has(id)),
      ) as Record<string, true>;
      set({ rows, selection });
    };

    return {
      fleetStatus: 'idle',
      rows: [],
      monitoring: false,
      filter: { text: '', state: 'all' },
      selection: {},
      rowLocations: {},

      fleetRequested: async () => {
        if (get().fleetStatus === 'loading') return;
        set({ fleetStatus: get().rows.length > 0 ? 'ready' : 'loading' });
        const result = await deps.api['monitor:snapshot']();
        if (!result.ok) {
          set({ fleetStatus: 'error', fleetError: result.error });
          return;
        }
        pending.clear();
        const previous = new Map(get().rows.map((row) => [row.id, row]));
        const where = get().rowLocations;
        const rows = result.value.devices.map((device) =>
          toRow(device, previous.get(device.deviceId), where[device.deviceId]),
        );
        index = indexOf(rows);
        set({ fleetStatus: 'ready', rows, totals: result.value.totals, monitoring: result.value.running });
        // Reopening the app with a fleet: show it, unless the technician already went somewhere.
        if (rows.length > 0 && !get().viewPicked) set({ view: 'fleet' });
      },

      monitoringToggled: async () => {
        const result = await (get().monitoring ? deps.api['monitor:stop']() : deps.api['monitor:start']());
        if (result.ok) set({ monitoring: result.value.running });
        if (result.ok && !result.value.running) {
          set({
            rows: get().rows.map((row) => ({
              ...row,
              state: 'not-watched',
              reason: NOT_WATCHED_REASON,
            })),
          });
        }
      },

      filterChanged: (patch) => set({ filter: { ...get().filter, ...patch } }),
      selectionChanged: (selection) => set({ selection }),
      devicesSelected: (ids) => set({ selection: Object.fromEntries(ids.map((id) => [id, true as const])) }),

      locationsChanged: (locations) => {
        // Monitor diffs waiting are applied first, so they land on the rows with their new places.
        commitPending();
        const same = (a: RowLocation | undefined, b: RowLocation | undefined): boolean =>
          a === b ||
          (a !== undefined &&
            b !== undefined &&
            a.key === b.key &&
            a.slot === b.slot &&
            a.area === b.area &&
            a.rack === b.rack &&
            a.rackId === b.rackId);
        let changed = false;
        const rows = get().rows.map((row) => {
          const location = locations[row.id];
          if (same(row.location, location)) return row;
          changed = true;
          return { ...row, location };
        });
        set(changed ? { rowLocations: locations, rows } : { rowLocations: locations });
      },

      fleetEventsArrived: (events) => {
        let changed = false;
        for (const event of events) {
          if (event.type === 'monitor:diff') {
            pending.add(event.payload);
          } else if (event.type === 'fleet:changed') {
            // Membership first applies what was pending, so a removed device is not revived by a late view.
            commitPending();
            applyFleetChange(event.payload.devices, event.payload.removed);
            changed = true;
          }
        }
        if (changed || pending.count > 0) scheduleCommit();
      },
    };
  };
