/**
 * The site's layout as the window reads it (issue 34): racks grouped by area in the site's order, each
 * rack's slots by shelf and position with the device placed there, every slot's name from the site's
 * pattern, and each placed device's location for the fleet table (its slot's name, a key that sorts
 * slots as they stand — area, rack, shelf, position — and its area and rack for the filter). Pure; only
 * types come from shared/domain/layout.ts (its zod stays in main), the names from the zod-free
 * shared/format/slot-name.ts.
 */
import type { Rack, SiteLayout } from '../../../shared/domain/layout';
import { slotName } from '../../../shared/format/slot-name';

export interface RowLocation {
  /** The slot's name (`C2-R07-S3-P2`). */
  slot: string;
  /** Sorts slots in the order they stand: area, rack, shelf, position. */
  key: string;
  area: string;
  rackId: string;
  rack: string;
}

export interface AreaGroup {
  area: string;
  racks: Rack[];
}

/** Racks by area: the areas in the site's order, then any area a rack names that the list lacks. */
export function racksByArea(layout: Pick<SiteLayout, 'areas' | 'racks'>): AreaGroup[] {
  const groups = new Map<string, Rack[]>(layout.areas.map((area) => [area, []]));
  for (const rack of layout.racks) {
    const list = groups.get(rack.area);
    if (list === undefined) groups.set(rack.area, [rack]);
    else list.push(rack);
  }
  return [...groups].map(([area, racks]) => ({ area, racks }));
}

/** `shelf:position` of a slot in its rack. */
export const slotKey = (shelf: number, position: number): string => `${shelf}:${position}`;

/** By rack id: the device id in each occupied slot (`slotKey`). */
export function devicesBySlot(layout: Pick<SiteLayout, 'placements'>): Map<string, Map<string, string>> {
  const byRack = new Map<string, Map<string, string>>();
  for (const p of layout.placements) {
    let slots = byRack.get(p.rackId);
    if (slots === undefined) byRack.set(p.rackId, (slots = new Map()));
    slots.set(slotKey(p.shelf, p.position), p.deviceId);
  }
  return byRack;
}

/** A slot's name in this layout. */
export const nameOfSlot = (pattern: string, rack: Rack, shelf: number, position: number): string =>
  slotName(pattern, { area: rack.area, rack: rack.name, shelf, position });

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** By device id: where each placed device stands. */
export function locationsOf(layout: SiteLayout): Record<string, RowLocation> {
  const racks = new Map<string, { rack: Rack; order: number }>();
  racksByArea(layout)
    .flatMap((group) => group.racks)
    .forEach((rack, order) => racks.set(rack.id, { rack, order }));
  const out: Record<string, RowLocation> = {};
  for (const p of layout.placements) {
    const found = racks.get(p.rackId);
    if (found === undefined) continue;
    const { rack, order } = found;
    out[p.deviceId] = {
      slot: nameOfSlot(layout.slotPattern, rack, p.shelf, p.position),
      key: `${pad(order, 5)}.${pad(p.shelf, 2)}.${pad(p.position, 2)}`,
      area: rack.area,
      rackId: rack.id,
      rack: rack.name,
    };
  }
  return out;
}

/** The fleet's "where" filter: every device, one area, one rack, or the devices in no slot. */
export type PlaceFilter = '' | 'unplaced' | `area:${string}` | `rack:${string}`;

export function matchesPlace(location: RowLocation | undefined, place: PlaceFilter): boolean {
  if (place === '') return true;
  if (place === 'unplaced') return location === undefined;
  if (location === undefined) return false;
  if (place.startsWith('area:')) return location.area === place.slice(5);
  return location.rackId === place.slice(5);
}

/** Whether a rack is shown under the "where" filter (the map hides the racks the filter leaves out). */
export function rackShown(rack: Rack, place: PlaceFilter): boolean {
  if (place === '' || place === 'unplaced') return true;
  return place.startsWith('area:') ? rack.area === place.slice(5) : rack.id === place.slice(5);
}
