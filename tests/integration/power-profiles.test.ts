/**
 * Power profiles (electron/core/power) against simulated devices over real HTTP, in-process: the plan of
 * each choice, 200 devices spread over a site budget and written with read-back, a write the device
 * answers but does not apply (failed by the read-back), one whose answer is lost (decided by the
 * read-back), modified-PSU presets, and the activity entry.
 */
import { describe, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { SessionTarget } from '../../electron/core/credentials/session-target';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { ActivityEntry } from '../../shared/domain/commission';
import type { PowerChoice, PowerPlan, PowerWriteResult } from '../../shared/domain/power-plan';
import type { SimDeviceOptions } from '../simulator';
import { requestsTo, targetOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const SETTINGS = '/api/v1/settings';

const sims = fleetPerTest();

async function setup(options: { count?: number; devices?: SimDeviceOptions[]; defaults?: SimDeviceOptions }) {
  const { fleet, client } = await sims.open(
    { ...options, recordRequests: true },
    { totalTimeoutMs: 2000, connectTimeoutMs: 1000 },
  );
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const recorded: ActivityEntry[] = [];
  const commission = createCommissionServices({
    client,
    credentials: { vault, sessions },
    inventory: {
      recordActivity: async (entry) => {
        const full = { ...entry, id: `a${recorded.length}`, by: 'test' };
        recorded.push(full);
        return { ok: true, value: full };
      },
    },
  });
  const targets: SessionTarget[] = fleet.devices.map((d) => targetOf(d));
  for (const t of targets) await vault.setDevicePassword(t.deviceId, 'admin');
  const plan = async (choice: PowerChoice): Promise<PowerPlan> => {
    const planned = await commission.planPower(targets, choice, { concurrency: 64 });
    if (!planned.ok) throw new Error(planned.error.message);
    return planned.value;
  };
  const apply = async (planned: PowerPlan) => {
    const set = await commission.setPower(targets, { plan: planned, siteId: 'hall', concurrency: 64 });
    if (!set.ok) throw new Error(set.error.message);
    return set.value.results as PowerWriteResult[];
  };
  return { devices: fleet.devices, targets, commission, plan, apply, recorded };
}

describe('power profiles', () => {
  it('200 devices under --site-kw: the plan fits the budget, every device is written once and read back', async () => {
    const { devices, plan, apply, recorded } = await setup({ count: 200 });
    const planned = await plan({ kind: 'site-kw', kw: 600 });
    expect(planned.entries.every((e) => e.send && e.preset !== undefined)).toBe(true);
    expect(planned.totals).toMatchObject({ devices: 200, skipped: 0, budgetW: 600_000, unknownWatts: 0 });
    expect(planned.totals.watts).toBeLessThanOrEqual(600_000);
    // Nothing was written while planning.
    expect(devices.every((d) => requestsTo(d, SETTINGS, 'POST').length === 0)).toBe(true);
    // S19 devices (every fourth) never get their modified-PSU presets (3300, 3400).
    expect(planned.entries.filter((_, i) => i % 4 === 3).every((e) => Number(e.preset!.name) <= 3200)).toBe(
      true,
    );
    // The budget is used up to less than the smallest preset step of any device (70 W).
    expect(600_000 - planned.totals.watts).toBeLessThan(70);

    const results = await apply(planned);
    expect(results.map((r) => r.outcome)).toEqual(devices.map(() => 'done'));
    for (const [i, d] of devices.entries()) {
      const entry = planned.entries[i]!;
      expect(d.preset).toBe(entry.preset!.name);
      expect(results[i]!.readBack).toBe(entry.preset!.name);
      expect(requestsTo(d, SETTINGS, 'POST').length).toBe(entry.unchanged === true ? 0 : 1);
    }
    // A changed preset runs after a mining restart: the outcome says so.
    const changed = results.filter((_, i) => planned.entries[i]!.unchanged !== true);
    expect(changed.length).toBeGreaterThan(100);
    expect(changed.every((r) => r.restartRequired === true && r.message.includes('restart mining'))).toBe(
      true,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: 'power-profile', siteId: 'hall' });
    expect(recorded[0]!.what).toContain(
      'a site budget of 600 kW spread for the most hash rate; plan: 200 devices',
    );
    expect(recorded[0]!.devices).toHaveLength(200);
  }, 60_000);

  it('--preset: a device lacking the preset, or needing a modified PSU for it, is skipped in words', async () => {
    const presets = [
      { name: '2800', pretty: '2800 watt ~ 188 TH' },
      { name: '3400', pretty: '3400 watt ~ 220 TH', moddedPsuRequired: true },
    ];
    const { devices, plan, apply } = await setup({
      devices: [{ presets }, { presets, moddedPsu: true }, { presets: [presets[0]!] }],
    });
    const planned = await plan({ kind: 'preset', name: '3400' });
    expect(planned.entries.map((e) => [e.send, e.skip ?? null, e.detail])).toEqual([
      [false, 'no-choice', 'preset "3400" needs a modified power supply, and the device reports a stock one'],
      [
        true,
        null,
        'preset 3400: 3400 W, 220 TH/s (untuned: the device tunes itself for a while first); now 2800',
      ],
      [false, 'no-choice', 'the device has no preset "3400" (its presets: 2800)'],
    ]);
    const results = await apply(planned);
    expect(results.map((r) => r.outcome)).toEqual(['skipped', 'done', 'skipped']);
    expect(results[1]).toMatchObject({ preset: '3400', tunes: true, restartRequired: true });
    expect(devices.map((d) => requestsTo(d, SETTINGS, 'POST').length)).toEqual([0, 1, 0]);
  });

  it('--max-watts: the highest tuned preset under the limit, and the plan says which untuned one it passed', async () => {
    const { plan } = await setup({ devices: [{ tunedPresets: ['2800', '3070'] }] });
    const planned = await plan({ kind: 'max-watts', watts: 3300 });
    expect(planned.entries[0]).toMatchObject({
      send: true,
      preset: { name: '3070', status: 'tuned' },
      detail: expect.stringMatching(
        /^preset 3070: 3070 W, \d+(\.\d)? TH\/s \(tuned\); now 2800; the higher 3250 is untuned, so the tuned one comes first$/,
      ),
    });
    // A tuned preset's hash rate is what tuning measured (±2 % of the 206 TH its name promises).
    const ths = Number(/, ([\d.]+) TH\/s/.exec(planned.entries[0]?.detail ?? '')?.[1]);
    expect(ths).toBeGreaterThanOrEqual(201.8);
    expect(ths).toBeLessThanOrEqual(210.2);
  });

  it('a device that answers the write but does not apply it fails by the read-back', async () => {
    const { devices, plan, apply } = await setup({ devices: [{ ignorePresetWrites: true }, {}] });
    const results = await apply(await plan({ kind: 'preset', name: '3070' }));
    expect(results.map((r) => r.outcome)).toEqual(['failed', 'done']);
    expect(results[0]).toMatchObject({ readBack: '2800', error: { code: 'NOT_APPLIED' } });
    expect(results[0]!.message).toContain(
      'the device answered the write, but the device reads back preset 2800',
    );
    expect(requestsTo(devices[0]!, SETTINGS, 'POST')).toHaveLength(1);
  });

  it('a write whose answer is lost is never resent: the read-back decides', async () => {
    const { devices, plan, apply } = await setup({ devices: [{}] });
    const planned = await plan({ kind: 'preset', name: '3070' });
    devices[0]!.addFault({
      fault: { kind: 'drop-after-apply' },
      paths: [SETTINGS],
      methods: ['POST'],
      times: 1,
    });
    const [result] = await apply(planned);
    expect(result).toMatchObject({ outcome: 'done', readBack: '3070', restartRequired: true });
    expect(result!.message).toContain('the write got no clear answer');
    expect(requestsTo(devices[0]!, SETTINGS, 'POST')).toHaveLength(1);
  });

  it('a device already on its planned preset is read back, not written', async () => {
    const { devices, plan, apply } = await setup({ devices: [{ preset: '3070', tunedPresets: ['3070'] }] });
    const planned = await plan({ kind: 'preset', name: '3070' });
    expect(planned.entries[0]).toMatchObject({ send: true, unchanged: true });
    const [result] = await apply(planned);
    expect(result).toMatchObject({
      outcome: 'done',
      message: 'already on preset 3070 (read back); nothing written',
    });
    expect(requestsTo(devices[0]!, SETTINGS, 'POST')).toHaveLength(0);
  });

  it('a budget below the lowest presets is refused before anything is written', async () => {
    const { commission, targets, devices } = await setup({ count: 3 });
    const planned = await commission.planPower(targets, { kind: 'site-kw', kw: 5 });
    expect(planned).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (!planned.ok) {
      expect(planned.error.message).toBe(
        'a site budget of 5 kW is too small: the lowest presets the 3 devices planned may run need 7.65 kW together. Raise --site-kw, or plan fewer devices.',
      );
      // The same sentence for the window's language, its figures as numbers (issue 35).
      expect(planned.error.text).toEqual({
        id: 'errors.power.budgetTooSmall',
        values: { budget: 5, count: 3, need: 7.65 },
      });
    }
    expect(devices.every((d) => requestsTo(d, SETTINGS, 'POST').length === 0)).toBe(true);
  });
});
