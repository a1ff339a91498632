/**
 * One look at every device of a site for a report produced outside the app (`minerdeck report`): the
 * monitor, run for exactly one poll per device, then stopped. Using the monitor itself rather than a
 * second reader keeps one definition of each state, its reason and every alert rule; one missed poll
 * counts as offline here, since there is no second poll to wait for.
 *
 * Credentials come from the session manager as in the app (stored API key, else the stored password);
 * a device with nothing stored ends `locked`, which is what the report should say about it.
 */
import type { CommissioningSnapshot } from '../../../shared/domain/report';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient } from '../device/client';
import type { MonitorTarget } from '../monitor/monitor';
import { createMonitor } from '../monitor/monitor';
import { monitorPools, snapshotFromMonitor } from './snapshot';

export interface LiveCheckOptions {
  client: DeviceClient;
  sessions: SessionManager;
  /** Time allowed to one device's poll, every request in it; default 4 s. */
  timeoutMs?: number;
  /** Devices read at once; default 64 (a report is not a race, and devices may be busy). */
  concurrency?: number;
  signal?: AbortSignal;
}

/** States a device is in before its first poll has finished. */
const PENDING = new Set(['discovered', 'unlocking']);
const WATCH_MS = 25;
/** Far longer than one poll: the scheduler starts them all within milliseconds. */
const ONE_POLL_INTERVAL_MS = 3_600_000;

export async function checkDevices(
  targets: readonly MonitorTarget[],
  options: LiveCheckOptions,
): Promise<CommissioningSnapshot> {
  const timeoutMs = options.timeoutMs ?? 4_000;
  const monitor = createMonitor({
    client: options.client,
    sessions: options.sessions,
    intervalMs: ONE_POLL_INTERVAL_MS,
    timeoutMs,
    concurrency: options.concurrency ?? 64,
    offlineAfterMissedPolls: 1,
    jitter: 0,
  });
  for (const target of targets) monitor.add(target);
  // Every device gets its poll's time, once per batch of `concurrency`, plus a margin for unlocks.
  const batches = Math.ceil(targets.length / (options.concurrency ?? 64));
  const deadline = Date.now() + (batches + 1) * (timeoutMs + 1_000);
  while (
    options.signal?.aborted !== true &&
    Date.now() < deadline &&
    monitor.snapshot().devices.some((device) => PENDING.has(device.state))
  ) {
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
  }
  const snapshot = snapshotFromMonitor(monitor.snapshot(), monitor.clearedAlerts(), monitorPools(monitor));
  await monitor.stop();
  return snapshot;
}
