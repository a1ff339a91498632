/**
 * `unlock --remember --site NAME`: the devices that accepted the site's password join that site, as
 * `scan --save` would have added them — otherwise the keychain knows them as the site's and the site does
 * not (its report says 0 devices). Each joins under the id its password was stored for; one anonymous
 * `GET /info` (as a scan sends) fills in its model, firmware and host name. Loaded only with `--site`.
 */
import type { DeviceIdentity, Site } from '../../../shared/domain/inventory';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { Result } from '../../../shared/result';
import type { UnlockOutcome } from '../../core/credentials/credential-services';
import { runBulk } from '../../core/credentials/bulk';
import type { DeviceClient } from '../../core/device/client';
import { infoFacts } from '../../core/device/status-reader';
import type { FoundDevice } from '../../core/inventory/devices';
import type { Output } from '../output';
import type { CliContext } from './context';
import { openCliInventory, tellProblems } from './inventory-context';
import { tellSaved } from './scan-save';

/** What `/info` says of the device; null when it cannot be read now (the next scan fills it in). */
async function identityAt(client: DeviceClient, found: UnlockOutcome, signal: AbortSignal) {
  try {
    const said = infoFacts(await client.getInfo(found.item.address, undefined, { signal })).identity;
    if (said === undefined) return null;
    const identity: DeviceIdentity = {
      mac: said.mac ?? null,
      hostname: said.hostname ?? null,
      model: said.model ?? null,
      firmware: said.firmware ?? null,
      serial: said.serial ?? null,
    };
    return identity;
  } catch {
    return null;
  }
}

/** Adds the devices that accepted the password to `site` and says so (`{"saved": …}` with --json). */
export async function joinUnlockedToSite(
  ctx: CliContext,
  output: Output,
  options: { site: Site; outcomes: readonly UnlockOutcome[]; client: DeviceClient; concurrency?: number },
): Promise<Result<void>> {
  const accepted = options.outcomes.filter((outcome) => outcome.ok);
  if (accepted.length === 0) return { ok: true, value: undefined };
  const identities = await runBulk(accepted, (found) => identityAt(options.client, found, ctx.signal), {
    signal: ctx.signal,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
  });
  const devices = identities.flatMap((read): FoundDevice[] =>
    read.item.ok
      ? [
          {
            deviceId: read.item.value.deviceId,
            address: formatDeviceAddress(read.item.item.address),
            identity: read.ok ? read.value : null,
          },
        ]
      : [],
  );
  const inventory = openCliInventory(ctx);
  const saved = await inventory.saveFound(options.site.id, devices);
  tellProblems(output, inventory);
  if (!saved.ok) return saved;
  tellSaved(output, saved.value);
  return { ok: true, value: undefined };
}
