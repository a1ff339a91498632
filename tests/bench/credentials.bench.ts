/**
 * `npm run bench -- credentials`: unlock 500 simulated devices with one site password (stored,
 * as `unlock --remember --site` does) and provision a verified API key on each — commissioning a batch.
 * Budget: ≤ 10 s, on the real OS keychain as the app opens it (journaled-store.ts: keys are durable in a
 * few journal entries when each device's outcome is reported) and on the session-only memory store. The
 * filing of the journal into one keychain entry per key, which runs afterwards in the background, is
 * timed separately and reported. Each run starts with an empty vault; medians of 5 runs.
 *
 * Also "change password on 500 devices" (password-change-runs.ts): budget ≤ 15 s with the OS
 * keychain, median of 5.
 */
import { hostname } from 'node:os';
import { DEFAULT_BULK_CONCURRENCY } from '../../electron/core/credentials/bulk';
import { createJournaledStore } from '../../electron/core/credentials/journaled-store';
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
import { passwordChangeRuns } from './password-change-runs';
import type { BenchReport, Figure } from './bench-kit';
import { median, timeRuns } from './bench-kit';

const DEVICES = 500;
const RUNS = 5;
const BUDGET_MS = 10_000;
const CHANGE_BUDGET_MS = 15_000;
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

/** Timed runs on the real keychain, then the filing timed on its own; emptying it between runs is not timed. */
async function keychainRuns(
  targets: { address: DeviceAddress }[],
  service: string,
): Promise<{ commission: number[]; filing: number[] }> {
  const runs = { commission: [] as number[], filing: [] as number[] };
  for (let i = 0; i < RUNS; i += 1) {
    const store = createJournaledStore(createKeytarStore({ service, timeoutMs: 60_000 }), {
      autoFile: false,
    });
    const started = performance.now();
    await commission(targets, store);
    runs.commission.push(performance.now() - started);
    const filingStarted = performance.now();
    await store.settle();
    runs.filing.push(performance.now() - filingStarted);
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
    let keychainMedian: number | undefined;
    let changeMedian: number | undefined;
    const probe = await probeKeychain(createKeytarStore({ service }));
    if (probe.state === 'available') {
      const runs = await keychainRuns(targets, service);
      keychainMedian = median(runs.commission);
      figures.push({
        name: 'unlock + provision 500, OS keychain (median)',
        value: keychainMedian,
        unit: 'ms',
      });
      figures.push({
        name: 'filing 500 keys into their own entries afterwards, background (median)',
        value: median(runs.filing),
        unit: 'ms',
      });
      notes.push(
        `OS keychain runs: ${runs.commission.map((r) => Math.round(r)).join(', ')} ms; filing afterwards: ${runs.filing.map((r) => Math.round(r)).join(', ')} ms — gnome-keyring rewrites its whole keyring on each write, so one entry per key costs ≈30 ms a write at 500 entries; the journal makes the keys durable in ~2 KB entries first.`,
      );
      // Password changes run last: they move the devices off SITE_PW.
      const changed = await passwordChangeRuns(fleet, {
        first: SITE_PW,
        runs: RUNS,
        keychainService: service,
        memory: createMemoryStore,
      });
      changeMedian = median(changed.runs.change);
      figures.push({
        name: 'change password on 500, OS keychain (median)',
        value: changeMedian,
        unit: 'ms',
      });
      figures.push({
        name: 'filing after the change, background (median)',
        value: median(changed.runs.filing),
        unit: 'ms',
      });
      notes.push(
        `password change runs (preview, then per device: unlock, pending written, POST /settings, unlock with the new password, promotion): ${changed.runs.change.map((r) => Math.round(r)).join(', ')} ms; filing afterwards: ${changed.runs.filing.map((r) => Math.round(r)).join(', ')} ms`,
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
        ...(keychainMedian !== undefined
          ? [
              {
                name: `unlock + provision keys on ${DEVICES} devices ≤ ${BUDGET_MS / 1000} s (OS keychain)`,
                met: keychainMedian <= BUDGET_MS,
                detail: `median ${Math.round(keychainMedian)} ms`,
              },
            ]
          : []),
        ...(changeMedian !== undefined
          ? [
              {
                name: `change password on ${DEVICES} devices ≤ ${CHANGE_BUDGET_MS / 1000} s (OS keychain)`,
                met: changeMedian <= CHANGE_BUDGET_MS,
                detail: `median ${Math.round(changeMedian)} ms`,
              },
            ]
          : []),
      ],
      notes,
    };
  } finally {
    await fleet.close();
  }
}
