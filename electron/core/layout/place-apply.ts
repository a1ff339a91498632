/**
 * Keeping the placements a preview allowed (pure, inside the inventory's update): `place` always,
 * `move` and `occupied` only when the user said yes; a slot still held at that moment (its occupant's own
 * move was not accepted) is not taken. A device moved leaves its old slot; an occupant moved out of its
 * slot by `occupied` is unplaced, and its `location` note (which names that slot) is to be removed.
 */
import type { LocationNote, PlacePreviewItem, SiteLayout } from '../../../shared/domain/layout';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { slotKey } from './place-planner';

export interface Kept {
  item: PlacePreviewItem;
  placed: boolean;
  /** Why an allowed item was not kept after all (and the same as a key and values). */
  why?: string;
  whyText?: MessageRef;
}

export interface Displaced {
  deviceId: string;
  address: string;
  slotName: string;
}

const ASKED = new Set(['move', 'occupied']);

export function keepPlacements(
  layout: SiteLayout,
  preview: readonly PlacePreviewItem[],
  acceptMoves: boolean,
  at: string,
): { kept: Kept[]; displaced: Displaced[] } {
  const kept: Kept[] = [];
  const displaced: Displaced[] = [];
  // By device and by slot: a hall of thousands placed in one request stays linear.
  const byDevice = new Map(layout.placements.map((p) => [p.deviceId, p]));
  const bySlot = new Map(layout.placements.map((p) => [slotKey(p), p]));
  for (const item of preview) {
    const allowed = item.outcome === 'place' || (acceptMoves && ASKED.has(item.outcome));
    if (!allowed || item.slotRef === undefined || item.deviceId === undefined) {
      kept.push({ item, placed: false });
      continue;
    }
    const key = slotKey(item.slotRef);
    const held = bySlot.get(key);
    const holder = held !== undefined && held.deviceId !== item.deviceId ? held : undefined;
    if (holder !== undefined && !acceptMoves) {
      const slot = item.slotName ?? item.slot;
      const whyText = message('outcomes.place.stillHeld', { slot });
      kept.push({ item, placed: false, why: `${slot} still holds another device.`, whyText });
      continue;
    }
    if (holder !== undefined) {
      displaced.push({
        deviceId: holder.deviceId,
        address: item.occupant?.deviceId === holder.deviceId ? item.occupant.address : holder.deviceId,
        slotName: item.slotName ?? item.slot,
      });
      byDevice.delete(holder.deviceId);
    }
    const before = byDevice.get(item.deviceId);
    if (before !== undefined) bySlot.delete(slotKey(before));
    const placement = { ...item.slotRef, deviceId: item.deviceId, placedAt: at };
    byDevice.set(item.deviceId, placement);
    bySlot.set(key, placement);
    kept.push({ item, placed: true });
  }
  layout.placements = [...byDevice.values()];
  // A displaced device placed again later in the same request is not displaced after all.
  return { kept, displaced: displaced.filter((d) => !byDevice.has(d.deviceId)) };
}

/** Keeps what was last read of these devices' `location` notes (one per device, the newest). */
export function keepNotes(layout: SiteLayout, notes: readonly LocationNote[]): void {
  const byDevice = new Map(layout.notes.map((n) => [n.deviceId, n]));
  for (const note of notes) {
    const known = byDevice.get(note.deviceId);
    if (known === undefined || known.readAt <= note.readAt) byDevice.set(note.deviceId, { ...note });
  }
  layout.notes = [...byDevice.values()];
}
