/**
 * A site's slots by name, over the site's pattern (shared/format/slot-name.ts): what a typed or scanned
 * slot label is, and the name of a slot clicked on the map. Names compare case-insensitively (a label
 * printed `c2-r07-s3-p2` is the same slot), so a pattern that would give two slots one name — in any case
 * — is refused: every label must lead to one slot.
 */
import type { Rack, SiteLayout, SlotRef } from '../../../shared/domain/layout';
import { slotName, slotPatternProblem } from '../../../shared/format/slot-name';

export interface IndexedSlot {
  ref: SlotRef;
  name: string;
  rack: Rack;
}

export interface SlotIndex {
  /** The slot a name (any case) is, or undefined. */
  find(name: string): IndexedSlot | undefined;
  /** A slot's name; undefined when its rack is gone or the slot is outside its grid. */
  nameOf(ref: SlotRef): string | undefined;
  rackOf(rackId: string): Rack | undefined;
}

export const rackSlotName = (pattern: string, rack: Rack, shelf: number, position: number): string =>
  slotName(pattern, { area: rack.area, rack: rack.name, shelf, position });

const key = (name: string): string => name.trim().toLowerCase();

/**
 * Every slot of these racks by name, or the first two slots that share one (`clash`). Built per request:
 * a real site has thousands of slots, not millions.
 */
function buildNames(
  pattern: string,
  racks: readonly Rack[],
): { names: Map<string, IndexedSlot>; clash?: [IndexedSlot, IndexedSlot] } {
  const names = new Map<string, IndexedSlot>();
  for (const rack of racks) {
    for (let shelf = 1; shelf <= rack.shelves; shelf += 1) {
      for (let position = 1; position <= rack.positions; position += 1) {
        const slot = {
          ref: { rackId: rack.id, shelf, position },
          name: rackSlotName(pattern, rack, shelf, position),
          rack,
        };
        const before = names.get(key(slot.name));
        if (before !== undefined) return { names, clash: [before, slot] };
        names.set(key(slot.name), slot);
      }
    }
  }
  return { names };
}

export function indexSlots(layout: Pick<SiteLayout, 'slotPattern' | 'racks'>): SlotIndex {
  const { names } = buildNames(layout.slotPattern, layout.racks);
  const racks = new Map(layout.racks.map((rack) => [rack.id, rack]));
  return {
    find: (name) => names.get(key(name)),
    nameOf(ref) {
      const rack = racks.get(ref.rackId);
      if (rack === undefined || ref.shelf > rack.shelves || ref.position > rack.positions) return undefined;
      return rackSlotName(layout.slotPattern, rack, ref.shelf, ref.position);
    },
    rackOf: (rackId) => racks.get(rackId),
  };
}

const whereIs = (slot: IndexedSlot): string =>
  `${slot.rack.area} / ${slot.rack.name} shelf ${slot.ref.shelf} position ${slot.ref.position}`;

/**
 * Why this pattern cannot name these racks' slots, in words, or undefined: the pattern's own rules, then
 * two slots it would name alike (`{rack}{shelf}{position}` names shelf 1 position 11 and shelf 11
 * position 1 both `R1111`; a pattern without `{area}` names two racks R01 in two areas alike).
 */
export function patternProblem(pattern: string, racks: readonly Rack[]): string | undefined {
  const own = slotPatternProblem(pattern);
  if (own !== undefined) return own;
  const { clash } = buildNames(pattern, racks);
  if (clash === undefined) return undefined;
  const [a, b] = clash;
  return `the slot pattern "${pattern}" names two slots "${b.name}" (${whereIs(a)}, and ${whereIs(b)}): every slot needs its own name`;
}
