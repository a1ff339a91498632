/**
 * The simulator's field clock (issue 33): a fleet's `timeScale` runs every device's clock and every timer
 * N times faster from the fleet's start; ranged knobs (`[min, max]`) drawn per device from the fleet's
 * seed; the field profile's values; field faults picked by a seed. Scale 1 stays today's behaviour.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIELD_TIMINGS, fieldProfile, startFleet } from '../../simulator';
import type { Fleet, FleetOptions } from '../../simulator';
import { simClock } from '../../simulator/sim-clock';
import { bearer, call, getJson, parse, postJson, sleep, unlockToken } from './http-client';

const fleets: Fleet[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
});
async function fleetOf(o: FleetOptions): Promise<Fleet> {
  const f = await startFleet(o);
  fleets.push(f);
  return f;
}
const stateOf = async (address: string): Promise<string> =>
  (parse(await getJson(`${address}/api/v1/status`)) as { miner_state: string }).miner_state;

describe('field clock', () => {
  it('field time = start + real elapsed × scale; realMs divides', () => {
    const c = simClock(60, Date.now() - 1000);
    expect(c.now() - c.startMs).toBeGreaterThanOrEqual(60_000);
    expect(c.now() - c.startMs).toBeLessThan(70_000);
    expect(c.realMs(60_000)).toBe(1000);
    expect(simClock(1).realMs(5)).toBe(5);
    expect(() => simClock(0.5)).toThrow(/timeScale must be a number of at least 1, got 0.5/);
  });

  it('a fleet keeps real time by default and tells its scale and field time', async () => {
    const f = await fleetOf({ count: 1 });
    expect(f.timeScale).toBe(1);
    expect(Math.abs(f.now() - Date.now())).toBeLessThan(50);
    expect(f.linkStats()).toBeUndefined();
    expect(f.fieldFaults()).toEqual([]);
    await expect(startFleet({ timeScale: Number.NaN })).rejects.toThrow(/timeScale must be a number/);
  });

  it('at 100× a 30 s mining restart and a 20 s goDown take a tenth of their field time in real time', async () => {
    const f = await fleetOf({ timeScale: 100, devices: [{ miningRestartSeconds: 30 }] });
    const d = f.devices[0]!;
    const t0 = f.now();
    await sleep(100);
    expect(f.now() - t0).toBeGreaterThanOrEqual(9_000);
    const auth = bearer(await unlockToken(d.address));
    expect((await postJson(`${d.address}/api/v1/mining/restart`, {}, auth)).status).toBe(200);
    expect(['restarting', 'starting']).toContain(await stateOf(d.address));
    await sleep(450);
    expect(await stateOf(d.address)).toBe('mining');

    const down = f.now();
    await d.goDown(20);
    await expect(call(`${d.address}/api/v1/status`, { timeoutMs: 1000 })).rejects.toThrow();
    await d.waitUntilUp();
    const tookField = f.now() - down;
    expect(tookField).toBeGreaterThanOrEqual(20_000);
    expect(tookField).toBeLessThan(60_000);
  });
});

describe('field profile', () => {
  it('draws each device its own value in every range, the same for the same seed', async () => {
    const a = await fleetOf({ count: 8, seed: 7, defaults: fieldProfile() });
    const b = await fleetOf({ count: 8, seed: 7, defaults: fieldProfile() });
    const c = await fleetOf({ count: 8, seed: 8, defaults: fieldProfile() });
    const knobs = [
      'installSeconds',
      'rebootDownSeconds',
      'bootSeconds',
      'miningRestartSeconds',
      'hashClimbSeconds',
      'autoTuneSeconds',
      'autoTuneShare',
    ] as const;
    for (const knob of knobs) {
      const [lo, hi] = FIELD_TIMINGS[knob];
      const values = a.devices.map((d) => d.options[knob]!);
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(lo);
        expect(v).toBeLessThanOrEqual(hi);
      }
      expect(new Set(values).size).toBeGreaterThan(4);
      expect(b.devices.map((d) => d.options[knob])).toEqual(values);
      expect(c.devices.map((d) => d.options[knob])).not.toEqual(values);
    }
    expect(a.devices[0]!.options.rebootAfterSeconds).toBe(3);
  });

  it('takes overrides: a number for every device, another range, any other option', async () => {
    const f = await fleetOf({
      count: 4,
      defaults: fieldProfile({ installSeconds: 5, autoTuneSeconds: [10, 20], password: 'pw' }),
    });
    for (const d of f.devices) {
      expect(d.options.installSeconds).toBe(5);
      expect(d.options.autoTuneSeconds).toBeGreaterThanOrEqual(10);
      expect(d.options.autoTuneSeconds).toBeLessThanOrEqual(20);
      expect(d.options.rebootDownSeconds).toBeGreaterThanOrEqual(120);
      expect(d.password).toBe('pw');
    }
  });

  it('timingJitter spreads plain numbers but leaves drawn values as drawn', async () => {
    const f = await fleetOf({
      count: 6,
      defaults: { timingJitter: 0.5, miningRestartSeconds: 40, hashClimbSeconds: [100, 100] },
    });
    expect(new Set(f.devices.map((d) => d.options.miningRestartSeconds)).size).toBeGreaterThan(1);
    for (const d of f.devices) expect(d.options.hashClimbSeconds).toBe(100);
  });

  it('refuses a bad range with the knob named', async () => {
    await expect(startFleet({ defaults: { bootSeconds: [60, 30] } })).rejects.toThrow(
      /bootSeconds as a range must be \[min, max\] with 0 <= min <= max/,
    );
    await expect(startFleet({ defaults: { autoTuneShare: [0.5, 1.2] } })).rejects.toThrow(
      /autoTuneShare as a range .* up to 1/,
    );
  });
});

describe('field faults', () => {
  const rates = { 'old-version': 0.05, 'board-lost': 0.03, 'fan-stopped': 0.02, 'never-back': 0.01 };

  it('picks round(rate × devices) devices per kind, none twice, the same for the same seed', async () => {
    const a = await fleetOf({ count: 200, fieldFaults: { seed: 'hall-7', rates } });
    const b = await fleetOf({ count: 200, fieldFaults: { seed: 'hall-7', rates } });
    const c = await fleetOf({ count: 200, fieldFaults: { seed: 'hall-8', rates } });
    const picks = a.fieldFaults();
    const count = (k: string) => picks.filter((p) => p.kind === k).length;
    expect([count('old-version'), count('board-lost'), count('fan-stopped'), count('never-back')]).toEqual([
      10, 6, 4, 2,
    ]);
    expect(new Set(picks.map((p) => p.index)).size).toBe(picks.length);
    const key = (f: Fleet) => f.fieldFaults().map((p) => `${p.index}:${p.kind}`);
    expect(key(b)).toEqual(key(a));
    expect(key(c)).not.toEqual(key(a));
    for (const p of picks) {
      const d = a.devices[p.index]!;
      expect(p.deviceId).toBe(d.id);
      if (p.kind === 'old-version' || p.kind === 'never-back')
        expect(d.options.firmwareFault).toEqual(p.fault);
      else expect(d.options.hardwareFaultsAtReboot).toEqual([p.fault]);
    }
  });

  it('has default rates (0.5 %, 0.3 %, 0.2 %, 0.1 %) and refuses unknown kinds or bad rates', async () => {
    const f = await fleetOf({ count: 1000, fieldFaults: { seed: 1 } });
    const kinds = f.fieldFaults().map((p) => p.kind);
    expect(kinds.filter((k) => k === 'old-version')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'board-lost')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'fan-stopped')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'never-back')).toHaveLength(1);
    await expect(startFleet({ fieldFaults: { seed: 1, rates: { melted: 0.1 } as never } })).rejects.toThrow(
      /unknown fault 'melted'/,
    );
    await expect(startFleet({ fieldFaults: { seed: 1, rates: { 'never-back': 2 } } })).rejects.toThrow(
      /rate of never-back must be a share from 0 to 1/,
    );
  });

  it("a lost board and a stopped fan appear at the device's next reboot", async () => {
    const f = await fleetOf({
      devices: [
        {
          rebootAfterSeconds: 0,
          rebootDownSeconds: 0.2,
          bootSeconds: 0.1,
          hardwareFaultsAtReboot: [{ kind: 'missing-board', board: 1 }, { kind: 'fan-stopped' }],
        },
      ],
    });
    const d = f.devices[0]!;
    const summary = async () =>
      (
        parse(await getJson(`${d.address}/api/v1/summary`)) as {
          miner: { chains: unknown[]; cooling: { fans: { rpm: number }[] } };
        }
      ).miner;
    expect((await summary()).chains).toHaveLength(3);
    await postJson(`${d.address}/api/v1/system/reboot`, {}, bearer(await unlockToken(d.address)));
    await sleep(150);
    await d.waitUntilUp();
    const after = await summary();
    expect(after.chains).toHaveLength(2);
    expect(after.cooling.fans[0]!.rpm).toBe(0);
  });
});
