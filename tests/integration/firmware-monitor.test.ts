/**
 * A device in a firmware update, as monitors see it: "updating (back in about N s)" like a reboot, never an
 * offline alarm, never counted offline — whether the update runs in the monitor's own process (the app:
 * the firmware service tells the monitor) or in another one (`minerdeck firmware upgrade` in a terminal,
 * found in the site's activity log, as `minerdeck monitor` and the app look it up).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorDiff, MonitorState } from '../../shared/domain/monitor';
import { createActivityLookup } from '../../electron/core/commission/activity-lookup';
import { createPinOverlay } from '../../electron/core/firmware/certificates';
import { createFirmwareService } from '../../electron/core/firmware/firmware-service';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import type { Monitor } from '../../electron/core/monitor/monitor';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { S21, TEST_TIMING, writeSimImage } from '../support/firmware-world';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness, TEST_SETTINGS } from '../support/monitor-harness';
import { runCli } from '../support/run-cli';
import { targetOf } from '../support/sim-targets';
import { servicesFor } from '../support/credential-services';
import { createDeviceClient } from '../../electron/core/device/client';
import { monitorClientOptions } from '../../electron/core/monitor/monitor-options';

const PASSWORD = 'Rack-4-pw';
/** Down for 1.5 s: at a 100 ms interval and 3 misses, an alarm five times over if it were not expected. */
const SLOW_UPDATE = {
  model: S21.model,
  firmwareVersion: '1.2.6',
  password: PASSWORD,
  rebootAfterSeconds: 0,
  rebootDownSeconds: 1.5,
  bootSeconds: 0.3,
};

let dir: string | undefined;
let h: MonitorHarness | undefined;
let fleet: Fleet | undefined;
let monitor: Monitor | undefined;
afterEach(async () => {
  await h?.close();
  await monitor?.stop();
  await fleet?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  h = undefined;
  monitor = undefined;
  fleet = undefined;
  dir = undefined;
});

const inventoryIn = (dataDir: string) =>
  createInventoryServices({ dataDir, laptop: 'test-laptop', app: { name: 'Minerdeck', version: '0' } });

/** Each state the device went through, with the reason it first had, from the diffs. */
function statesOf(
  diffs: readonly MonitorDiff[],
  deviceId: string,
): { state: MonitorState; reason: string }[] {
  const seen: { state: MonitorState; reason: string }[] = [];
  for (const diff of diffs) {
    for (const view of diff.devices) {
      if (view.deviceId === deviceId && seen.at(-1)?.state !== view.state)
        seen.push({ state: view.state, reason: view.reason });
    }
  }
  return seen;
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectUpdatingNotOffline(diffs: readonly MonitorDiff[], deviceId: string): void {
  const states = statesOf(diffs, deviceId);
  const from = states.findIndex((s) => s.state === 'rebooting');
  expect(from, JSON.stringify(states)).toBeGreaterThan(-1);
  expect(states[from]!.reason).toMatch(/^updating \(back in about \d+ s\)$/);
  expect(states.slice(from).map((s) => s.state)).toEqual(['rebooting', 'online']);
  expect(states.map((s) => s.state)).not.toContain('offline');
  expect(diffs.flatMap((d) => d.raised.map((a) => a.kind))).toEqual([]);
  expect(diffs.every((d) => d.totals.byState.offline === 0)).toBe(true);
  expect(diffs.some((d) => d.totals.byState.rebooting === 1)).toBe(true);
}

describe('a device in a firmware update, seen by a monitor', () => {
  it('of the same process: told by the firmware service, it shows "updating", then online again', async () => {
    h = await startMonitorHarness({ devices: [SLOW_UPDATE] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-firmware-monitor-'));
    const inventory = inventoryIn(join(dir, 'data'));
    const site = await inventory.createSite({ name: 'Hall 7', use: true });
    if (!site.ok) throw new Error(site.error.message);
    const firmware = createFirmwareService({
      client: h.client,
      credentials: { vault: h.vault, sessions: h.sessions },
      inventory,
      pins: createPinOverlay(undefined),
      disruptions: h.monitor,
      timing: TEST_TIMING,
    });
    const prepared = await firmware.prepare({
      targets: h.targets,
      imagePath: writeSimImage(dir, '1.2.7', S21.id),
      siteId: site.value.id,
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const run = firmware.start(prepared.value);
    if (!run.ok) throw new Error(run.error.message);
    const during = await h.waitForState(0, 'rebooting', 2000);
    expect(during.view.reason).toMatch(/^updating \(back in about \d+ s\)$/);
    const outcome = await run.value.outcome;
    expect(outcome.devices[0]).toMatchObject({ outcome: 'verified', to: '1.2.7' });
    await h.waitForState(0, 'online', 5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectUpdatingNotOffline(h.diffs, h.targets[0]!.deviceId);
  });

  it(
    'of another process: `minerdeck firmware upgrade` in a terminal, found in the activity log',
    { timeout: 60_000 },
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'minerdeck-firmware-monitor-'));
      const dataDir = join(dir, 'data');
      fleet = await startFleet({ devices: [SLOW_UPDATE] });
      const device = fleet.devices[0]!;
      // The monitor of `minerdeck monitor` (or the app): the log of the same data folder, looked up when a device falls silent.
      const client = createDeviceClient(monitorClientOptions(TEST_SETTINGS));
      const { vault, sessions } = servicesFor(client);
      const target = targetOf(device);
      await vault.setDevicePassword(target.deviceId, PASSWORD);
      const log = createActivityLookup({ store: inventoryIn(dataDir).store });
      monitor = createMonitor({
        client,
        sessions,
        ...TEST_SETTINGS,
        lookupDisruption: (t) => log.disruptionFor(t),
      });
      const diffs: MonitorDiff[] = [];
      monitor.subscribe((diff) => diffs.push(diff));
      monitor.start([target]);
      const watched = monitor;
      await until(() => watched.device(target.deviceId)?.view.state === 'online', 5000, 'online');

      const image = writeSimImage(dir, '1.2.7', S21.id);
      const run = await runCli(
        [
          'firmware',
          'upgrade',
          device.address,
          '--file',
          image,
          '--yes',
          '--data-dir',
          dataDir,
          '--password-stdin',
          '--json',
        ],
        {
          stdin: PASSWORD,
          timeoutMs: 30_000,
        },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.json[0]).toMatchObject({ address: device.address, ok: true, from: '1.2.6', to: '1.2.7' });
      await until(() => watched.device(target.deviceId)?.view.state === 'online', 5000, 'online again');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expectUpdatingNotOffline(diffs, target.deviceId);
      client.close();
    },
  );
});
