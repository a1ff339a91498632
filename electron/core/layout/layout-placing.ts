/**
 * Placing devices and taking them out (issue 34): the placements the preview allows are kept in one
 * inventory update, then each placed device's `location` note is written (each once, 8 at a time, read
 * back), a device pushed out of its slot has Minerdeck's note removed, what the notes say now is kept,
 * and the request's one activity entry is appended. `layout:changed` is told after each update.
 */
import type { PlaceResultItem, SiteLayout } from '../../../shared/domain/layout';
import type { PlaceOutput } from '../../../shared/ipc/channels/layout';
import { locationNoteValue } from '../../../shared/format/slot-name';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import { appendActivity, newActivityId } from '../inventory/activity';
import type { Inventory } from '../inventory/schema';
import { ensureLayout, layoutOf } from '../inventory/site-layouts';
import { resolveSite } from '../inventory/sites';
import type { InventoryStore } from '../inventory/store';
import type { SiteLayoutContext } from './layout-context';
import { layoutContext } from './layout-context';
import type { LocationNotes } from './location-notes-port';
import type { NoteDone, NoteJob } from './note-writes';
import { noteActivity, noteWords, placeSummary, runNoteJobs } from './note-writes';
import type { Kept } from './place-apply';
import { keepNotes, keepPlacements } from './place-apply';
import type { PlanItem } from './place-planner';
import { planPlacements } from './place-planner';

export interface PlacingDeps {
  store: InventoryStore;
  notes: LocationNotes;
  /** Tells the window the site's layout changed. */
  changed(siteId: string): void;
  now(): Date;
  /** This laptop's name: it signs the activity entry. */
  laptop: string;
}

interface Planned {
  siteId: string;
  kept: Kept[];
  jobs: NoteJob[];
}

/** The device's canonical address (`http://host:port`), where its notes API answers. */
const targetOf = (ctx: SiteLayoutContext, deviceId: string): { deviceId: string; address: string } => ({
  deviceId,
  address: ctx.devices.find((d) => d.id === deviceId)?.address ?? deviceId,
});

function keepInInventory(
  inventory: Inventory,
  siteRef: string | undefined,
  items: readonly PlanItem[],
  acceptMoves: boolean,
  now: Date,
): Result<Planned> {
  const site = resolveSite(inventory, siteRef);
  if (!site.ok) return site;
  const ctx = layoutContext(
    inventory,
    site.value,
    now,
    items.some((i) => i.line !== undefined) ? 'file' : 'request',
  );
  const preview = planPlacements(ctx, items);
  const at = now.toISOString();
  const { kept, displaced } = keepPlacements(ctx.layout, preview, acceptMoves, at);
  const jobs: NoteJob[] = [];
  if (kept.some((k) => k.placed) || displaced.length > 0) {
    if (layoutOf(inventory, site.value.id) === undefined) inventory.layouts.push(ctx.layout);
    ctx.layout.updatedAt = at;
  }
  for (const k of kept) {
    if (!k.placed || k.item.deviceId === undefined) continue;
    const value = locationNoteValue(site.value.name, k.item.slotName ?? k.item.slot);
    jobs.push({ target: targetOf(ctx, k.item.deviceId), kind: 'write', value });
  }
  for (const d of displaced) {
    const value = locationNoteValue(site.value.name, d.slotName);
    jobs.push({ target: targetOf(ctx, d.deviceId), kind: 'remove', value });
  }
  return ok({ siteId: site.value.id, kept, jobs });
}

/** Keeps what the notes say now and appends the request's one activity entry. */
async function recordWrites(
  deps: PlacingDeps,
  siteId: string,
  what: string,
  done: readonly NoteDone[],
): Promise<string | undefined> {
  if (done.length === 0) return undefined;
  const now = deps.now();
  const entry = noteActivity(siteId, now.toISOString(), what, done);
  const read = done.flatMap((d) => {
    if (d.note !== undefined) return [d.note];
    if (d.job.kind === 'remove' && d.outcome === 'written') {
      return [{ deviceId: d.job.target.deviceId, state: 'absent' as const, readAt: now.toISOString() }];
    }
    return [];
  });
  const recorded = await deps.store.update((inventory) => {
    keepNotes(ensureLayout(inventory, siteId, now), read);
    if (entry !== undefined) appendActivity(inventory, { ...entry, id: newActivityId(now), by: deps.laptop });
    return ok(undefined);
  });
  deps.changed(siteId);
  return recorded.ok ? undefined : `The activity log could not be written: ${recorded.error.message}`;
}

function results(kept: readonly Kept[], done: readonly NoteDone[]): PlaceResultItem[] {
  const writes = new Map(done.filter((d) => d.job.kind === 'write').map((d) => [d.job.target.deviceId, d]));
  return kept.map(({ item, placed, why, whyText }) => {
    const note = placed && item.deviceId !== undefined ? writes.get(item.deviceId) : undefined;
    return {
      ...item,
      ...(why !== undefined ? { message: why, ...(whyText !== undefined ? { text: whyText } : {}) } : {}),
      placed,
      note: note?.outcome ?? 'not-sent',
      ...(note !== undefined && note.outcome !== 'written' && note.outcome !== 'unchanged'
        ? { noteMessage: noteWords(note) }
        : {}),
    };
  });
}

export async function placeDevices(
  deps: PlacingDeps,
  siteRef: string | undefined,
  items: readonly PlanItem[],
  acceptMoves: boolean,
  signal?: AbortSignal,
): Promise<Result<PlaceOutput>> {
  const planned = await deps.store.update((inventory) =>
    keepInInventory(inventory, siteRef, items, acceptMoves, deps.now()),
  );
  if (!planned.ok) return planned;
  const { siteId, kept, jobs } = planned.value;
  const placed = kept.filter((k) => k.placed).length;
  if (placed > 0 || jobs.length > 0) deps.changed(siteId);
  const done = await runNoteJobs(deps.notes, jobs, signal);
  const what = `location written on devices placed (${placed} of ${items.length})`;
  const activityError = await recordWrites(deps, siteId, what, done);
  return ok({
    results: results(kept, done),
    summary: placeSummary(items.length, placed, done),
    ...(activityError !== undefined ? { activityError } : {}),
  });
}

/** Takes devices out of their slots; Minerdeck's note on each is removed while it still says that slot. */
export async function unplaceDevices(
  deps: PlacingDeps,
  siteRef: string | undefined,
  deviceIds: readonly string[],
): Promise<Result<PlaceOutput>> {
  const taken = await deps.store.update((inventory) => {
    const site = resolveSite(inventory, siteRef);
    if (!site.ok) return site;
    const ctx = layoutContext(inventory, site.value, deps.now());
    const out = unplaceIn(ctx, ctx.layout, deviceIds, deps.now().toISOString());
    return ok({ siteId: site.value.id, ...out });
  });
  if (!taken.ok) return taken;
  const { siteId, items, jobs } = taken.value;
  if (jobs.length > 0) deps.changed(siteId);
  const done = await runNoteJobs(deps.notes, jobs);
  const activityError = await recordWrites(
    deps,
    siteId,
    `location removed from ${jobs.length} devices taken out of their slots`,
    done,
  );
  const byDevice = new Map(done.map((d) => [d.job.target.deviceId, d]));
  return ok({
    results: items.map((item) => {
      const note = item.deviceId === undefined ? undefined : byDevice.get(item.deviceId);
      return {
        ...item,
        placed: false,
        note: note?.outcome ?? 'not-sent',
        ...(note !== undefined ? { noteMessage: noteWords(note) } : {}),
      };
    }),
    summary: `took ${jobs.length} of ${deviceIds.length} device${deviceIds.length === 1 ? '' : 's'} out of their slots`,
    ...(activityError !== undefined ? { activityError } : {}),
  });
}

/**
 * Unplace results use `move` (the device leaves `from`, `placed: false`) and `already-there` for a device
 * that stood in no slot: the contract's outcomes, read as "what became of its place".
 */
function unplaceIn(ctx: SiteLayoutContext, layout: SiteLayout, deviceIds: readonly string[], at: string) {
  const jobs: NoteJob[] = [];
  const items = deviceIds.map((deviceId, index) => {
    const placement = layout.placements.find((p) => p.deviceId === deviceId);
    const address = ctx.addressOf(deviceId);
    const from = placement === undefined ? undefined : ctx.slots.nameOf(placement);
    const base = { index, device: deviceId, slot: '', deviceId, address };
    if (placement === undefined || from === undefined) {
      const text = message('outcomes.place.inNoSlot', { address });
      return { ...base, outcome: 'already-there' as const, message: `${address} is in no slot.`, text };
    }
    layout.placements = layout.placements.filter((p) => p !== placement);
    layout.updatedAt = at;
    jobs.push({
      target: targetOf(ctx, deviceId),
      kind: 'remove',
      value: locationNoteValue(ctx.siteName, from),
    });
    const text = message('outcomes.place.takenOut', { address, from });
    return { ...base, outcome: 'move' as const, from, message: `${address} taken out of ${from}.`, text };
  });
  return { items, jobs };
}
