/**
 * What the report adds for a site owner signing it: each device's acceptance verdict (kept in the site by
 * the latest run), its worker, and on page 1 the pools and firmware in force across the site.
 */
import type { StoredVerdict } from '../../../shared/domain/acceptance';
import type { HandOverReport, ReportAcceptance, ReportDevice } from '../../../shared/domain/report';

/** The verdict without what the report device already says (its id and address) or the site's id. */
export function reportAcceptanceOf(stored: StoredVerdict | undefined): ReportAcceptance | null {
  if (stored === undefined) return null;
  const { deviceId: _id, address: _address, siteId: _site, ...rest } = stored;
  return structuredClone(rest);
}

/** The worker of the device's first customer pool (the fee pool is the firmware's, not the customer's). */
export function workerOf(pools: ReportDevice['pools']): string | null {
  const pool = pools?.find((p) => p.firmwareFeePool !== true && p.url !== '' && (p.user ?? '') !== '');
  return pool?.user ?? null;
}

/** At most this many workers named per pool on page 1 (a pool has one per device). */
const WORKERS_NAMED = 3;

/** The customer pools and the firmware across the site, most used first. */
export function inForceOf(devices: readonly ReportDevice[]): HandOverReport['inForce'] {
  const pools = new Map<string, { devices: number; workers: string[] }>();
  const firmware = new Map<string, number>();
  for (const device of devices) {
    const seen = new Set<string>();
    for (const pool of device.pools ?? []) {
      if (pool.firmwareFeePool === true || pool.url === '' || seen.has(pool.url)) continue;
      seen.add(pool.url);
      const entry = pools.get(pool.url) ?? { devices: 0, workers: [] };
      entry.devices += 1;
      if (pool.user !== null && pool.user !== '' && entry.workers.length < WORKERS_NAMED)
        entry.workers.push(pool.user);
      pools.set(pool.url, entry);
    }
    if (device.firmware !== null && device.firmware !== '') {
      firmware.set(device.firmware, (firmware.get(device.firmware) ?? 0) + 1);
    }
  }
  const byCount = <T extends { devices: number }>(a: T & { key: string }, b: T & { key: string }) =>
    b.devices - a.devices || a.key.localeCompare(b.key);
  return {
    pools: [...pools]
      .map(([url, entry]) => ({ key: url, url, ...entry }))
      .sort(byCount)
      .map(({ key: _key, ...pool }) => pool),
    firmware: [...firmware]
      .map(([name, count]) => ({ key: name, firmware: name, devices: count }))
      .sort(byCount)
      .map(({ key: _key, ...entry }) => entry),
  };
}
