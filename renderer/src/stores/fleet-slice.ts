/**
 * The fleet table's state: every device as a flat row (fleet-rows.ts), fleet totals, whether monitoring
 * runs, the filter, and the selection. Loaded once (`monitor:snapshot`), then kept current by
 * `fleet:changed` and `monitor:diff` events: one store update per event batch, whatever the fleet size.
 */
import type { FleetTotals } from '../../../shared/domain/monitor';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { AppError } from '../../../shared/result';
import type { StateFilterId } from '../lib/states';
import type { FleetRow } from './fleet-rows';
import { applyView, toRow } from './fleet-rows';
import type { SliceCreator } from './types';

export interface FleetFilter {
  text: string;
  state: StateFilterId;
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
  fleetRequested: () => Promise<void>;
  monitoringToggled: () => Promise<void>;
  filterChanged: (patch: Partial<FleetFilter>) => void;
  selectionChanged: (selection: Record<string, true>) => void;
  devicesSelected: (ids: readonly string[]) => void;
  fleetEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface FleetSliceDeps {
  api: Pick<Api, 'monitor:snapshot' | 'monitor:start' | 'monitor:stop'>;
}

/** Row positions by id, kept beside the store (not reactive: rows themselves are). */
function indexOf(rows: readonly FleetRow[]): Map<string, number> {
  return new Map(rows.map((row, i) => [row.id, i]));
}

export const createFleetSlice =
  (deps: FleetSliceDeps): SliceCreator<FleetSlice> =>
  (set, get) => {
    let index = new Map<string, number>();

    return {
      fleetStatus: 'idle',
      rows: [],
      monitoring: false,
      filter: { text: '', state: 'all' },
      selection: {},

      fleetRequested: async () => {
        if (get().fleetStatus === 'loading') return;
        set({ fleetStatus: get().rows.length > 0 ? 'ready' : 'loading' });
        const result = await deps.api['monitor:snapshot']();
        if (!result.ok) {
          set({ fleetStatus: 'error', fleetError: result.error });
          return;
        }
        const previous = new Map(get().rows.map((row) => [row.id, row]));
        const rows = result.value.devices.map((device) => toRow(device, previous.get(device.deviceId)));
        index = indexOf(rows);
        set({ fleetStatus: 'ready', rows, totals: result.value.totals, monitoring: result.value.running });
      },

      monitoringToggled: async () => {
        const result = await (get().monitoring ? deps.api['monitor:stop']() : deps.api['monitor:start']());
        if (result.ok) set({ monitoring: result.value.running });
        if (result.ok && !result.value.running) {
          set({
            rows: get().rows.map((row) => ({
              ...row,
              state: 'not-watched',
              reason: 'monitoring is stopped',
            })),
          });
        }
      },

      filterChanged: (patch) => set({ filter: { ...get().filter, ...patch } }),
      selectionChanged: (selection) => set({ selection }),
      devicesSelected: (ids) => set({ selection: Object.fromEntries(ids.map((id) => [id, true as const])) }),

      fleetEventsArrived: (events) => {
        let rows: FleetRow[] | undefined;
        let totals = get().totals;
        let selection: Record<string, true> | undefined;
        const writable = (): FleetRow[] => (rows ??= [...get().rows]);
        for (const event of events) {
          if (event.type === 'monitor:diff') {
            totals = event.payload.totals;
            for (const view of event.payload.devices) {
              const at = index.get(view.deviceId);
              const target = writable();
              const row = at === undefined ? undefined : target[at];
              if (at !== undefined && row !== undefined) target[at] = applyView(row, view);
            }
          } else if (event.type === 'fleet:changed') {
            const target = writable();
            for (const device of event.payload.devices) {
              const at = index.get(device.deviceId);
              if (at === undefined) {
                index.set(device.deviceId, target.length);
                target.push(toRow(device));
              } else {
                const row = target[at];
                target[at] = toRow(device, row);
              }
            }
            if (event.payload.removed.length > 0) {
              const gone = new Set(event.payload.removed);
              rows = target.filter((row) => !gone.has(row.id));
              index = indexOf(rows);
              selection = Object.fromEntries(
                Object.entries(get().selection).filter(([id]) => !gone.has(id)),
              ) as Record<string, true>;
            }
          }
        }
        if (rows === undefined && totals === get().totals) return;
        set({
          ...(rows !== undefined ? { rows } : {}),
          ...(totals !== undefined ? { totals } : {}),
          ...(selection !== undefined ? { selection } : {}),
        });
      },
    };
  };
