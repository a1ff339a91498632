/**
 * What `minerdeck place` and `minerdeck site layout` share: the layout service over the data folder's
 * inventory, its `location` notes written through the keychain's credentials (opened only when something
 * is to be written), the preview and the results in lines, and the exit code of a placing — 0 all placed
 * and written (a firmware without notes keeps its place here: not a failure), 1 some refused or failed.
 */
import type { PlacePreviewItem, PlaceResultItem } from '../../../shared/domain/layout';
import type { PlaceOutput } from '../../../shared/ipc/channels/layout';
import type { LayoutService } from '../../core/layout/layout-service';
import { createLayoutService } from '../../core/layout/layout-service';
import type { LocationNotes } from '../../core/layout/location-notes-port';
import { createLocationNotes } from '../../core/layout/notes/location-notes';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { Output } from '../output';
import { EXIT } from '../output';
import type { CliContext } from './context';
import { openCliCredentials } from './credentials-context';
import { openCliInventory, resolveCliSite, tellProblems } from './inventory-context';

export const REFUSED_OUTCOMES: ReadonlySet<string> = new Set([
  'unknown-device',
  'ambiguous-device',
  'not-in-site',
  'unknown-slot',
  'duplicate',
]);
export const ASKED_OUTCOMES: ReadonlySet<string> = new Set(['move', 'occupied']);

/**
 * The site a placing command works on (`--site`, else the current one), its inventory, and a layout
 * service over it; `close` closes the keychain if a note was written.
 */
export async function openPlacingSite(
  ctx: CliContext,
  output: Output,
  siteRef: unknown,
  timeoutMs?: number,
): Promise<
  Result<{ siteId: string; inventory: InventoryServices; layout: LayoutService; close(): Promise<void> }>
> {
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(output, inventory, typeof siteRef === 'string' ? siteRef : undefined);
  tellProblems(output, inventory);
  if (!site.ok) return site;
  return ok({ siteId: site.value.id, inventory, ...openCliLayout(ctx, inventory, timeoutMs) });
}

/** A layout service whose notes open the keychain on the first write, and close it with `close`. */
export function openCliLayout(
  ctx: CliContext,
  inventory: InventoryServices,
  timeoutMs?: number,
): { layout: LayoutService; close(): Promise<void> } {
  let opened: Promise<{ notes: LocationNotes; close(): Promise<void> }> | undefined;
  const open = () => {
    opened ??= openCliCredentials(ctx, { timeoutMs, keychain: 'open' }).then((credentials) => ({
      notes: createLocationNotes({ client: credentials.client, sessions: credentials.services.sessions }),
      close: () => credentials.close(),
    }));
    return opened;
  };
  const notes: LocationNotes = {
    write: async (target, value, signal) => (await open()).notes.write(target, value, signal),
    remove: async (target, expected) => (await open()).notes.remove(target, expected),
    read: async (target) => (await open()).notes.read(target),
  };
  const layout = createLayoutService({ store: inventory.store, notes, laptop: ctx.hostname });
  return { layout, close: async () => (opened === undefined ? undefined : (await opened).close()) };
}

const where = (item: PlacePreviewItem): string => (item.line !== undefined ? `line ${item.line}: ` : '');

const MARK: Record<string, string> = {
  place: '+',
  'already-there': '=',
  move: '?',
  occupied: '?',
};

/** One line a preview item: `+ 10.0.0.41 goes in C2-R07-S3-P2.`, `! line 4: …` for a refusal. */
export function previewLine(item: PlacePreviewItem): string {
  return `${MARK[item.outcome] ?? '!'} ${where(item)}${item.message}`;
}

export function resultLine(item: PlaceResultItem): string {
  if (!item.placed) return previewLine(item).replace(/^\?/, '-');
  const note = item.noteMessage !== undefined ? ` (${item.noteMessage})` : '';
  return `+ ${where(item)}${item.address ?? item.device} placed in ${item.slotName ?? item.slot}; location ${item.note}${note}`;
}

export function tellPlaced(output: Output, placed: PlaceOutput): number {
  if (output.json) output.out(JSON.stringify({ ok: true, ...placed }));
  else for (const item of placed.results) output.out(resultLine(item));
  output.err(`${placed.summary.charAt(0).toUpperCase()}${placed.summary.slice(1)}.`);
  if (placed.activityError !== undefined) output.err(`minerdeck: ${placed.activityError}`);
  const failed = placed.results.some(
    (r) =>
      REFUSED_OUTCOMES.has(r.outcome) || r.note === 'failed' || (!r.placed && ASKED_OUTCOMES.has(r.outcome)),
  );
  return failed ? EXIT.failed : EXIT.ok;
}
