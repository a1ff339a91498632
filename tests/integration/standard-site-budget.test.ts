/**
 * Issue 32, "A power budget that holds still", through the core the app's window uses (planCommission →
 * runCommission over simulated devices on real HTTP): 200 devices, a standard with site password, one pool
 * and a site budget of 560 kW are commissioned; once every preset the run gave is tuned (the simulator's
 * tuned presets carry a measured hash rate, ±2 % of nominal per device), the next preview plans no preset
 * change and every device's power is at the standard. Before the fix, 75 devices moved a preset down at
 * every preview. Also: the same devices listed in another order get the same presets.
 */
import { describe, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { PoolTarget } from '../../electron/core/commission/pool-plan';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import { runCommission } from '../../electron/core/standard/commission-run';
import type { PlannedCommission } from '../../electron/core/standard/standard-commission';
import { planCommission } from '../../electron/core/standard/standard-commission';
import type { SiteStandard } from '../../shared/domain/standard';
import { targetOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const SITE = 'hall';
const SITE_PW = 'Hall-site-pw-2024';
const STANDARD: SiteStandard = {
  password: true,
  pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{label}', password: 'x' }],
  power: { kind: 'site-kw', kw: 560 },
  updatedAt: '2025-01-01T00:00:00.000Z',
};
/** Short tuning and restarts: the facts change (untuned → tuned, nominal → measured) within the test. */
const AUTO_TUNE_S = 1;

const sims = fleetPerTest();

async function setup(count: number) {
  const { fleet, client } = await sims.open(
    { count, defaults: { password: 'admin', autoTuneSeconds: AUTO_TUNE_S, miningRestartSeconds: 1 } },
    { totalTimeoutMs: 10_000, connectTimeoutMs: 5000 },
  );
  const vault = createVault(createMemoryStore());
  await vault.setSitePassword(SITE, SITE_PW);
  const sessions = createSessionManager({ client, vault });
  const commission = createCommissionServices({ client, credentials: { vault, sessions } });
  const targets: PoolTarget[] = fleet.devices.map((d, i) => ({
    ...targetOf(d),
    facts: { label: `R${i + 1}` },
  }));
  for (const t of targets) await sessions.unlockWith(t, 'admin');
  const plan = (listed: readonly PoolTarget[] = targets) =>
    planCommission({ commission, sessions, client }, SITE, STANDARD, listed, {
      sitePassword: SITE_PW,
      firmwareOf: () => undefined,
      offlineReason: () => undefined,
      verdicts: new Map(),
      concurrency: 32,
    });
  const deps = { client, sessions, commission, now: () => new Date() };
  return { devices: fleet.devices, targets, commission, plan, deps };
}

const presetSteps = (planned: PlannedCommission) =>
  planned.plan.entries.filter((e) => e.steps.some((s) => /preset/.test(s.words)));

describe('site budget through Commission', () => {
  it('200 devices, 560 kW: after the run and the tuning, a new preview plans no preset change', async () => {
    const { devices, targets, commission, plan, deps } = await setup(200);
    const first = await plan();
    const moved = presetSteps(first).length;
    expect(moved).toBeGreaterThan(0);
    // The same devices in another order: the same presets.
    const reversed = await plan([...targets].reverse());
    expect(new Map([...reversed.presets].sort())).toEqual(new Map([...first.presets].sort()));

    // The fleet rows' preset watch has read every device before the run (the window asks at once).
    await commission.presetsOf(targets);
    const outcomes = await runCommission(deps, {
      siteId: SITE,
      standard: STANDARD,
      entries: first.plan.entries,
      targets,
      presets: first.presets,
      sitePassword: SITE_PW,
      concurrency: 32,
    });
    expect(outcomes.filter((o) => o.outcome !== 'done').map((o) => o.message)).toEqual([]);
    // The rows say the preset the run gave (running, or configured until the restart applies it), not
    // the one read before the run: the standard's one settings write tells the watch, as Power… does.
    const views = await commission.presetsOf(targets);
    const shown = (id: string) => views[id]?.configured ?? views[id]?.inUse;
    expect(targets.filter((t) => shown(t.deviceId) !== first.presets.get(t.deviceId))).toEqual([]);

    // Every preset in use is tuned now (bounded wait): the facts the next plan reads have changed.
    let listed = await commission.planPower(targets, STANDARD.power!, { concurrency: 32 });
    for (
      let i = 0;
      i < 40 && !(listed.ok && listed.value.entries.every((e) => e.preset?.status === 'tuned'));
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      listed = await commission.planPower(targets, STANDARD.power!, { concurrency: 32 });
    }
    expect(listed.ok && listed.value.entries.every((e) => e.preset?.status === 'tuned')).toBe(true);
    expect(devices.every((d) => d.presetInUse === first.presets.get(targetOf(d).deviceId))).toBe(true);

    const second = await plan();
    expect(presetSteps(second).map((e) => `${e.address}: ${e.steps.map((s) => s.words).join(', ')}`)).toEqual(
      [],
    );
    expect(second.drifts.filter((d) => d.status !== 'at-standard').map((d) => d.words)).toEqual([]);
    expect(second.presets).toEqual(first.presets);
  }, 180_000);
});
