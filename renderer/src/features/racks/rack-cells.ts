/**
 * Every shown rack's slots as the map draws them: per rack, the device id in each slot (shelf by shelf,
 * position by position) and one string of look codes (slot-looks.ts), upper case where the fleet's
 * filters leave the device out (drawn faded). A rack whose string did not change is not drawn again
 * (rack-grid.tsx): with 2,000 devices updating twice a second, only the racks where a slot changed look
 * are. Pure.
 */
import type { AcceptancePhase } from '../../../../shared/domain/acceptance';
import type { Rack, SiteLayout } from '../../../../shared/domain/layout';
import type { DeviceDrift } from '../../../../shared/domain/standard';
import type { AreaGroup, PlaceFilter } from '../../lib/rack-layout';
import { devicesBySlot, racksByArea, rackShown, slotKey } from '../../lib/rack-layout';
import type { KnownVerdict } from '../../stores/acceptance-slice';
import type { FleetRow } from '../../stores/fleet-rows';
import { LOOK_CODES, slotLookOf } from './slot-looks';

export interface RackCells {
  rack: Rack;
  /** Per slot, shelf-major: the device placed there. */
  ids: readonly (string | undefined)[];
  /** Per slot: its look's code, upper case when the filters leave its device out. */
  codes: string;
  placed: number;
}

export interface AreaCells {
  area: string;
  racks: RackCells[];
}

export interface MapInputs {
  layout: SiteLayout;
  rows: readonly FleetRow[];
  /** The rows the fleet's filters keep. */
  shown: readonly FleetRow[];
  place: PlaceFilter;
  drift: Readonly<Record<string, DeviceDrift>>;
  verdicts: Readonly<Record<string, Pick<KnownVerdict, 'verdict'>>>;
  phases: Readonly<Record<string, Pick<AcceptancePhase, 'phase'>>>;
}

/** Each rack's device ids, shelf-major; made once per layout (the map re-reads looks far more often). */
export function rackSlots(layout: SiteLayout): {
  groups: AreaGroup[];
  ids: Map<string, (string | undefined)[]>;
} {
  const bySlot = devicesBySlot(layout);
  const ids = new Map<string, (string | undefined)[]>();
  for (const rack of layout.racks) {
    const slots = bySlot.get(rack.id);
    const list: (string | undefined)[] = [];
    for (let shelf = 1; shelf <= rack.shelves; shelf += 1) {
      for (let position = 1; position <= rack.positions; position += 1) {
        list.push(slots?.get(slotKey(shelf, position)));
      }
    }
    ids.set(rack.id, list);
  }
  return { groups: racksByArea(layout), ids };
}

/** The areas and racks shown (the "where" filter), each slot's look. */
export function mapCells(inputs: MapInputs, slots = rackSlots(inputs.layout)): AreaCells[] {
  const byId = new Map(inputs.rows.map((row) => [row.id, row]));
  const kept = new Set(inputs.shown.map((row) => row.id));
  const codeOf = (id: string | undefined): string => {
    if (id === undefined) return LOOK_CODES.empty;
    const row = byId.get(id);
    const code =
      row === undefined
        ? LOOK_CODES.idle
        : LOOK_CODES[
            slotLookOf(row, {
              drift: inputs.drift[id],
              verdict: inputs.verdicts[id],
              phase: inputs.phases[id],
            })
          ];
    return kept.has(id) ? code : code.toUpperCase();
  };
  return slots.groups
    .map((group) => ({
      area: group.area,
      racks: group.racks
        .filter((rack) => rackShown(rack, inputs.place))
        .map((rack): RackCells => {
          const ids = slots.ids.get(rack.id) ?? [];
          return {
            rack,
            ids,
            codes: ids.map(codeOf).join(''),
            placed: ids.filter((id) => id !== undefined).length,
          };
        }),
    }))
    .filter((group) => group.racks.length > 0);
}
