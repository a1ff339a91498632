/**
 * Where a site's layout (issue 34: racks, slots, placements, the devices' `location` notes) is kept in the
 * inventory, and how it follows its devices: a device forgotten leaves its slot, a planned device
 * identified by its MAC keeps its slot under its new id, a site deleted takes its layout with it. Pure
 * functions over an inventory draft, run inside `store.update`; the layout's rules are in core/layout/.
 */
import type { SiteLayout } from '../../../shared/domain/layout';
import { emptySiteLayout } from '../../../shared/domain/layout';
import type { Inventory } from './schema';

export const layoutOf = (inventory: Inventory, siteId: string): SiteLayout | undefined =>
  inventory.layouts.find((layout) => layout.siteId === siteId);

/** The site's layout, made empty (the default slot pattern) the first time it is needed. */
export function ensureLayout(inventory: Inventory, siteId: string, now: Date): SiteLayout {
  const known = layoutOf(inventory, siteId);
  if (known !== undefined) return known;
  const layout = emptySiteLayout(siteId, now.toISOString());
  inventory.layouts.push(layout);
  return layout;
}

/** These devices leave their slots and their kept notes are forgotten (the devices left the site). */
export function forgetPlacements(inventory: Inventory, siteId: string, deviceIds: ReadonlySet<string>): void {
  const layout = layoutOf(inventory, siteId);
  if (layout === undefined) return;
  layout.placements = layout.placements.filter((p) => !deviceIds.has(p.deviceId));
  layout.notes = layout.notes.filter((n) => !deviceIds.has(n.deviceId));
}

/** A planned device known by its address became a MAC-identified one: its slot and note follow it. */
export function renamePlacements(inventory: Inventory, siteId: string, from: string, to: string): void {
  const layout = layoutOf(inventory, siteId);
  if (layout === undefined) return;
  // One slot per device: a slot the new id already has stays (a layout cannot place a device twice).
  if (!layout.placements.some((p) => p.deviceId === to)) {
    for (const placement of layout.placements) if (placement.deviceId === from) placement.deviceId = to;
  }
  if (!layout.notes.some((n) => n.deviceId === to)) {
    for (const note of layout.notes) if (note.deviceId === from) note.deviceId = to;
  }
  layout.placements = layout.placements.filter((p) => p.deviceId !== from);
  layout.notes = layout.notes.filter((n) => n.deviceId !== from);
}

export function dropLayout(inventory: Inventory, siteId: string): void {
  inventory.layouts = inventory.layouts.filter((layout) => layout.siteId !== siteId);
}
