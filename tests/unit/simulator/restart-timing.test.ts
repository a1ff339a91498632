/**
 * The simulator restarts like a device (issue 32): a mining restart stays `restarting`/`starting` with no
 * hash rate, the hash rate then climbs to nominal over `hashClimbSeconds`, an untuned preset tunes at
 * `autoTuneShare` of its rate, and `timingJitter` spreads each device's durations from its seed. The fast
 * defaults stay (no climb, no jitter, tuning at 85 %).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions } from '../../simulator';
import { bearer, getJson, parse, postJson, sleep, unlockToken } from './http-client';

const fleets: Fleet[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
});

async function one(opts: SimDeviceOptions): Promise<SimDevice> {
  const fleet = await startFleet({ devices: [opts] });
  fleets.push(fleet);
  return fleet.devices[0]!;
}

interface Miner {
  hr_realtime: number;
  hr_nominal: number;
  miner_status: { miner_state: string };
}
const minerOf = async (d: SimDevice): Promise<Miner> =>
  (parse(await getJson(`${d.address}/api/v1/summary`)) as { miner: Miner }).miner;
const share = (m: Miner): number => m.hr_realtime / m.hr_nominal;

async function restart(d: SimDevice, body: unknown = {}): Promise<void> {
  const auth = bearer(await unlockToken(d.address));
  if (body !== null) await postJson(`${d.address}/api/v1/settings`, body, auth);
  const answer = await postJson(`${d.address}/api/v1/mining/restart`, {}, auth);
  expect(answer.status).toBe(200);
}

describe('restart timing knobs', () => {
  it('keeps the fast defaults: no climb, no jitter, tuning at 85 %', async () => {
    const d = await one({});
    expect(d.options).toMatchObject({
      miningRestartSeconds: 2,
      bootSeconds: 2,
      autoTuneSeconds: 60,
      hashClimbSeconds: 0,
      autoTuneShare: 0.85,
      timingJitter: 0,
    });
  });

  it('a restart gives no hash rate, then the hash rate climbs to nominal over hashClimbSeconds', async () => {
    const d = await one({ miningRestartSeconds: 0.6, hashClimbSeconds: 2 });
    await restart(d, null);
    const during = await minerOf(d);
    expect(['restarting', 'starting']).toContain(during.miner_status.miner_state);
    expect(during.hr_realtime).toBe(0);
    await sleep(900);
    const climbing = await minerOf(d);
    expect(climbing.miner_status.miner_state).toBe('mining');
    expect(share(climbing)).toBeGreaterThan(0.05);
    expect(share(climbing)).toBeLessThan(0.6);
    await sleep(700);
    const higher = await minerOf(d);
    expect(share(higher)).toBeGreaterThan(share(climbing));
    await sleep(1_200);
    expect(share(await minerOf(d))).toBeGreaterThanOrEqual(0.965);
  });

  it('an untuned preset tunes at autoTuneShare of its rate, then mines at nominal', async () => {
    const d = await one({ miningRestartSeconds: 0.2, autoTuneSeconds: 0.8, autoTuneShare: 0.5 });
    await restart(d, { miner: { overclock: { preset: '2980' } } });
    await sleep(350);
    const tuning = await minerOf(d);
    expect(tuning.miner_status.miner_state).toBe('auto-tuning');
    // 98–103 % of nominal per device, ±1.5 % wobble, at half of it while tuning.
    expect(share(tuning)).toBeGreaterThan(0.47);
    expect(share(tuning)).toBeLessThan(0.53);
    await sleep(900);
    const tuned = await minerOf(d);
    expect(tuned.miner_status.miner_state).toBe('mining');
    expect(share(tuned)).toBeGreaterThanOrEqual(0.965);
  });

  it('timingJitter spreads each device’s durations by its seed, the same factor for each duration', async () => {
    const fleet = await startFleet({
      count: 6,
      defaults: {
        miningRestartSeconds: 40,
        bootSeconds: 20,
        hashClimbSeconds: 120,
        autoTuneSeconds: 1200,
        timingJitter: 0.25,
      },
    });
    fleets.push(fleet);
    const restarts = fleet.devices.map((d) => d.options.miningRestartSeconds);
    for (const d of fleet.devices) {
      const f = d.options.miningRestartSeconds! / 40;
      expect(f).toBeGreaterThanOrEqual(0.75);
      expect(f).toBeLessThanOrEqual(1.25);
      expect(d.options.hashClimbSeconds! / 120).toBeCloseTo(f, 3);
      expect(d.options.autoTuneSeconds! / 1200).toBeCloseTo(f, 3);
      expect(d.options.bootSeconds! / 20).toBeCloseTo(f, 3);
    }
    expect(new Set(restarts).size).toBeGreaterThan(3);
  });

  it('refuses knobs out of range with the knob named', async () => {
    await expect(startFleet({ devices: [{ timingJitter: 1.5 }] })).rejects.toThrow(/timingJitter/);
    await expect(startFleet({ devices: [{ autoTuneShare: -0.1 }] })).rejects.toThrow(/autoTuneShare/);
    await expect(startFleet({ devices: [{ hashClimbSeconds: Number.NaN }] })).rejects.toThrow(
      /hashClimbSeconds/,
    );
  });
});
