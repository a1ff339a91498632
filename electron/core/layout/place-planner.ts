/**
 * What placing devices in slots would do, before anything is kept or written (the preview): each asked
 * placement gets one outcome of PLACE_OUTCOMES and the words the window and the CLI show. Nothing is
 * placed silently: a device in two slots or two devices in one slot of the same request are refused
 * (`duplicate`, naming the lines), a slot that holds another device and a device that stands elsewhere are
 * asked about (`occupied`, `move`), a label that is no device or two devices, or a device of another site,
 * is refused in words.
 */
import type { InventoryDevice } from '../../../shared/domain/inventory';
import type {
  PlaceItem,
  PlacePreviewItem,
  Placement,
  SiteLayout,
  SlotRef,
} from '../../../shared/domain/layout';
import { message } from '../../../shared/i18n/message';
import type { LabelScope } from './label-match';
import { devicesMatching, hostOf } from './label-match';
import type { SlotIndex } from './slot-index';

export interface PlanContext {
  siteName: string;
  layout: SiteLayout;
  slots: SlotIndex;
  scope: LabelScope;
  /** Who asked, for the duplicate's words: a CSV file (its lines) or a request (its items). */
  source: 'file' | 'request';
}

export type PlanItem = PlaceItem & { line?: number };

type Resolved = PlacePreviewItem & { device?: string };

export const slotKey = (ref: SlotRef): string => `${ref.rackId}/${ref.shelf}/${ref.position}`;

const slotLabel = (slot: PlaceItem['slot']): string =>
  typeof slot === 'string' ? slot : `${slot.rackId} shelf ${slot.shelf} position ${slot.position}`;

function resolveDevice(item: Resolved, ctx: PlanContext): InventoryDevice | undefined {
  const found = devicesMatching(item.device, ctx.scope.devices);
  if (found.length > 1) {
    item.outcome = 'ambiguous-device';
    item.candidates = found.map((d) => ({ deviceId: d.id, address: hostOf(d.address) }));
    const addresses = found.map((d) => hostOf(d.address)).join(', ');
    item.message = `${item.device} matches ${found.length} devices (${addresses}): scan another label of it.`;
    item.text = message('outcomes.place.ambiguous', { device: item.device, count: found.length, addresses });
    return undefined;
  }
  if (found[0] !== undefined) return found[0];
  const other = ctx.scope.elsewhere.find(({ device }) => devicesMatching(item.device, [device]).length > 0);
  item.outcome = other === undefined ? 'unknown-device' : 'not-in-site';
  item.message =
    other === undefined
      ? `${item.device} is no device of ${ctx.siteName}: scan the site, or check the label.`
      : `${item.device} is a device of ${other.siteName}, not of ${ctx.siteName}.`;
  item.text =
    other === undefined
      ? message('outcomes.place.unknownDevice', { device: item.device, site: ctx.siteName })
      : message('outcomes.place.otherSite', {
          device: item.device,
          other: other.siteName,
          site: ctx.siteName,
        });
  return undefined;
}

function resolveSlot(item: Resolved, asked: PlaceItem['slot'], ctx: PlanContext): boolean {
  if (typeof asked === 'string') {
    const slot = ctx.slots.find(asked);
    if (slot !== undefined) {
      item.slotRef = slot.ref;
      item.slotName = slot.name;
      return true;
    }
  } else {
    const name = ctx.slots.nameOf(asked);
    if (name !== undefined) {
      item.slotRef = { ...asked };
      item.slotName = name;
      return true;
    }
  }
  item.outcome = 'unknown-slot';
  item.message = `${slotLabel(asked)} is not a slot of ${ctx.siteName}.`;
  item.text =
    typeof asked === 'string'
      ? message('outcomes.place.unknownSlot', { slot: asked, site: ctx.siteName })
      : message('outcomes.place.unknownSlotAt', { ...asked, site: ctx.siteName });
  return false;
}

/** The lines (or items) a duplicate names, as a message's values. */
const whereValues = (ctx: PlanContext, indices: readonly number[], items: readonly PlanItem[]) => ({
  source: ctx.source,
  lines: indices.map((i) => items[i]?.line ?? i + 1).join(', '),
});

const where = (ctx: PlanContext, indices: readonly number[], items: readonly PlanItem[]): string => {
  const lines = indices.map((i) => items[i]?.line ?? i + 1);
  const listed = `${lines.slice(0, -1).join(', ')} and ${lines.at(-1) ?? ''}`;
  return ctx.source === 'file' ? `lines ${listed}` : `items ${listed}`;
};

/** Marks every item of a device asked twice, or of a slot asked twice, as `duplicate`. */
function refuseDuplicates(ctx: PlanContext, resolved: Resolved[], items: readonly PlanItem[]): void {
  const byDevice = new Map<string, number[]>();
  const bySlot = new Map<string, number[]>();
  resolved.forEach((item, index) => {
    if (item.deviceId !== undefined)
      byDevice.set(item.deviceId, [...(byDevice.get(item.deviceId) ?? []), index]);
    if (item.slotRef !== undefined)
      bySlot.set(slotKey(item.slotRef), [...(bySlot.get(slotKey(item.slotRef)) ?? []), index]);
  });
  const who = ctx.source === 'file' ? 'the file' : 'this request';
  for (const indices of byDevice.values()) {
    if (indices.length < 2) continue;
    for (const index of indices) {
      const item = resolved[index] as Resolved;
      item.outcome = 'duplicate';
      item.message = `${who} places ${item.device} ${indices.length === 2 ? 'twice' : `${indices.length} times`} (${where(ctx, indices, items)}): keep one.`;
      item.text = message('outcomes.place.deviceTwice', {
        ...whereValues(ctx, indices, items),
        device: item.device,
        times: indices.length,
      });
    }
  }
  for (const indices of bySlot.values()) {
    if (indices.length < 2) continue;
    for (const index of indices) {
      const item = resolved[index] as Resolved;
      if (item.outcome === 'duplicate') continue;
      item.outcome = 'duplicate';
      item.message = `${who} puts ${indices.length} devices in ${item.slotName ?? item.slot} (${where(ctx, indices, items)}): keep one.`;
      item.text = message('outcomes.place.slotTwice', {
        ...whereValues(ctx, indices, items),
        slot: item.slotName ?? item.slot,
        count: indices.length,
      });
    }
  }
}

/** The outcome of a request item whose device and slot are both known and asked once. */
interface Placed {
  byDevice: ReadonlyMap<string, Placement>;
  bySlot: ReadonlyMap<string, Placement>;
}

function judge(
  item: Resolved,
  ctx: PlanContext,
  leaving: ReadonlySet<string>,
  addressOf: (id: string) => string,
  placed: Placed,
): void {
  const ref = item.slotRef as SlotRef;
  const current = placed.byDevice.get(item.deviceId ?? '');
  const held = placed.bySlot.get(slotKey(ref));
  const occupant = held !== undefined && held.deviceId !== item.deviceId ? held : undefined;
  const from = current === undefined ? undefined : ctx.slots.nameOf(current);
  if (current !== undefined && slotKey(current) === slotKey(ref)) {
    item.outcome = 'already-there';
    item.message = `${item.address} is already in ${item.slotName}.`;
    item.text = message('outcomes.place.alreadyThere', {
      address: item.address ?? '',
      slot: item.slotName ?? '',
    });
    return;
  }
  if (from !== undefined) item.from = from;
  // A device this same request takes elsewhere frees its slot: no question to ask about it.
  if (occupant !== undefined && !leaving.has(occupant.deviceId)) {
    const held = addressOf(occupant.deviceId);
    item.outcome = 'occupied';
    item.occupant = { deviceId: occupant.deviceId, address: held };
    item.message = `${item.slotName} holds ${held} — move ${item.address} here?${from !== undefined ? ` (it leaves ${from})` : ''}`;
    const values = { slot: item.slotName ?? '', held, address: item.address ?? '' };
    item.text =
      from !== undefined
        ? message('outcomes.place.occupiedLeaves', { ...values, from })
        : message('outcomes.place.occupied', values);
    return;
  }
  if (from !== undefined) {
    item.outcome = 'move';
    item.message = `${item.address} is in ${from} — move it to ${item.slotName}?`;
    item.text = message('outcomes.place.move', {
      address: item.address ?? '',
      from,
      slot: item.slotName ?? '',
    });
    return;
  }
  item.outcome = 'place';
  item.message = `${item.address} goes in ${item.slotName}.`;
  item.text = message('outcomes.place.place', { address: item.address ?? '', slot: item.slotName ?? '' });
}

export function planPlacements(ctx: PlanContext, items: readonly PlanItem[]): PlacePreviewItem[] {
  const resolved: Resolved[] = items.map((asked, index) => {
    const item: Resolved = {
      index,
      ...(asked.line !== undefined ? { line: asked.line } : {}),
      device: asked.device,
      slot: slotLabel(asked.slot),
      outcome: 'place',
      message: '',
    };
    const device = resolveDevice(item, ctx);
    if (device !== undefined) {
      item.deviceId = device.id;
      item.address = hostOf(device.address);
      resolveSlot(item, asked.slot, ctx);
    }
    return item;
  });
  refuseDuplicates(ctx, resolved, items);
  const open = resolved.filter((item) => item.message === '');
  const leaving = new Set(open.map((item) => item.deviceId as string));
  const addresses = new Map(ctx.scope.devices.map((d) => [d.id, hostOf(d.address)]));
  const addressOf = (id: string): string => addresses.get(id) ?? id;
  const placed: Placed = {
    byDevice: new Map(ctx.layout.placements.map((p) => [p.deviceId, p])),
    bySlot: new Map(ctx.layout.placements.map((p) => [slotKey(p), p])),
  };
  for (const item of open) judge(item, ctx, leaving, addressOf, placed);
  return resolved;
}
