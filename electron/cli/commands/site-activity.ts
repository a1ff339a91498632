/**
 * `minerdeck site activity [--site NAME] [--device ADDRESS|ID] [--json]`: the
 * site's activity log — every write this laptop (or a colleague's, merged from an export) made to its
 * devices, oldest first, each with its one-line summary and every device's outcome. `--device` keeps the
 * entries that touched one device, and only its line in each. `--json`: one entry per line, as stored,
 * plus its `summary`. Nothing secret is in the log, so nothing secret can be printed.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice } from '../../../shared/domain/inventory';
import { localTime } from '../../../shared/format/report-text';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import type { Output } from '../output';
import { resolveCliSite } from './inventory-context';

/** Which device `--device` names: its id, else its address (current or past) in the site. */
function deviceFilter(
  devices: readonly InventoryDevice[],
  ref: string,
): Result<{ deviceId?: string; address?: string }> {
  const byId = devices.find((device) => device.id === ref);
  if (byId !== undefined) return ok({ deviceId: byId.id });
  const parsed = parseDeviceAddress(ref);
  if (!parsed.ok) {
    return err('INVALID_INPUT', `--device takes a device address or id: ${parsed.error.message}`);
  }
  const address = formatDeviceAddress(parsed.value);
  const found =
    devices.find((device) => device.address === address) ??
    devices.find((device) => device.addressHistory.some((entry) => entry.address === address));
  // A device no longer in the site is still in the log, by the address it had then.
  return ok(found !== undefined ? { deviceId: found.id } : { address });
}

const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

function printEntry(output: Output, entry: ActivityEntry): void {
  if (output.json) {
    output.out(JSON.stringify({ ok: true, ...entry, summary: summarizeActivity(entry) }));
    return;
  }
  output.out(`${localTime(entry.at)}  ${entry.by}  ${summarizeActivity(entry)}`);
  output.out(`    ${entry.what}`);
  const width = Math.max(...entry.devices.map((d) => hostOf(d.address).length), 0);
  for (const device of entry.devices) {
    output.out(`    ${hostOf(device.address).padEnd(width)}  ${device.outcome.padEnd(7)}  ${device.message}`);
  }
}

export async function siteActivity(
  inventory: InventoryServices,
  options: { site?: string; device?: string },
  output: Output,
): Promise<Result<void>> {
  const site = await resolveCliSite(output, inventory, options.site);
  if (!site.ok) return site;
  let filter: { deviceId?: string; address?: string } = {};
  if (options.device !== undefined) {
    const listed = await inventory.devices(site.value.id);
    if (!listed.ok) return listed;
    const found = deviceFilter(listed.value.devices, options.device);
    if (!found.ok) return found;
    filter = found.value;
  }
  const log = await inventory.activity(
    site.value.id,
    filter.deviceId !== undefined ? { deviceId: filter.deviceId } : {},
  );
  if (!log.ok) return log;
  const entries =
    filter.address === undefined
      ? log.value
      : log.value.flatMap((entry) => {
          const devices = entry.devices.filter((d) => d.address === filter.address);
          return devices.length > 0 ? [{ ...entry, devices }] : [];
        });
  for (const entry of entries) printEntry(output, entry);
  if (!output.json) {
    const about = options.device === undefined ? '' : ` for ${options.device}`;
    output.err(
      entries.length === 0
        ? `No activity${about} in site "${site.value.name}" yet.`
        : `Site "${site.value.name}": ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${about}, oldest first.`,
    );
  }
  return ok(undefined);
}
