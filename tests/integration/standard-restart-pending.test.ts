/**
 * Restart pending on the app's path (issue 32): the `standard:*` channels over the core services as
 * Electron main builds them, simulated devices over loopback HTTP. A device given a preset through the
 * Power… dialog's channel (`power:set`) and not restarted stores the standard's settings but does not use
 * them: the Standard column's drift says "restart pending", the Commission preview plans its restart
 * only, the run restarts it without writing its settings again, and then it is at the standard.
 */
import { describe, expect, it } from 'vitest';
import type { SimDevice } from '../simulator';
import { useChannelWorld } from '../support/channel-world';
import { RESTART_STORED } from '../../electron/core/standard/commission-plan';

const POOL = 'stratum+tcp://pool.example:3333';

describe('restart pending through the standard channels', () => {
  const world = useChannelWorld({
    name: 'minerdeck-restart-pending-',
    devices: {
      devices: Array.from({ length: 3 }, () => ({ password: 'admin', model: 'Antminer S21 Pro' })),
      defaults: { miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 },
    },
  });
  const { call, idOf } = world;
  const settingsPosts = (d: SimDevice) => d.writeCounts.settingsPosts;
  const restarts = (d: SimDevice) => d.writeCounts.miningRestarts;

  /** Plans until every device is at the standard (restarted devices list their presets a moment later). */
  async function planUntilSettled(ids: string[]) {
    let plan = await call('standard:plan', { deviceIds: ids });
    for (let i = 0; i < 40 && plan.ok && plan.value.entries.some((e) => e.detail !== 'no change'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      plan = await call('standard:plan', { deviceIds: ids });
    }
    return plan;
  }

  async function commission(ids: string[]) {
    const plan = await call('standard:plan', { deviceIds: ids });
    if (!plan.ok) throw new Error(plan.error.message);
    const confirmed = plan.value.entries.map((e) => ({
      deviceId: e.deviceId,
      steps: e.steps.map((s) => s.words),
    }));
    const started = await call('standard:commission', { deviceIds: ids, confirmed });
    expect(started.ok).toBe(true);
    await world.services.standard.settled();
    const run = await call('standard:run', undefined);
    return run.ok ? run.value : null;
  }

  it('shows restart pending after a preset set without a restart, and restarts that device only', async () => {
    const set = await call('standard:set', {
      pools: [{ url: POOL, worker: 'acct.{ip4}' }],
      power: { kind: 'preset', name: '2640' },
    });
    expect(set.ok).toBe(true);
    const devices = world.fleet.devices;
    const ids = devices.map(idOf);
    // New devices: the factory password is what they take now (remembered for the rest).
    expect((await call('standard:plan', { deviceIds: ids, currentPassword: 'admin' })).ok).toBe(true);
    const first = await commission(ids);
    expect(first?.devices.map((d) => d.outcome)).toEqual(['done', 'done', 'done']);
    const settled = await planUntilSettled(ids);
    expect(settled.ok && settled.value.entries.map((e) => e.detail)).toEqual(ids.map(() => 'no change'));

    // Another preset and back through the Power… dialog's channel: stored, not in force (no restart).
    const [target] = devices as [SimDevice];
    for (const preset of ['2800', '2640']) {
      const wrote = await call('power:set', {
        deviceIds: [idOf(target)],
        choice: { kind: 'preset', name: preset },
        confirmed: [{ deviceId: idOf(target), preset }],
      });
      expect(wrote.ok && wrote.value.results.map((r) => r.outcome)).toEqual(['done']);
    }
    const posts = devices.map(settingsPosts);
    const restartsBefore = devices.map(restarts);

    const drift = await call('standard:drift', { deviceIds: ids, refresh: true });
    expect(drift.ok && drift.value.devices.map((d) => d.words)).toEqual([['restart pending'], [], []]);
    expect(drift.ok && drift.value.summary).toMatchObject({
      atStandard: 2,
      differ: 1,
      byPart: { restart: 1 },
    });
    const plan = await call('standard:plan', { deviceIds: ids });
    expect(plan.ok && plan.value.entries.map((e) => e.steps.map((s) => s.words))).toEqual([
      [RESTART_STORED],
      [],
      [],
    ]);

    const run = await commission(ids);
    expect(run?.devices.map((d) => d.outcome)).toEqual(['done', 'unchanged', 'unchanged']);
    expect(devices.map(restarts)).toEqual(restartsBefore.map((n, i) => n + (i === 0 ? 1 : 0)));
    expect(devices.map(settingsPosts)).toEqual(posts);
    const after = await call('standard:drift', { deviceIds: ids, refresh: true });
    expect(after.ok && after.value.devices.map((d) => d.status)).toEqual(ids.map(() => 'at-standard'));
  }, 120_000);
});
