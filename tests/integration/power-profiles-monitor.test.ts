/**
 * A new untuned preset seen by the monitor of the same process (the app's case), against a simulated
 * device: after the preset is set and mining restarted, the device tunes itself (`auto-tuning`) — shown
 * online with its own word, kind `tuning`, never offline and never a hash-rate alarm while it tunes, even
 * at a hash rate that raises one once it mines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';

let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('tuning after a new preset', () => {
  it('is an expected state: online, kind tuning, no alarm and never offline; then mining', async () => {
    h = await startMonitorHarness({
      // Hash rate at 60 % of nominal: a hash-rate alarm while mining, none while tuning.
      devices: [
        {
          miningRestartSeconds: 0.3,
          autoTuneSeconds: 1.5,
          hardwareFaults: [{ kind: 'low-hash-rate', factor: 0.6 }],
        },
      ],
    });
    const harness = h;
    harness.monitor.start(harness.targets);
    await harness.waitForState(0, 'online');
    const commission = createCommissionServices({
      client: harness.client,
      credentials: { vault: harness.vault, sessions: harness.sessions },
      actions: { disruptions: harness.monitor },
    });
    const planned = await commission.planPower(harness.targets, { kind: 'preset', name: '3250' });
    if (!planned.ok) throw new Error(planned.error.message);
    const set = await commission.setPower(harness.targets, { plan: planned.value });
    if (!set.ok) throw new Error(set.error.message);
    expect(set.value.results[0]).toMatchObject({ outcome: 'done', restartRequired: true, tunes: true });
    // Mining at 60 % of nominal before the change: the hash-rate alarm is up.
    const raised = () => harness.diffs.flatMap((d) => d.raised.map((a) => a.kind));
    const cleared = () => harness.diffs.flatMap((d) => d.cleared.map((a) => a.kind));
    for (let i = 0; i < 300 && !raised().includes('hash-rate'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(raised()).toEqual(['hash-rate']);
    const plan = await commission.planDeviceAction('restart-mining', harness.targets);
    await commission.restartMining(harness.targets, { plan });
    const raisedFrom = harness.diffs.length;

    const tuning = await (async () => {
      for (let i = 0; i < 300; i += 1) {
        const detail = harness.detail(0);
        if (detail.view.state === 'online' && detail.reading?.state.name === 'auto-tuning') return detail;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`never seen tuning: ${harness.detail(0).view.reason}`);
    })();
    expect(tuning.view.reason).toBe('device reports auto-tuning');
    expect(tuning.reading?.state.kind).toBe('tuning');
    // Tuning is not an alarm: the hash-rate alarm of the old run clears, and nothing is raised.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.detail(0).reading?.state.name).toBe('auto-tuning');
    expect(harness.diffs.slice(raisedFrom).flatMap((d) => d.raised.map((a) => a.kind))).toEqual([]);
    expect(cleared()).toEqual(['hash-rate']);

    const mining = await (async () => {
      for (let i = 0; i < 400; i += 1) {
        const detail = harness.detail(0);
        if (detail.reading?.state.name === 'mining') return detail;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`never back to mining: ${harness.detail(0).view.reason}`);
    })();
    expect(mining.view.state).toBe('online');
    const states = harness.diffs.slice(raisedFrom).flatMap((d) => d.devices.map((v) => v.state));
    expect(states).not.toContain('offline');
    expect(harness.devices[0]!.presetInUse).toBe('3250');
    // Mining again at 60 %: the usual alarm comes back.
    for (let i = 0; i < 300 && raised().length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(raised()).toEqual(['hash-rate', 'hash-rate']);
  }, 20_000);
});
