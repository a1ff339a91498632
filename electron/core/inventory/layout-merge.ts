/**
 * A site export's layout (issue 34) merged into this site's, told in words as every merge is
 * (merge.ts): racks are matched by area and name — a rack only the file has is added, a rack of another
 * size keeps the larger grid (so every device either side placed still fits) and is reported; the slot
 * pattern is ours (reported when the file's differs); placements are matched by device — a device placed
 * only in the file takes the file's slot when it is free here, a device placed elsewhere here keeps ours
 * (reported), a slot the file fills that holds another device here keeps ours (reported). The devices'
 * last-read `location` notes: the newer read wins.
 */
import { randomBytes } from 'node:crypto';
import type { MergeConflict } from '../../../shared/domain/inventory';
import type { Rack, SiteLayout } from '../../../shared/domain/layout';
import { siteLayoutSchema } from '../../../shared/domain/layout';
import { slotName, slotPatternProblem } from '../../../shared/format/slot-name';
import type { Inventory } from './schema';
import { ensureLayout, layoutOf } from './site-layouts';

export const exportedLayoutSchema = siteLayoutSchema.omit({ siteId: true });
export type ExportedLayout = Omit<SiteLayout, 'siteId'>;

export function exportedLayout(inventory: Inventory, siteId: string): ExportedLayout | undefined {
  const layout = layoutOf(inventory, siteId);
  if (layout === undefined) return undefined;
  const { siteId: _siteId, ...rest } = structuredClone(layout);
  return rest;
}

const rackKey = (rack: Pick<Rack, 'area' | 'name'>): string =>
  `${rack.area.toLowerCase()}\n${rack.name.toLowerCase()}`;
const size = (rack: Rack): string => `${rack.shelves} × ${rack.positions}`;
const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

/** The file's racks into ours; answers the file's rack id → ours. */
function mergeRacks(
  ours: SiteLayout,
  theirs: ExportedLayout,
  conflicts: MergeConflict[],
): Map<string, string> {
  const byKey = new Map(ours.racks.map((rack) => [rackKey(rack), rack]));
  const ids = new Map<string, string>();
  for (const rack of theirs.racks) {
    const known = byKey.get(rackKey(rack));
    if (known === undefined) {
      const id = ours.racks.some((r) => r.id === rack.id)
        ? `rack-${randomBytes(6).toString('hex')}`
        : rack.id;
      const added = { ...rack, id };
      ours.racks.push(added);
      byKey.set(rackKey(rack), added);
      ids.set(rack.id, id);
      continue;
    }
    ids.set(rack.id, known.id);
    if (known.shelves === rack.shelves && known.positions === rack.positions) continue;
    const name = `${known.area} / ${known.name}`;
    const before = size(known);
    known.shelves = Math.max(known.shelves, rack.shelves);
    known.positions = Math.max(known.positions, rack.positions);
    conflicts.push({
      deviceId: name,
      address: name,
      field: 'rack',
      local: before,
      incoming: size(rack),
      kept: 'both',
    });
  }
  ours.areas = [...new Set([...ours.areas, ...ours.racks.map((r) => r.area)])];
  return ids;
}

export function mergeLayout(
  inventory: Inventory,
  siteId: string,
  theirs: ExportedLayout | undefined,
  now: Date,
): MergeConflict[] {
  if (theirs === undefined) return [];
  const conflicts: MergeConflict[] = [];
  const fresh = layoutOf(inventory, siteId) === undefined;
  const ours = ensureLayout(inventory, siteId, now);
  // A pattern that cannot name slots (a hand-edited file) is not taken: ours (the default) stays.
  if (fresh && slotPatternProblem(theirs.slotPattern) === undefined) ours.slotPattern = theirs.slotPattern;
  else if (theirs.slotPattern !== ours.slotPattern) {
    conflicts.push({
      deviceId: 'slot pattern',
      address: 'slot pattern',
      field: 'rack',
      local: ours.slotPattern,
      incoming: theirs.slotPattern,
      kept: 'local',
    });
  }
  const ids = mergeRacks(ours, theirs, conflicts);
  const devices = new Map(inventory.devices.filter((d) => d.siteId === siteId).map((d) => [d.id, d]));
  const racks = new Map(ours.racks.map((r) => [r.id, r]));
  const nameOf = (p: { rackId: string; shelf: number; position: number }): string => {
    const rack = racks.get(p.rackId);
    return rack === undefined
      ? ''
      : slotName(ours.slotPattern, {
          area: rack.area,
          rack: rack.name,
          shelf: p.shelf,
          position: p.position,
        });
  };
  for (const placement of theirs.placements) {
    const device = devices.get(placement.deviceId);
    const rackId = ids.get(placement.rackId);
    const rack = racks.get(rackId ?? '');
    // A device not in this site (held back, or not in the file) or a slot outside its rack: nothing to place.
    if (device === undefined || rack === undefined || rackId === undefined) continue;
    if (placement.shelf > rack.shelves || placement.position > rack.positions) continue;
    const asked = { ...placement, rackId };
    const mine = ours.placements.find((p) => p.deviceId === placement.deviceId);
    const holder = ours.placements.find(
      (p) => p.rackId === rackId && p.shelf === asked.shelf && p.position === asked.position,
    );
    if (mine !== undefined && mine === holder) continue;
    if (mine !== undefined || holder !== undefined) {
      const local =
        mine !== undefined
          ? nameOf(mine)
          : `no slot (${nameOf(asked)} holds ${hostOf(devices.get(holder?.deviceId ?? '')?.address ?? holder?.deviceId ?? '')})`;
      conflicts.push({
        deviceId: device.id,
        address: device.address,
        field: 'location',
        local,
        incoming: nameOf(asked),
        kept: 'local',
      });
      continue;
    }
    ours.placements.push(asked);
  }
  const notes = new Map(ours.notes.map((n) => [n.deviceId, n]));
  for (const note of theirs.notes) {
    const known = notes.get(note.deviceId);
    if (devices.has(note.deviceId) && (known === undefined || known.readAt < note.readAt))
      notes.set(note.deviceId, note);
  }
  ours.notes = [...notes.values()];
  if (theirs.updatedAt > ours.updatedAt) ours.updatedAt = theirs.updatedAt;
  return conflicts;
}
