/**
 * `minerdeck site accept-import [DEVICE…] [--all] [--site NAME] [--json]`: the addresses and certificate pins
 * imported site files proposed for devices this laptop knows, which the import did not take
 * (core/inventory/import-proposals.ts): a device's address is where its stored password or key goes, so
 * only the technician moves it. Without a device it lists what waits; with devices (an id, or the
 * device's address here or in the file) or `--all` it accepts their changes, and from then on their
 * credentials go to the accepted address, checked against the accepted pin.
 */
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { Site } from '../../../shared/domain/inventory';
import { localTime } from '../../../shared/format/report-text';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { AcceptedChange, PendingChange } from '../../core/inventory/import-proposals';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import type { Output } from '../output';
import { resolveCliSite } from './inventory-context';

const FIELD_WORDS: Record<PendingChange['field'], string> = {
  address: 'address',
  tlsPin: 'certificate',
};

const shown = (value: string, field: PendingChange['field']): string =>
  value === '' ? (field === 'tlsPin' ? 'none' : 'not in this site') : value;

/** The device ids `refs` name among what waits: an id, or an address (ours or the file's). */
function chosenDevices(pending: readonly PendingChange[], refs: readonly string[]): Result<string[]> {
  const ids = new Set<string>();
  for (const ref of refs) {
    const parsed = parseDeviceAddress(ref);
    const address = parsed.ok ? formatDeviceAddress(parsed.value) : undefined;
    const matches = pending.filter(
      (change) =>
        change.deviceId === ref ||
        (change.field === 'address' && (change.local === address || change.incoming === address)),
    );
    if (matches.length === 0) {
      const waiting = [...new Set(pending.map((change) => change.deviceId))];
      return err(
        'INVALID_INPUT',
        `nothing from an import waits to be accepted for "${ref}"${waiting.length > 0 ? ` (waiting: ${waiting.join(', ')})` : ' (nothing waits in this site)'}. Run "minerdeck site accept-import" to list it.`,
      );
    }
    for (const change of matches) ids.add(change.deviceId);
  }
  return ok([...ids]);
}

function printPending(output: Output, site: Site, pending: readonly PendingChange[]): void {
  for (const change of pending) {
    if (output.json) {
      output.out(JSON.stringify({ ok: true, ...change }));
      continue;
    }
    const field = FIELD_WORDS[change.field];
    output.out(
      `${change.deviceId}  ${field}: ours ${shown(change.local, change.field)}, the file's ${change.incoming} (from ${change.from}, imported ${localTime(change.at)})`,
    );
  }
  if (output.json) return;
  if (pending.length === 0) {
    output.err(`Nothing from an import waits to be accepted in site "${site.name}".`);
    return;
  }
  output.err(
    `Site "${site.name}": ${pending.length} imported change${pending.length === 1 ? '' : 's'} wait${pending.length === 1 ? 's' : ''}; nothing is sent to a file's address until you accept it with "minerdeck site accept-import DEVICE" (or --all).`,
  );
}

function printAccepted(output: Output, accepted: readonly AcceptedChange[]): void {
  for (const change of accepted) {
    if (output.json) {
      output.out(JSON.stringify({ ok: true, accepted: true, ...change }));
      continue;
    }
    const what =
      change.field === 'address'
        ? `address ${change.value} (was ${shown(change.previous, change.field)}): its stored password or key goes there from now on`
        : `certificate ${change.value} (was ${shown(change.previous, change.field)}): trusted from now on`;
    output.out(`Accepted for ${change.deviceId}: ${what}.`);
  }
}

export async function siteAccept(
  inventory: InventoryServices,
  options: { site?: string; devices: readonly string[]; all: boolean },
  output: Output,
): Promise<Result<void>> {
  const site = await resolveCliSite(output, inventory, options.site);
  if (!site.ok) return site;
  const listed = await inventory.pendingImports(site.value.id);
  if (!listed.ok) return listed;
  if (!options.all && options.devices.length === 0) {
    printPending(output, listed.value.site, listed.value.pending);
    return ok(undefined);
  }
  if (options.all && options.devices.length > 0) {
    return err('INVALID_INPUT', 'give devices or --all, not both.');
  }
  const chosen = options.all ? 'all' : chosenDevices(listed.value.pending, options.devices);
  if (chosen !== 'all' && !chosen.ok) return chosen;
  const done = await inventory.acceptImported(site.value.id, chosen === 'all' ? 'all' : chosen.value);
  if (!done.ok) {
    // `--all` on a site where nothing waits: said, not failed.
    if (done.error.code !== 'NOT_FOUND' || chosen !== 'all') return done;
    printPending(output, listed.value.site, []);
    return ok(undefined);
  }
  printAccepted(output, done.value.accepted);
  return ok(undefined);
}
