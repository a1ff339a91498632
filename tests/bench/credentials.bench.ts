/**
 * `npm run bench -- credentials` (issue 3): unlock 500 simulated devices with one site password (stored,
 * as `unlock --remember --site` does) and provision a verified API key on each — commissioning a batch.
 * Budget (DESIGN.md): ≤ 10 s, measured on the session-only memory store: the app's own work (HTTP, unlock
 * sharing, verification, vault). The same flow on the real OS keychain is reported beside it when the
 * keychain works here, because on gnome-keyring its writes, not the app, dominate (see the notes).
 * Each run starts with an empty vault; medians of 5 runs.
 */
import { hostname } from 'node:os';
import { DEFAULT_BULK_CONCURRENCY } from '../../electron/core/credentials/bulk';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { probeKeychain } from '../../electron/core/credentials/probe';
import type { SecureStore } from '../../electron/core/credentials/secure-store';
import { createDeviceClient } from '../../electron/core/device/client';
import type { DeviceAddress } from '../../shared/domain/device-address';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { clearService, testServiceName } from '../support/keychain';
import { addressOf } from '../support/sim-targets';
import type { BenchReport, Figure } from './bench-kit';
import { median, timeRuns } from './bench-kit';

const DEVICES = 500;
const RUNS = 5;
const BUDGET_MS = 10_000;
const SITE_PW = 'bench-site-pw';

/** One commissioning: bulk unlock + remember, then bulk provision on the devices that unlocked. */
async function commission(targets: { address: DeviceAddress }[], store: SecureStore): Promise<void> {
  const client = createDeviceClient();
  const services = servicesFor(client, { store });
  const unlocked = await services.unlockMany(targets, SITE_PW, { remember: true, siteId: 'bench' });
  const ready = unlocked.flatMap((o) =>
    o.ok ? [{ address: o.item.address, deviceId: o.value.deviceId }] : [],
  );
  const provisioned = await services.provisionMany(ready);
  client.close();
  const failed = provisioned.filter((o) => !o.ok).length + (unlocked.length - ready.length);
  if (failed > 0) throw new Error(`${failed} of ${DEVICES} devices failed during the benchmark`);
}

/** Timed runs on the real keychain; emptying it between runs is not timed. */
async function keychainRuns(targets: { address: DeviceAddress }[], service: string): Promise<number[]> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await commission(targets, createKeytarStore({ service, timeoutMs: 60_000 }));
    runs.push(performance.now() - started);
    await clearService(service);
  }
  return runs;
}

export async function run(): Promise<BenchReport> {
  const fleet = await startFleet({ count: DEVICES, recordRequests: false, defaults: { password: SITE_PW } });
  const targets = fleet.devices.map((d) => ({ address: addressOf(d) }));
  const figures: Figure[] = [];
  const notes: string[] = [
    `${DEVICES} devices (field profile), bulk concurrency ${DEFAULT_BULK_CONCURRENCY}; per device: GET /info, POST /unlock, POST /apikeys, GET /status with x-api-key; the site password written once, one API-key entry per device.`,
  ];
  try {
    const memory = await timeRuns(RUNS, () => commission(targets, createMemoryStore()));
    const memoryMedian = median(memory);
    figures.push({ name: 'unlock + provision 500, memory store (median)', value: memoryMedian, unit: 'ms' });
    notes.push(`memory store runs: ${memory.map((r) => Math.round(r)).join(', ')} ms`);

    const service = testServiceName('bench');
    const probe = await probeKeychain(createKeytarStore({ service }));
    if (probe.state === 'available') {
      const runs = await keychainRuns(targets, service);
      figures.push({ name: 'unlock + provision 500, OS keychain (median)', value: median(runs), unit: 'ms' });
      notes.push(
        `OS keychain runs: ${runs.map((r) => Math.round(r)).join(', ')} ms — about 500 keychain writes; gnome-keyring rewrites its whole keyring file on each (≈30 ms a write here, growing with the entry count).`,
      );
    } else {
      notes.push(
        `OS keychain not available here (${probe.state}: ${probe.reason ?? '?'}): memory store only.`,
      );
    }
    notes.push(`host ${hostname()}, node ${process.version}`);
    return {
      figures,
      budgets: [
        {
          name: `unlock + provision keys on ${DEVICES} devices ≤ ${BUDGET_MS / 1000} s (memory store)`,
          met: memoryMedian <= BUDGET_MS,
          detail: `median ${Math.round(memoryMedian)} ms`,
        },
      ],
      notes,
    };
  } finally {
    await fleet.close();
  }
}
