/**
 * The one place monitor tests build a monitor against simulated devices: a real device client over
 * loopback HTTP (with the monitor's client options), the real credential services over the session-only
 * memory store holding each device's password (the way the keychain would), and short intervals so a
 * suite runs in seconds.
 */
import { parseDeviceAddress } from '../../shared/domain/device-address';
import type { MonitorDiff, MonitorState } from '../../shared/domain/monitor';
import { addressDeviceId } from '../../electron/core/credentials/device-identity';
import type { SessionManager } from '../../electron/core/credentials/session-manager';
import type { CredentialVault } from '../../electron/core/credentials/vault';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { DeviceDetail, Monitor, MonitorTarget } from '../../electron/core/monitor/monitor';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { MonitorSettings } from '../../electron/core/monitor/monitor-options';
import { monitorClientOptions } from '../../electron/core/monitor/monitor-options';
import type { Fleet, SimDevice, SimDeviceOptions } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from './credential-services';

export interface MonitorHarness {
  fleet: Fleet;
  devices: SimDevice[];
  targets: MonitorTarget[];
  client: DeviceClient;
  vault: CredentialVault;
  sessions: SessionManager;
  monitor: Monitor;
  /** Every diff the monitor sent, in order. */
  diffs: MonitorDiff[];
  detail(index: number): DeviceDetail;
  /** Resolves with the device's detail once it is in `state` (fails the test after `timeoutMs`). */
  waitForState(index: number, state: MonitorState, timeoutMs?: number): Promise<DeviceDetail>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  devices: SimDeviceOptions[];
  /** Defaults: 100 ms interval, 3 misses to offline, 800 ms max backoff. */
  settings?: MonitorSettings;
  /** Store each device's password in the vault (default true). */
  storePasswords?: boolean;
}

export const TEST_SETTINGS: MonitorSettings = {
  intervalMs: 100,
  timeoutMs: 80,
  maxBackoffMs: 800,
  quickRecheckMs: 30,
  offlineAfterMissedPolls: 3,
  diffIntervalMs: 20,
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startMonitorHarness(options: HarnessOptions): Promise<MonitorHarness> {
  const fleet = await startFleet({ devices: options.devices });
  const client = createDeviceClient(monitorClientOptions({ ...TEST_SETTINGS, ...options.settings }));
  const { vault, sessions } = servicesFor(client);
  const targets = fleet.devices.map((device): MonitorTarget => {
    const address = parseDeviceAddress(device.address);
    if (!address.ok) throw new Error(`bad simulator address ${device.address}`);
    return { deviceId: addressDeviceId(address.value), address: address.value };
  });
  if (options.storePasswords !== false) {
    await Promise.all(
      targets.map((target, i) =>
        vault.setDevicePassword(target.deviceId, fleet.devices[i]?.options.password ?? 'admin'),
      ),
    );
  }
  const monitor = createMonitor({ client, sessions, ...TEST_SETTINGS, ...options.settings });
  const diffs: MonitorDiff[] = [];
  monitor.subscribe((diff) => diffs.push(diff));

  const detail = (index: number): DeviceDetail => {
    const target = targets[index];
    const found = target === undefined ? undefined : monitor.device(target.deviceId);
    if (found === undefined) throw new Error(`device ${index} is not monitored`);
    return found;
  };

  return {
    fleet,
    devices: fleet.devices,
    targets,
    client,
    vault,
    sessions,
    monitor,
    diffs,
    detail,
    async waitForState(index, state, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = detail(index);
        if (found.view.state === state) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `device ${index} is ${found.view.state} (${found.view.reason}), not ${state}, after ${timeoutMs} ms`,
          );
        }
        await sleep(10);
      }
    },
    async close() {
      await monitor.stop();
      client.close();
      await fleet.close();
    },
  };
}

/** The times (ms) between consecutive recorded requests to `path`. */
export function gapsBetween(device: SimDevice, path: string): number[] {
  const times = device.requests.filter((r) => r.path === path).map((r) => r.time);
  return times.slice(1).map((t, i) => t - (times[i] ?? t));
}
