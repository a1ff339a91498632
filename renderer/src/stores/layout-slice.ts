/**
 * The current site's layout in the window (issue 34; shared/ipc/channels/layout.ts): areas, racks and
 * which device stands in which slot (`layout:get`), read again when main says it changed
 * (`layout:changed`) or the fleet's site switched; each fleet row gets its slot from it
 * (fleet-slice.ts `locationsChanged`). The rack editor's writes: a rack added or edited
 * (`layout:save-rack`), an empty one removed, the site's slot pattern — each answered with main's refusal
 * as it came (rendered in the window's language) and the field it is about when it can tell, so the editor
 * says it at that field.
 */
import type { SlotRef } from '../../../shared/domain/layout';
import type { LayoutView, RackDraft } from '../../../shared/ipc/channels/layout';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { AppError } from '../../../shared/result';
import { locationsOf } from '../lib/rack-layout';
import type { AsyncState } from './async-state';
import { idle } from './async-state';
import type { SliceCreator } from './types';

/** The rack editor's fields, and the slot pattern's. */
export type LayoutField = 'area' | 'name' | 'shelves' | 'positions' | 'pattern';

/** Main's refusal is kept as it came (not as words): the editor says it with `errorText`, in its language. */
export type LayoutAnswer = { ok: true } | { ok: false; error: AppError; field?: LayoutField };

/** A slot clicked on the map, as a placing tool takes it (`slotPicker`). */
export interface PickedSlot extends SlotRef {
  name: string;
  /** The device that stands there now. */
  deviceId?: string;
}

export interface LayoutSlice {
  layoutView: AsyncState<LayoutView>;
  /**
   * While a placing tool waits for a slot (scan to place, walk the hall), a click on the map goes to it
   * instead of opening the device's panel. Set by the tool, cleared (undefined) when it closes.
   */
  slotPicker?: (slot: PickedSlot) => void;
  slotPickerSet: (picker: ((slot: PickedSlot) => void) | undefined) => void;
  layoutRequested: () => Promise<void>;
  /** Adds a rack (no `id`) or edits one: renamed, moved to another area, resized. */
  rackSaved: (rack: RackDraft) => Promise<LayoutAnswer>;
  /** Removes an empty rack (main refuses one that holds a device, naming it). */
  rackRemoved: (rackId: string) => Promise<LayoutAnswer>;
  slotPatternSaved: (pattern: string) => Promise<LayoutAnswer>;
  layoutEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface LayoutSliceDeps {
  api: Pick<Api, 'layout:get' | 'layout:save-rack' | 'layout:remove-rack' | 'layout:set-pattern'>;
}

const FIELDS: readonly LayoutField[] = ['area', 'name', 'shelves', 'positions', 'pattern'];

/**
 * Which field main's refusal is about: `detail.field` when main names it, else the words it uses
 * ("a rack named R07 is already in C2" is about the name; "shelf 5 holds 10.0.0.41" about the shelves).
 */
export function fieldOfError(error: AppError, asked: LayoutField): LayoutField | undefined {
  const named = error.detail?.['field'];
  if (typeof named === 'string' && (FIELDS as readonly string[]).includes(named)) return named as LayoutField;
  if (asked === 'pattern') return 'pattern';
  const text = error.message.toLowerCase();
  if (/\bshel(f|ves)\b/.test(text)) return 'shelves';
  if (/\bpositions?\b/.test(text)) return 'positions';
  if (/\bname|named|called\b/.test(text)) return 'name';
  if (/\barea\b/.test(text)) return 'area';
  return undefined;
}

export const createLayoutSlice =
  (deps: LayoutSliceDeps): SliceCreator<LayoutSlice> =>
  (set, get) => {
    /** A reload asked while one runs: run once more after it (the newest layout wins). */
    let again = false;
    let running = false;

    const shown = (view: LayoutView): void => {
      set({ layoutView: { status: 'ready', value: view } });
      get().locationsChanged(locationsOf(view.layout));
    };

    const write = async (
      asked: LayoutField,
      call: () => ReturnType<LayoutSliceDeps['api']['layout:get']>,
    ): Promise<LayoutAnswer> => {
      const result = await call();
      if (!result.ok) {
        const field = fieldOfError(result.error, asked);
        return { ok: false, error: result.error, ...(field !== undefined ? { field } : {}) };
      }
      shown(result.value);
      return { ok: true };
    };

    const currentSiteId = (): string | undefined => {
      const sites = get().sites;
      return sites.status === 'ready' ? (sites.value.currentSiteId ?? undefined) : undefined;
    };

    return {
      layoutView: idle,
      slotPickerSet: (picker) => set({ slotPicker: picker }),

      layoutRequested: async () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          do {
            again = false;
            if (get().layoutView.status !== 'ready') set({ layoutView: { status: 'loading' } });
            const result = await deps.api['layout:get']({});
            if (result.ok) shown(result.value);
            else set({ layoutView: { status: 'error', error: result.error } });
          } while (again);
        } finally {
          running = false;
        }
      },

      rackSaved: (rack) =>
        write(rack.id === undefined ? 'name' : 'shelves', () => deps.api['layout:save-rack']({ rack })),
      rackRemoved: (rackId) => write('name', () => deps.api['layout:remove-rack']({ rackId })),
      slotPatternSaved: (pattern) => write('pattern', () => deps.api['layout:set-pattern']({ pattern })),

      layoutEventsArrived: (events) => {
        const view = get().layoutView;
        const loadedSite = view.status === 'ready' ? view.value.layout.siteId : undefined;
        const reload = events.some((event) => {
          if (event.type === 'layout:changed') {
            return loadedSite === undefined || event.payload.siteId === loadedSite;
          }
          // The fleet's site switched: its layout is another.
          return event.type === 'fleet:changed' && loadedSite !== undefined && currentSiteId() !== loadedSite;
        });
        if (reload) void get().layoutRequested();
      },
    };
  };
