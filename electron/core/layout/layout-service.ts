/**
 * The site layout service (issue 34; docs/placement.md): the layout view, racks and the slot pattern,
 * site-map CSV import and export, what a label is, placing devices (preview, then kept and written on
 * the devices' `location` notes: layout-placing.ts), and the notes read by others (scan, unlock, the
 * monitor's first read: `recordNotes`). Built once per shell (open-services.ts) and by the CLI commands
 * that place; every change is told as `layout:changed`.
 */
import { message } from '../../../shared/i18n/message';
import type {
  LabelMatch,
  LayoutImportPreview,
  LocationNote,
  PlacePreviewItem,
  SlotRef,
} from '../../../shared/domain/layout';
import type { LayoutView, PlaceOutput, RackDraft } from '../../../shared/ipc/channels/layout';
import { parseLocationNote } from '../../../shared/format/slot-name';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { EventHub } from '../events/event-hub';
import type { Inventory } from '../inventory/schema';
import { ensureLayout, layoutOf } from '../inventory/site-layouts';
import { resolveSite } from '../inventory/sites';
import type { InventoryStore } from '../inventory/store';
import { runBulk } from '../credentials/bulk';
import type { SiteLayoutContext } from './layout-context';
import { layoutContext, layoutView } from './layout-context';
import { applyImportRacks, exportLayoutCsv, previewImport } from './layout-import';
import type { LocationNotes } from './location-notes-port';
import { placeDevices, unplaceDevices } from './layout-placing';
import { matchLabel } from './label-match';
import { keepNotes } from './place-apply';
import type { PlanItem } from './place-planner';
import { planPlacements } from './place-planner';
import { NOTE_CONCURRENCY } from './note-writes';
import { removeRack, saveRack } from './racks';
import { patternProblem } from './slot-index';

export interface LayoutServiceDeps {
  store: InventoryStore;
  notes: LocationNotes;
  events?: Pick<EventHub, 'emit'>;
  now?: () => Date;
  /** This laptop's name: it signs the activity entries. */
  laptop: string;
}

export interface LayoutService {
  get(siteId?: string): Promise<Result<LayoutView>>;
  saveRack(siteId: string | undefined, rack: RackDraft): Promise<Result<LayoutView>>;
  removeRack(siteId: string | undefined, rackId: string): Promise<Result<LayoutView>>;
  setPattern(siteId: string | undefined, pattern: string): Promise<Result<LayoutView>>;
  importPreview(siteId: string | undefined, csv: string): Promise<Result<LayoutImportPreview>>;
  importApply(
    siteId: string | undefined,
    csv: string,
    acceptMoves: boolean,
    signal?: AbortSignal,
  ): Promise<Result<{ view: LayoutView; placed: PlaceOutput }>>;
  exportCsv(siteId?: string): Promise<Result<{ csv: string }>>;
  matchLabel(siteId: string | undefined, label: string): Promise<Result<LabelMatch>>;
  placePreview(siteId: string | undefined, items: readonly PlanItem[]): Promise<Result<PlacePreviewItem[]>>;
  place(
    siteId: string | undefined,
    items: readonly PlanItem[],
    acceptMoves: boolean,
    signal?: AbortSignal,
  ): Promise<Result<PlaceOutput>>;
  unplace(siteId: string | undefined, deviceIds: readonly string[]): Promise<Result<PlaceOutput>>;
  readNotes(siteId: string | undefined, deviceIds: readonly string[]): Promise<Result<LayoutView>>;
  adoptNote(siteId: string | undefined, deviceId: string): Promise<Result<PlaceOutput>>;
  slotName(siteId: string | undefined, slot: SlotRef): Promise<Result<{ name: string }>>;
  /** Keeps what a scan, an unlock or the monitor's first read found in these devices' `location` notes. */
  recordNotes(siteId: string, notes: readonly LocationNote[]): Promise<Result<void>>;
}

export function createLayoutService(deps: LayoutServiceDeps): LayoutService {
  const now = deps.now ?? (() => new Date());
  const changed = (siteId: string): void =>
    deps.events?.emit({ type: 'layout:changed', payload: { siteId } });
  const placing = { store: deps.store, notes: deps.notes, changed, now, laptop: deps.laptop };

  const read = async <T>(siteRef: string | undefined, use: (ctx: SiteLayoutContext) => Result<T>) => {
    const loaded = await deps.store.load();
    if (!loaded.ok) return loaded;
    const site = resolveSite(loaded.value, siteRef);
    return site.ok ? use(layoutContext(loaded.value, site.value, now())) : site;
  };
  /** One change to the site's layout in one update; answers the view after it and tells the window. */
  const change = async (
    siteRef: string | undefined,
    apply: (ctx: SiteLayoutContext, inventory: Inventory) => Result<unknown>,
  ): Promise<Result<LayoutView>> => {
    const done = await deps.store.update((inventory) => {
      const site = resolveSite(inventory, siteRef);
      if (!site.ok) return site;
      const layout = ensureLayout(inventory, site.value.id, now());
      const ctx = layoutContext(inventory, site.value, now(), 'request', layout);
      const applied = apply(ctx, inventory);
      if (!applied.ok) return applied;
      layout.updatedAt = now().toISOString();
      return ok(layoutView(layoutContext(inventory, site.value, now())));
    });
    if (done.ok) changed(done.value.layout.siteId);
    return done;
  };

  const service: LayoutService = {
    get: (siteId) => read(siteId, (ctx) => ok(layoutView(ctx))),
    saveRack: (siteId, rack) => change(siteId, (ctx) => saveRack(ctx.layout, rack, ctx.addressOf)),
    removeRack: (siteId, rackId) => change(siteId, (ctx) => removeRack(ctx.layout, rackId, ctx.addressOf)),
    setPattern: (siteId, pattern) =>
      change(siteId, (ctx) => {
        const problem = patternProblem(pattern.trim(), ctx.layout.racks);
        if (problem !== undefined)
          return errWithText(
            'INVALID_INPUT',
            `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`,
            message('errors.layout.patternRefused', {
              problem: problem.charAt(0).toUpperCase() + problem.slice(1),
            }),
          );
        ctx.layout.slotPattern = pattern.trim();
        return ok(undefined);
      }),
    importPreview: (siteId, csv) => read(siteId, (ctx) => ok(previewImport(ctx, csv).preview)),
    async importApply(siteId, csv, acceptMoves, signal) {
      const racks = await change(siteId, (ctx) => applyImportRacks(ctx, csv));
      if (!racks.ok) return racks;
      const { items } = await itemsOf(siteId, csv);
      const placed =
        items.length === 0
          ? ok({ results: [], summary: 'no devices to place in the file' })
          : await placeDevices(placing, siteId, items, acceptMoves, signal);
      if (!placed.ok) return placed;
      const view = await service.get(siteId);
      return view.ok ? ok({ view: view.value, placed: placed.value }) : view;
    },
    exportCsv: (siteId) => read(siteId, (ctx) => ok({ csv: exportLayoutCsv(ctx) })),
    matchLabel: (siteId, label) =>
      read(siteId, (ctx) => ok(matchLabel(label, ctx.scope, ctx.slots, ctx.occupantOf, ctx.slotOfDevice))),
    placePreview: (siteId, items) =>
      read(siteId, (ctx) =>
        ok(
          planPlacements(
            { ...ctx, source: items.some((i) => i.line !== undefined) ? 'file' : 'request' },
            items,
          ),
        ),
      ),
    place: (siteId, items, acceptMoves, signal) => placeDevices(placing, siteId, items, acceptMoves, signal),
    unplace: (siteId, deviceIds) => unplaceDevices(placing, siteId, deviceIds),
    async readNotes(siteId, deviceIds) {
      const targets = await read(siteId, (ctx) =>
        ok(
          ctx.devices
            .filter((d) => deviceIds.includes(d.id))
            .map((d) => ({ deviceId: d.id, address: d.address })),
        ),
      );
      if (!targets.ok) return targets;
      const outcomes = await runBulk(targets.value, (target) => deps.notes.read(target), {
        concurrency: NOTE_CONCURRENCY,
      });
      const at = now().toISOString();
      const notes = outcomes.map((o): LocationNote =>
        o.ok ? o.value : { deviceId: o.item.deviceId, state: 'unreadable', readAt: at },
      );
      const site = await read(siteId, (ctx) => ok(ctx.site.id));
      if (!site.ok) return site;
      const kept = await service.recordNotes(site.value, notes);
      return kept.ok ? service.get(site.value) : kept;
    },
    async adoptNote(siteId, deviceId) {
      const asked = await read(siteId, (ctx) => adoptable(ctx, deviceId));
      if (!asked.ok) return asked;
      return placeDevices(placing, siteId, [{ device: deviceId, slot: asked.value }], false);
    },
    slotName: (siteId, slot) =>
      read(siteId, (ctx) => {
        const name = ctx.slots.nameOf(slot);
        return name === undefined
          ? errWithText(
              'NOT_FOUND',
              'That slot is not in the layout (its rack was removed or resized).',
              message('errors.layout.slotGone'),
            )
          : ok({ name });
      }),
    async recordNotes(siteId, notes) {
      if (notes.length === 0) return ok(undefined);
      const kept = await deps.store.update((inventory) => {
        if (!inventory.sites.some((s) => s.id === siteId))
          return errWithText(
            'NOT_FOUND',
            `There is no site "${siteId}".`,
            message('errors.layout.noSite', { site: siteId }),
          );
        const inSite = new Set(inventory.devices.filter((d) => d.siteId === siteId).map((d) => d.id));
        const mine = notes.filter((n) => inSite.has(n.deviceId));
        if (mine.length > 0 || layoutOf(inventory, siteId) !== undefined)
          keepNotes(ensureLayout(inventory, siteId, now()), mine);
        return ok(undefined);
      });
      if (kept.ok) changed(siteId);
      return kept;
    },
  };

  const itemsOf = async (siteId: string | undefined, csv: string): Promise<{ items: PlanItem[] }> => {
    const got = await read(siteId, (ctx) => ok(previewImport(ctx, csv).items));
    return { items: got.ok ? got.value : [] };
  };
  return service;
}

/** The slot a device's own note names, when it is a free slot of this site. */
function adoptable(ctx: SiteLayoutContext, deviceId: string): Result<string> {
  const note = ctx.layout.notes.find((n) => n.deviceId === deviceId);
  const address = ctx.addressOf(deviceId);
  if (note?.state !== 'present' || note.value === undefined) {
    return errWithText(
      'INVALID_INPUT',
      `${address} carries no location note to take its place from.`,
      message('errors.layout.noNote', { address }),
    );
  }
  const said = parseLocationNote(note.value);
  if (said === undefined)
    return errWithText(
      'INVALID_INPUT',
      `${address}'s note says "${note.value}": not a place Minerdeck wrote.`,
      message('errors.layout.noteNotOurs', { address, note: note.value }),
    );
  if (said.site.toLowerCase() !== ctx.siteName.toLowerCase()) {
    return errWithText(
      'INVALID_INPUT',
      `Its note says ${note.value}: a place in ${said.site}, not in ${ctx.siteName}.`,
      message('errors.layout.noteOtherSite', { note: note.value, site: said.site, siteName: ctx.siteName }),
    );
  }
  const slot = ctx.slots.find(said.slot);
  if (slot === undefined)
    return errWithText(
      'INVALID_INPUT',
      `Its note says ${note.value}: ${said.slot} is not a slot of ${ctx.siteName}.`,
      message('errors.layout.noteNoSlot', { note: note.value, slot: said.slot, siteName: ctx.siteName }),
    );
  const occupant = ctx.occupantOf(slot.ref);
  if (occupant !== undefined && occupant !== address) {
    return errWithText(
      'INVALID_INPUT',
      `Its note says ${note.value}, and ${slot.name} holds ${occupant}: place it by hand.`,
      message('errors.layout.noteSlotHeld', { note: note.value, slot: slot.name, occupant }),
    );
  }
  return ok(slot.name);
}
