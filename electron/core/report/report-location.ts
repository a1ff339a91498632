/**
 * Where each device of the report stands (issue 34): its area, rack and slot from the site's layout, and
 * the site's racks in the layout's order for the report's rack maps. A device with no placement, or one
 * in a rack the layout no longer has, is unplaced (all null): the report lists it last, in its own group.
 */
import type { SiteLayout } from '../../../shared/domain/layout';
import type { ReportDevice, ReportRack } from '../../../shared/domain/report';
import { slotName } from '../../../shared/format/slot-name';

export type ReportLocation = Pick<ReportDevice, 'area' | 'rack' | 'slot' | 'shelf' | 'position'>;

export const UNPLACED: Required<ReportLocation> = {
  area: null,
  rack: null,
  slot: null,
  shelf: null,
  position: null,
};

/** The racks in the order the site lists its areas (a rack of an unlisted area last), then as kept. */
export function reportRacksOf(layout: SiteLayout | undefined): ReportRack[] {
  if (layout === undefined) return [];
  const areaOrder = (area: string): number => {
    const at = layout.areas.indexOf(area);
    return at === -1 ? layout.areas.length : at;
  };
  return layout.racks
    .map((rack, index) => ({ rack, index }))
    .sort((a, b) => areaOrder(a.rack.area) - areaOrder(b.rack.area) || a.index - b.index)
    .map(({ rack }) => ({
      area: rack.area,
      name: rack.name,
      shelves: rack.shelves,
      positions: rack.positions,
    }));
}

/** Each placed device's location by device id, the slot named by the site's pattern. */
export function reportLocationsOf(layout: SiteLayout | undefined): Map<string, Required<ReportLocation>> {
  const locations = new Map<string, Required<ReportLocation>>();
  if (layout === undefined) return locations;
  const racks = new Map(layout.racks.map((rack) => [rack.id, rack]));
  for (const placement of layout.placements) {
    const rack = racks.get(placement.rackId);
    if (rack === undefined) continue;
    const { shelf, position } = placement;
    locations.set(placement.deviceId, {
      area: rack.area,
      rack: rack.name,
      slot: slotName(layout.slotPattern, { area: rack.area, rack: rack.name, shelf, position }),
      shelf,
      position,
    });
  }
  return locations;
}
