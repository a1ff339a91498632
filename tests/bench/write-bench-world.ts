/**
 * What a bulk-write benchmark (`pools`, `profiles`) runs in: simulated devices sharing one password kept in
 * a memory vault, a real inventory with a site "bench" (each request appends to its activity log), one
 * device client; runs timed "cold" (a new session manager each, so every device is unlocked first: the
 * CLI's case) and "warm" (one kept from the run before: the app's case). Everything is closed after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WriteResult } from '../../shared/domain/commission';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import type { SessionManager } from '../../electron/core/credentials/session-manager';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import type { SessionTarget } from '../../electron/core/credentials/session-target';
import type { CredentialVault } from '../../electron/core/credentials/vault';
import { createVault } from '../../electron/core/credentials/vault';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { InventoryServices } from '../../electron/core/inventory/inventory-services';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import type { SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { timeRuns } from './bench-kit';

export interface WriteWorld<T extends SessionTarget> {
  client: DeviceClient;
  vault: CredentialVault;
  sessions: SessionManager;
  inventory: InventoryServices;
  targets: T[];
}

export interface WriteBench<T extends SessionTarget> {
  devices: number;
  password: string;
  /** Names the data folder (`minerdeck-bench-<name>-…`). */
  name: string;
  target: (device: SimDevice, index: number) => T;
}

/** Runs `body` over a fresh world; `timed(runs, request)` times a request cold, then warm. */
export async function withWriteWorld<T extends SessionTarget, R>(
  bench: WriteBench<T>,
  body: (
    timed: (
      runs: number,
      request: (world: WriteWorld<T>) => Promise<void>,
      betweenColdAndWarm?: () => void,
    ) => Promise<{ cold: number[]; warm: number[] }>,
  ) => Promise<R>,
): Promise<R> {
  const { password } = bench;
  const fleet = await startFleet({ count: bench.devices, recordRequests: false, defaults: { password } });
  const dataDir = mkdtempSync(join(tmpdir(), `minerdeck-bench-${bench.name}-`));
  const client = createDeviceClient();
  try {
    const vault = createVault(createMemoryStore());
    const inventory = createInventoryServices({
      dataDir,
      laptop: 'bench',
      app: { name: 'Minerdeck', version: '0' },
    });
    const site = await inventory.createSite({ name: 'bench', use: true });
    if (!site.ok) throw new Error(site.error.message);
    const targets = fleet.devices.map(bench.target);
    for (const t of targets) await vault.setDevicePassword(t.deviceId, password);
    return await body(async (runs, request, betweenColdAndWarm) => {
      const world = { client, vault, inventory, targets };
      const cold = await timeRuns(runs, () =>
        request({ ...world, sessions: createSessionManager({ client, vault }) }),
      );
      betweenColdAndWarm?.();
      const kept = createSessionManager({ client, vault });
      const warm = await timeRuns(runs, () => request({ ...world, sessions: kept }));
      return { cold, warm };
    });
  } finally {
    client.close();
    await fleet.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Throws unless every device's write is done and the request was recorded in the activity log. */
export function requireAllDone(set: { results: readonly WriteResult[]; activity?: unknown }): void {
  const notDone = set.results.filter((r) => r.outcome !== 'done');
  if (notDone.length > 0 || set.activity === undefined) {
    throw new Error(
      `${notDone.length} of ${set.results.length} not done: ${notDone[0]?.message ?? 'no activity'}`,
    );
  }
}
