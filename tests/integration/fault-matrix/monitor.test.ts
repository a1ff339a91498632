/**
 * Fault matrix, monitoring: one monitor over a device per fault and two healthy ones, each with its
 * password stored. Every device settles in a state with a reason a person can act on, within a few poll
 * intervals; the healthy ones stay online throughout and nothing stored is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialServices } from '../../../electron/core/credentials/credential-services';
import type { Monitor } from '../../../electron/core/monitor/monitor';
import { createMonitor } from '../../../electron/core/monitor/monitor';
import type { MonitorSettings } from '../../../electron/core/monitor/monitor-options';
import { monitorClientOptions } from '../../../electron/core/monitor/monitor-options';
import type { MonitorDiff } from '../../../shared/domain/monitor';
import { implausibleLabel } from '../../../shared/format/implausible';
import { servicesFor } from '../../support/credential-services';
import { unlocksOf } from '../../support/sim-targets';
import type { Observed } from './cells';
import { itChecksEveryCell } from './cells';
import type { FaultFleet } from './fault-fleet';
import { knownTargets, SITE_PASSWORD, startFaultFleet } from './fault-fleet';
import type { FaultId } from './matrix';
import { FAULT_IDS, MATRIX } from './matrix';

const SETTINGS: MonitorSettings = {
  intervalMs: 600,
  timeoutMs: 500,
  maxBackoffMs: 2400,
  quickRecheckMs: 100,
  offlineAfterMissedPolls: 3,
  diffIntervalMs: 100,
};
/** Three missed polls with backoff, plus room for a loaded CI machine. */
const SETTLE_MS = 20_000;

let ff: FaultFleet;
let services: CredentialServices;
let monitor: Monitor;
const diffs: MonitorDiff[] = [];
let settledMs: number;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const stateOf = (i: number) => monitor.device(knownTargets(ff)[i]!.deviceId)!.view;
/** The reason, and the values left out as implausible (as `monitor` prints them). */
const shownOf = (i: number): string => {
  const odd = stateOf(i).reading?.implausible?.map((entry) => implausibleLabel(entry.field));
  return odd === undefined ? stateOf(i).reason : `${stateOf(i).reason} · implausible: ${odd.join(', ')}`;
};
const settled = (): boolean => FAULT_IDS.every((id, i) => stateOf(i).state === MATRIX[id].monitor.outcome);

beforeAll(async () => {
  ff = await startFaultFleet(monitorClientOptions(SETTINGS));
  services = servicesFor(ff.client);
  const targets = knownTargets(ff);
  for (const target of targets) await services.vault.setDevicePassword(target.deviceId, SITE_PASSWORD);
  monitor = createMonitor({ client: ff.client, sessions: services.sessions, ...SETTINGS });
  monitor.subscribe((diff) => diffs.push(diff));
  const started = performance.now();
  monitor.start(targets);
  // Bounded wait for every cell's state; a cell that never gets there fails below with what it shows.
  for (const deadline = Date.now() + SETTLE_MS; !settled() && Date.now() < deadline;) await sleep(100);
  settledMs = performance.now() - started;
  // A few more polls: the states must hold, not just pass through.
  await sleep(3 * SETTINGS.intervalMs!);
}, SETTLE_MS + 10_000);

afterAll(async () => {
  await monitor?.stop();
  await ff?.close();
});

describe('fault matrix: monitoring', () => {
  itChecksEveryCell(
    'monitor',
    () =>
      Object.fromEntries(
        FAULT_IDS.map((id, i) => [id, { outcome: stateOf(i).state, text: shownOf(i) }]),
      ) as Record<FaultId, Observed>,
  );

  it('settles every device within a few poll intervals; the healthy ones are online', () => {
    expect(settledMs).toBeLessThan(SETTLE_MS - 1000);
    for (const i of ff.healthy.keys()) expect(stateOf(FAULT_IDS.length + i).state).toBe('online');
  });

  it('never leaves a device without a state and a reason, and the window heard of each one', () => {
    const reported = new Set(diffs.flatMap((d) => d.devices.map((v) => v.deviceId)));
    for (const [i, target] of knownTargets(ff).entries()) {
      expect(['discovered', 'unlocking']).not.toContain(stateOf(i).state);
      expect(stateOf(i).reason).not.toBe('');
      expect(reported.has(target.deviceId), target.deviceId).toBe(true);
    }
  });

  it('renews expired sessions by itself, never re-sends a refused password, keeps stored passwords', async () => {
    expect(unlocksOf(ff.device['token-expiry']).length).toBeGreaterThan(1);
    // A token HTTP cannot carry back is retried poll after poll, never given up.
    expect(unlocksOf(ff.device['unsendable-token']).length).toBeGreaterThan(1);
    expect(unlocksOf(ff.device['wrong-password'])).toHaveLength(1);
    expect(unlocksOf(ff.device.lockout)).toHaveLength(1);
    for (const { deviceId } of knownTargets(ff)) {
      expect((await services.vault.passwordFor(deviceId, undefined))?.secret).toBe(SITE_PASSWORD);
    }
  });
});
