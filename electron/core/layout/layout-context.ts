/**
 * A site's layout as one request sees it, from one load of the inventory: the layout (an empty one with
 * the default pattern for a site that has none yet), its slots by name, the devices its labels may name,
 * and the view the window and the CLI are given.
 */
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { SiteLayout, SlotRef } from '../../../shared/domain/layout';
import { emptySiteLayout } from '../../../shared/domain/layout';
import type { LayoutView } from '../../../shared/ipc/channels/layout';
import { devicesOf } from '../inventory/devices';
import type { Inventory } from '../inventory/schema';
import { layoutOf } from '../inventory/site-layouts';
import { hostOf } from './label-match';
import type { PlanContext } from './place-planner';
import { slotKey } from './place-planner';
import type { SlotIndex } from './slot-index';
import { indexSlots } from './slot-index';

export interface SiteLayoutContext extends PlanContext {
  site: Site;
  devices: InventoryDevice[];
  addressOf(deviceId: string): string;
  /** The name of the slot a device stands in. */
  slotOfDevice(deviceId: string): string | undefined;
  /** The address of the device in a slot. */
  occupantOf(ref: SlotRef): string | undefined;
}

export function layoutContext(
  inventory: Inventory,
  site: Site,
  now: Date,
  source: PlanContext['source'] = 'request',
  layout: SiteLayout = layoutOf(inventory, site.id) ?? emptySiteLayout(site.id, now.toISOString()),
): SiteLayoutContext {
  const devices = devicesOf(inventory, site.id);
  const names = new Map(inventory.sites.map((s) => [s.id, s.name]));
  const elsewhere = inventory.devices
    .filter((d) => d.siteId !== site.id)
    .map((device) => ({ device, siteName: names.get(device.siteId) ?? device.siteId }));
  const slots: SlotIndex = indexSlots(layout);
  const addresses = new Map(devices.map((d) => [d.id, hostOf(d.address)]));
  const byDevice = new Map(layout.placements.map((p) => [p.deviceId, p]));
  const bySlot = new Map(layout.placements.map((p) => [slotKey(p), p.deviceId]));
  const addressOf = (id: string): string => addresses.get(id) ?? id;
  return {
    siteName: site.name,
    site,
    layout,
    slots,
    devices,
    scope: { devices, elsewhere },
    source,
    addressOf,
    slotOfDevice(deviceId) {
      const placed = byDevice.get(deviceId);
      return placed === undefined ? undefined : slots.nameOf(placed);
    },
    occupantOf(ref) {
      const id = bySlot.get(slotKey(ref));
      return id === undefined ? undefined : addressOf(id);
    },
  };
}

/** The layout as the window shows it: the site's devices in no slot, in the fleet's order. */
export function layoutView(ctx: Pick<SiteLayoutContext, 'layout' | 'site' | 'devices'>): LayoutView {
  const placed = new Set(ctx.layout.placements.map((p) => p.deviceId));
  return {
    layout: structuredClone(ctx.layout),
    siteName: ctx.site.name,
    unplaced: ctx.devices.filter((d) => !placed.has(d.id)).map((d) => d.id),
  };
}
