/**
 * `minerdeck scan … --save [--site NAME]`: what a scan found joins the site named, else the current one.
 * The site's devices are read before the scan so a known device at a new address is reported as moved,
 * not new (the scanner's known-devices check); the found devices are written in one atomic update at the
 * end, also after Ctrl-C — what was found is kept.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { Site } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import type { KnownDevice } from '../../core/credentials/identity-rule';
import type { ScanSaveOutcome } from '../../core/inventory/devices';
import { ok } from '../../../shared/result';
import type { Output } from '../output';
import type { CliContext } from './context';
import { openCliInventory, resolveCliSite, tellProblems, withSiteHint } from './inventory-context';

export interface ScanSaver {
  /** The site's devices (MAC, last address), for the scanner's identity rule. */
  known: readonly KnownDevice[];
  add(host: DiscoveredHost): void;
  /** Writes what was found and says so: a line on stderr, or `{"saved": …}` with --json. */
  finish(output: Output): Promise<Result<void>>;
}

/** `site`: `--site NAME` as typed; else the current site. */
export async function openScanSaver(ctx: CliContext, site?: string): Promise<Result<ScanSaver>> {
  const inventory = openCliInventory(ctx);
  // The site is chosen before the scan (made first on a fresh data folder): what was found goes there.
  const chosen = await resolveCliSite(ctx.output, inventory, site);
  const siteId = chosen.ok ? chosen.value.id : undefined;
  const known = chosen.ok ? await inventory.knownDevices(siteId) : chosen;
  tellProblems(ctx.output, inventory);
  if (!known.ok) return { ok: false, error: withSiteHint(known.error) };
  // By address: a host reported again (another address answers with its MAC) replaces its first report.
  const found = new Map<string, DiscoveredHost>();
  return ok({
    known: known.value,
    add: (host) => {
      if (host.kind === 'device') found.set(`${host.scheme}://${host.address}:${host.port}`, host);
    },
    async finish(output) {
      const saved = await inventory.saveScan(siteId, [...found.values()]);
      if (!saved.ok) return saved;
      tellSaved(output, saved.value);
      return ok(undefined);
    },
  });
}

/** What joined the site: a line on stderr, or `{"saved": …}` with --json (also `unlock --site`'s). */
export function tellSaved(output: Output, saved: { site: Site } & ScanSaveOutcome): void {
  const { site, added, updated, moved, identified } = saved;
  if (output.json) {
    output.out(JSON.stringify({ saved: { site: site.id, added, updated, moved: moved.length, identified } }));
    return;
  }
  const extra = [
    moved.length > 0 ? `${moved.length} moved` : '',
    identified > 0 ? `${identified} identified` : '',
  ]
    .filter((text) => text !== '')
    .map((text) => `, ${text}`)
    .join('');
  output.err(`Saved to site "${site.name}": ${added} new, ${updated} known${extra}.`);
}
