/**
 * A reboot or mining restart sent by the commissioning services while a monitor of the same process
 * watches (the app's case), against simulated devices over loopback HTTP: the monitor is told at once and
 * shows `rebooting` / `restarting` instead of an offline alarm, the device comes back online by itself —
 * after a reboot with a fresh unlock (its tokens are gone) — and the fleet totals never count it offline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorState } from '../../shared/domain/monitor';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';
import { unlocksOf } from '../support/sim-targets';

const PASSWORD = 'Rack-4-pw';
let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The states the monitor reported for device 0, each once in a row. */
function statesSeen(harness: MonitorHarness): MonitorState[] {
  const id = harness.targets[0]!.deviceId;
  const seen: MonitorState[] = [];
  for (const diff of harness.diffs) {
    for (const view of diff.devices)
      if (view.deviceId === id && seen.at(-1) !== view.state) seen.push(view.state);
  }
  return seen;
}

/** Diffs go out batched: waits until the last one names this state. */
async function lastDiffSays(harness: MonitorHarness, state: MonitorState): Promise<MonitorState[]> {
  for (let i = 0; i < 200 && statesSeen(harness).at(-1) !== state; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return statesSeen(harness);
}

/** The states from the first `from` on. */
const after = (states: MonitorState[], from: MonitorState) => states.slice(states.indexOf(from));

const raisedKinds = (harness: MonitorHarness): string[] =>
  harness.diffs.flatMap((d) => d.raised.map((a) => a.kind));

async function watching(options: Parameters<typeof startMonitorHarness>[0]['devices'][number]) {
  h = await startMonitorHarness({ devices: [{ password: PASSWORD, ...options }] });
  h.monitor.start(h.targets);
  await h.waitForState(0, 'online');
  const commission = createCommissionServices({
    client: h.client,
    credentials: { vault: h.vault, sessions: h.sessions },
    actions: { disruptions: h.monitor },
  });
  return { harness: h, commission };
}

describe('reboot and restart seen by the monitor of the same process', () => {
  it('reboot: rebooting (no offline alarm, not counted offline), then online again after a fresh unlock', async () => {
    const { harness, commission } = await watching({
      rebootAfterSeconds: 0,
      rebootDownSeconds: 1,
      bootSeconds: 0.4,
    });
    const device = harness.devices[0]!;
    const unlocksBefore = unlocksOf(device).length;
    const plan = await commission.planDeviceAction('reboot', harness.targets);
    const { results } = await commission.reboot(harness.targets, { plan });
    expect(results[0]).toMatchObject({ outcome: 'done', after: 0 });
    const during = await harness.waitForState(0, 'rebooting', 500);
    expect(during.view.reason).toMatch(/^rebooting \(back in about \d+ s\)$/);
    await harness.waitForState(0, 'online', 6000);

    expect(device.writeCounts.reboots).toBe(1);
    const states = await lastDiffSays(harness, 'online');
    expect(after(states, 'rebooting')).toEqual(['rebooting', 'online']);
    expect(states).not.toContain('offline');
    expect(raisedKinds(harness)).toEqual([]);
    expect(harness.diffs.every((d) => d.totals.byState.offline === 0)).toBe(true);
    expect(harness.diffs.some((d) => d.totals.byState.rebooting === 1)).toBe(true);
    // Its tokens went with the reboot: the monitor unlocked again by itself, once.
    expect(unlocksOf(device).length - unlocksBefore).toBe(1);
    expect(harness.detail(0).credential).toBe('token');
  });

  it('restart mining: restarting while the device restarts, then online and mining', async () => {
    const { harness, commission } = await watching({ miningRestartSeconds: 1.2 });
    const plan = await commission.planDeviceAction('restart-mining', harness.targets);
    const { results, until } = await commission.restartMining(harness.targets, { plan });
    expect(results[0]).toMatchObject({ outcome: 'done', message: 'mining restart accepted' });
    expect(Date.parse(until!)).toBeGreaterThan(Date.now());
    await harness.waitForState(0, 'restarting', 500);
    const back = await harness.waitForState(0, 'online', 5000);
    expect(back.view.reason).toBe('device reports mining');
    expect(harness.devices[0]!.writeCounts.miningRestarts).toBe(1);
    expect(after(await lastDiffSays(harness, 'online'), 'restarting')).toEqual(['restarting', 'online']);
    expect(raisedKinds(harness)).toEqual([]);
  });
});
