/**
 * `minerdeck firmware status <targets…> [--json]`: the firmware each device reports (anonymous `/info`:
 * model and `fw_version`), then the versions by model — what a technician checks before and after a
 * rollout. Reads only; no credential is needed. Exit 1 when a device did not answer.
 */
import { toAppError } from '../../core/errors/to-app-error';
import { createPinOverlay } from '../../core/firmware/certificates';
import { createFirmwareService } from '../../core/firmware/firmware-service';
import { addressDeviceId } from '../../core/credentials/device-identity';
import { intOption, parse } from '../args';
import { printStatus } from '../firmware-output';
import { cliPins } from '../inventory-pins';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { openCliCredentials } from './credentials-context';
import { commonOptions } from './device-command';
import { FIRMWARE_STATUS_USAGE } from './firmware-usage';
import { openCliInventory } from './inventory-context';
import { parseMonitorTargets } from './monitor-targets';
import { commandTargets, concurrencyOption, TARGET_OPTIONS } from './targets';

export async function firmwareStatusCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    concurrency: { type: 'string' },
    site: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const addresses = await commandTargets(ctx, output, parsed.value, {
    usage: FIRMWARE_STATUS_USAGE,
    parse: parseMonitorTargets,
    siteOnlyForAll: true,
  });
  if (!addresses.ok) return reportError(output, addresses.error);
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return reportError(output, concurrency.error);

  const pins = createPinOverlay(cliPins(ctx));
  const credentials = await openCliCredentials(
    { ...ctx, createClient: (options) => ctx.createClient({ ...options, tlsPins: pins }) },
    { timeoutMs: timeout.value, keychain: 'none' },
  );
  try {
    const firmware = createFirmwareService({
      client: credentials.client,
      credentials: credentials.services,
      // Only read: the activity log is never written by `status`.
      inventory: openCliInventory(ctx),
      pins,
    });
    const status = await firmware.status(
      addresses.value.addresses.map((address) => ({ deviceId: addressDeviceId(address), address })),
      { signal: ctx.signal, ...(concurrency.value !== undefined ? { concurrency: concurrency.value } : {}) },
    );
    if (ctx.signal.aborted) return reportError(output, { code: 'CANCELLED', message: 'cancelled.' });
    printStatus(output, status);
    return status.devices.every((d) => d.ok) ? EXIT.ok : EXIT.failed;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
