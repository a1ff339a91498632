/**
 * "Re-scan" on selected fleet devices: the discovery probe (anonymous GETs only, no POST, no credential)
 * on each device's address, so the technician learns which ones answer again and what they say about
 * themselves now; the ones that answer are polled at once. One outcome per device, in plain words.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { DiscoverySettings } from '../../../shared/domain/settings';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import type { DeviceOutcome } from '../../../shared/ipc/channels/credentials';
import { startScan } from '../discovery/scanner';
import type { FleetEntry } from './fleet-entry';

/** `host:port` as the targets parser reads it (IPv6 in brackets). */
const tokenOf = (entry: FleetEntry): string =>
  `${entry.address.host.includes(':') ? `[${entry.address.host}]` : entry.address.host}:${entry.address.port}`;

const describe = (host: DiscoveredHost): string => {
  const told = [host.identity?.model, host.identity?.firmware].filter(
    (part) => part !== null && part !== undefined,
  );
  return told.length > 0 ? `answered again (${told.join(', ')}).` : 'answered again.';
};

export interface RescanOptions {
  settings: DiscoverySettings;
  signal?: AbortSignal;
  /** Called for each device that answered, with what it said. */
  onSeen?: (entry: FleetEntry, host: DiscoveredHost) => Promise<void> | void;
}

export async function rescanDevices(
  entries: readonly FleetEntry[],
  options: RescanOptions,
): Promise<DeviceOutcome[]> {
  const byKey = new Map(entries.map((entry) => [`${entry.address.host}:${entry.address.port}`, entry]));
  const parsed = parseTargets(entries.map(tokenOf));
  if (!parsed.ok) {
    return entries.map((entry) => ({
      deviceId: entry.deviceId,
      address: entry.addressText,
      ok: false,
      message: parsed.error.message,
      error: parsed.error,
    }));
  }
  const answered = new Map<string, DiscoveredHost>();
  const scan = startScan(parsed.value, {
    ports: [...new Set(entries.map((entry) => entry.address.port))],
    connectTimeoutMs: options.settings.connectTimeoutMs,
    concurrency: Math.min(options.settings.concurrency, Math.max(1, entries.length)),
    confirmed: true,
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    onResult: (host) => answered.set(`${host.address}:${host.port}`, host),
  });
  if (!scan.ok) {
    return entries.map((entry) => ({
      deviceId: entry.deviceId,
      address: entry.addressText,
      ok: false,
      message: scan.error.message,
      error: scan.error,
    }));
  }
  await scan.value.done;
  const outcomes: DeviceOutcome[] = [];
  for (const [key, entry] of byKey) {
    const host = answered.get(key);
    if (host === undefined) {
      outcomes.push({
        deviceId: entry.deviceId,
        address: entry.addressText,
        ok: false,
        message: 'no answer at this address: check its power and cable, or scan the subnet for it.',
        error: { code: 'UNREACHABLE', message: `no answer at ${entry.addressText}.` },
      });
      continue;
    }
    const mac = host.identity?.mac ?? null;
    if (mac !== null && entry.identity.mac !== null && mac !== entry.identity.mac) {
      outcomes.push({
        deviceId: entry.deviceId,
        address: entry.addressText,
        ok: false,
        message: `another device answers at this address (MAC ${mac}, this one is ${entry.identity.mac}): scan the subnet to find where it went.`,
      });
      continue;
    }
    await options.onSeen?.(entry, host);
    outcomes.push({
      deviceId: entry.deviceId,
      address: entry.addressText,
      ok: host.kind === 'device',
      message:
        host.kind === 'device' ? describe(host) : 'a web server answers here, but it is not a mining device.',
    });
  }
  return outcomes;
}
