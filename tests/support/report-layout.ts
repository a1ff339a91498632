/**
 * A site layout for report tests (issue 34): `racks` racks of `shelves` × `positions` in two areas (C1,
 * C2), the devices placed in order rack by rack, slot by slot, but the last `unplaced`, and every
 * `skipEvery`-th slot left empty. Built as the layout service keeps one (shared/domain/layout.ts).
 */
import type { SiteLayout } from '../../shared/domain/layout';
import { DEFAULT_SLOT_PATTERN, siteLayoutSchema } from '../../shared/domain/layout';

export interface FixtureLayoutOptions {
  racks: number;
  shelves?: number;
  positions?: number;
  unplaced?: number;
  /** Leave every n-th slot empty (0: none). */
  skipEvery?: number;
}

export function fixtureLayout(
  siteId: string,
  deviceIds: readonly string[],
  at: string,
  options: FixtureLayoutOptions,
): SiteLayout {
  const { racks: count, shelves = 5, positions = 4, unplaced = 0, skipEvery = 0 } = options;
  const racks = Array.from({ length: count }, (_, r) => ({
    id: `rack-${r + 1}`,
    area: r < count / 2 ? 'C1' : 'C2',
    name: `R${String(r + 1).padStart(2, '0')}`,
    shelves,
    positions,
  }));
  const slots = racks.flatMap((rack) =>
    Array.from({ length: shelves * positions }, (_, s) => ({
      rackId: rack.id,
      shelf: Math.floor(s / positions) + 1,
      position: (s % positions) + 1,
    })),
  );
  const free = slots.filter((_, s) => skipEvery === 0 || (s + 1) % skipEvery !== 0);
  const placed = deviceIds.slice(0, Math.max(0, deviceIds.length - unplaced));
  const placements = placed.flatMap((deviceId, i) => {
    const slot = free[i];
    return slot === undefined ? [] : [{ ...slot, deviceId, placedAt: at }];
  });
  return siteLayoutSchema.parse({
    siteId,
    slotPattern: DEFAULT_SLOT_PATTERN,
    areas: ['C1', 'C2'],
    racks,
    placements,
    notes: [],
    updatedAt: at,
  });
}
