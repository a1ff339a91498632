/**
 * The site standard's Commission (electron/core/standard) against simulated devices over real HTTP:
 * 20 factory devices are brought to the standard (site password, pools with their workers, a preset in
 * ONE settings write, a restart where asked); a second run plans "no change" and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { PoolTarget } from '../../electron/core/commission/pool-plan';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import { runCommission } from '../../electron/core/standard/commission-run';
import { planCommission } from '../../electron/core/standard/standard-commission';
import type { SiteStandard } from '../../shared/domain/standard';
import { requestsTo, targetOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const SITE = 'hall';
const SITE_PW = 'Hall-site-pw-2024';
const STANDARD: SiteStandard = {
  password: true,
  pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{label}', password: 'x' }],
  power: { kind: 'preset', name: '2640' },
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const sims = fleetPerTest();

async function setup(count: number) {
  const { fleet, client } = await sims.open(
    { devices: Array.from({ length: count }, () => ({ password: 'admin', model: 'Antminer S21 Pro' })) },
    { totalTimeoutMs: 2000, connectTimeoutMs: 1000 },
  );
  const vault = createVault(createMemoryStore());
  await vault.setSitePassword(SITE, SITE_PW);
  const sessions = createSessionManager({ client, vault });
  const commission = createCommissionServices({ client, credentials: { vault, sessions } });
  const targets: PoolTarget[] = fleet.devices.map((d, i) => ({
    ...targetOf(d),
    facts: { label: `R${i + 1}` },
  }));
  // New devices: the factory password is what they take (as `--password-stdin admin` gives it).
  for (const t of targets) await sessions.unlockWith(t, 'admin');
  const deps = { client, sessions, commission, now: () => new Date() };
  const plan = () =>
    planCommission({ commission, sessions, client }, SITE, STANDARD, targets, {
      sitePassword: SITE_PW,
      firmwareOf: () => undefined,
      offlineReason: () => undefined,
      verdicts: new Map(),
    });
  const run = async () => {
    const planned = await plan();
    return runCommission(deps, {
      siteId: SITE,
      standard: STANDARD,
      entries: planned.plan.entries,
      targets,
      presets: planned.presets,
      sitePassword: SITE_PW,
    });
  };
  return { devices: fleet.devices, plan, run };
}

const writes = (device: Parameters<typeof requestsTo>[0]) =>
  requestsTo(device, '/api/v1/settings', 'POST').length +
  requestsTo(device, '/api/v1/actions/restart', 'POST').length;

describe('site standard commission', () => {
  it('brings 20 factory devices to the standard, then a second run writes nothing', async () => {
    const { devices, plan, run } = await setup(20);
    const first = await plan();
    // Pools and preset in one step where both differ (a simulated device may run 3200 already).
    for (const entry of first.plan.entries) {
      expect(entry.steps.map((s) => s.words)).toEqual([
        'replace the factory password',
        expect.stringMatching(/^set pools( and power preset \w+)?$/),
        'restart',
      ]);
    }
    expect(first.plan.entries.some((e) => e.steps[1]?.words.startsWith('set pools and power preset'))).toBe(
      true,
    );
    const outcomes = await run();
    expect(outcomes.map((o) => [o.outcome, o.message])).toEqual(
      devices.map(() => ['done', 'at the standard']),
    );
    // Password and settings: one POST /settings each; pools and preset went in ONE write.
    for (const d of devices) expect(requestsTo(d, '/api/v1/settings', 'POST')).toHaveLength(2);
    const before = devices.map(writes);

    // The restarted devices list their presets again once mining (bounded wait, as a technician reruns later).
    let second = await plan();
    for (let i = 0; i < 40 && second.drifts.some((d) => d.status === 'not-checked'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      second = await plan();
    }
    expect(second.drifts.map((d) => d.status)).toEqual(devices.map(() => 'at-standard'));
    expect(second.plan.entries.map((e) => e.detail)).toEqual(devices.map(() => 'no change'));
    const again = await run();
    expect(again.map((o) => o.outcome)).toEqual(devices.map(() => 'unchanged'));
    expect(devices.map(writes)).toEqual(before);
  }, 60_000);
});
