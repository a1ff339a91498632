/**
 * The simulator's hash-board bodies (/model, /chains, /chains/factory-info) and its hardware faults, each
 * showing in /chains and /summary the way firmware reports it. A healthy device's /chains agrees with its
 * /summary, and without faults /summary is exactly what it was before faults existed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, HardwareFault, SimDevice } from '../../simulator';
import { getJson, parse, sleep } from './http-client';

const fleets: Fleet[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
});
/** A fleet closed after the test. */
async function started(...args: Parameters<typeof startFleet>): Promise<Fleet> {
  const fleet = await startFleet(...args);
  fleets.push(fleet);
  return fleet;
}

interface Chip {
  id: number;
  hr: number;
  temp: number;
  grade: string;
}
interface Chain {
  id: number;
  status: { state: string };
  hr_realtime: number;
  hr_nominal: number;
  chips: Chip[];
}
interface SummaryChain {
  id: number;
  hashrate_rt: number;
  chip_statuses: { red: number; orange: number; grey: number };
  chip_temp: { max: number };
  status: { state: string };
}
interface Summary {
  hr_realtime: number;
  hr_average: number;
  hr_nominal: number;
  power_consumption: number;
  chains: SummaryChain[];
  pools: { pool_type: string; status: string; accepted: number; rejected: number }[];
  cooling: { fans: { rpm: number; status: string }[] };
}

async function device(faults: HardwareFault[] = [], extra = {}): Promise<SimDevice> {
  return (await started({ devices: [{ hardwareFaults: faults, ...extra }] })).devices[0]!;
}
const get = async <T>(d: SimDevice, path: string): Promise<T> => {
  const answer = await getJson(`${d.address}/api/v1${path}`);
  expect(answer.status).toBe(200);
  return parse(answer) as T;
};
const summary = async (d: SimDevice) => (await get<{ miner: Summary }>(d, '/summary')).miner;

describe('hash-board bodies (shaped by the vendor schema; anonymous)', () => {
  it('/model: three boards of 65 chips, GH/s', async () => {
    const d = await device();
    expect(await get(d, '/model')).toMatchObject({
      full_name: 'Antminer S21 Pro',
      hr_measure: 'GH/s',
      chain: { num_chains: 3, chips_per_chain: 65 },
    });
  });

  it('/chains agrees with /summary: boards, states, chip grades, hottest chip', async () => {
    const d = await device();
    const [chains, s] = await Promise.all([get<Chain[]>(d, '/chains'), summary(d)]);
    expect(chains.map((c) => c.id)).toEqual(s.chains.map((c) => c.id));
    for (const [i, chain] of chains.entries()) {
      const board = s.chains[i]!;
      expect(chain.status).toEqual({ state: 'mining' });
      expect(chain.chips).toHaveLength(65);
      expect(chain.chips.filter((c) => c.grade === 'orange')).toHaveLength(board.chip_statuses.orange);
      expect(chain.chips.every((c) => c.hr > 0)).toBe(true);
      expect(Math.max(...chain.chips.map((c) => c.temp))).toBe(board.chip_temp.max);
      expect(chain.hr_realtime).toBeGreaterThan(0);
    }
  });

  it('a healthy mining device hashes at about nominal (≥ 96 %, boards too); auto-tuning lower', async () => {
    const fleet = await started({ count: 40 });
    const ratios = await Promise.all(
      fleet.devices.map(async (d) => {
        const s = await summary(d);
        const boards = (await get<Chain[]>(d, '/chains')).map((c) => c.hr_realtime / c.hr_nominal);
        return [s.hr_realtime / s.hr_nominal, s.hr_average / s.hr_nominal, ...boards];
      }),
    );
    // The recorded boards differ (84–93 % of theirs while tuning): each stays ≥ 90 % of its nominal.
    for (const [realtime, average, ...boards] of ratios) {
      expect(realtime).toBeGreaterThanOrEqual(0.96);
      expect(realtime).toBeLessThanOrEqual(1.05);
      expect(average).toBeGreaterThanOrEqual(0.96);
      for (const board of boards) expect(board).toBeGreaterThanOrEqual(0.9);
    }
    const tuning = fleet.devices[0]!;
    tuning.setMinerState('auto-tuning');
    const s = await summary(tuning);
    expect(s.hr_realtime / s.hr_nominal).toBeLessThan(0.9);
  });

  it('/chains/factory-info: the stock hash rate and one serial per board', async () => {
    const d = await device();
    const info = await get<{ hr_stock: number; chains: { serial: string }[] }>(d, '/chains/factory-info');
    expect(info.hr_stock).toBe(237_088);
    expect(new Set(info.chains.map((c) => c.serial)).size).toBe(3);
  });
});

describe('hardware faults', () => {
  it('dead chips on one board: hr 0 and red in /chains, counted red in /summary, the board slower', async () => {
    const d = await device();
    const healthy = await summary(d);
    d.addHardwareFault({ kind: 'dead-chips', board: 1, chips: 5 });
    const [chains, s] = await Promise.all([get<Chain[]>(d, '/chains'), summary(d)]);
    const dead = chains[1]!.chips.filter((c) => c.hr === 0);
    expect(dead).toHaveLength(5);
    expect(dead.every((c) => c.grade === 'red')).toBe(true);
    expect(chains[0]!.chips.filter((c) => c.hr === 0)).toHaveLength(0);
    expect(s.chains[1]!.chip_statuses).toMatchObject({ red: 5, grey: 54 });
    expect(s.hr_average / healthy.hr_average).toBeCloseTo(1 - 5 / 195, 6);
  });

  it('a missing board: absent from /chains and /summary while /model still says three', async () => {
    const d = await device([{ kind: 'missing-board' }]);
    const chains = await get<Chain[]>(d, '/chains');
    expect(chains.map((c) => c.id)).toEqual([1, 2]);
    expect((await summary(d)).chains).toHaveLength(2);
    expect(await get(d, '/model')).toMatchObject({ chain: { num_chains: 3 } });
    expect((await get<{ chains: unknown[] }>(d, '/chains/factory-info')).chains).toHaveLength(2);
  });

  it('low hash rate: realtime at the factor of nominal, nominal unchanged', async () => {
    const d = await device([{ kind: 'low-hash-rate', factor: 0.5 }]);
    const s = await summary(d);
    expect(s.hr_nominal).toBe(196_517.17);
    // At the factor of a healthy device's 98–103 % (±1.5 % wobble).
    expect(s.hr_realtime / s.hr_nominal).toBeGreaterThan(0.47);
    expect(s.hr_realtime / s.hr_nominal).toBeLessThan(0.53);
  });

  it('a pool rejecting shares: the active user pool counts rejections, the fee pool does not', async () => {
    const d = await device([{ kind: 'rejecting-pool', percent: 50 }], { shareSeconds: 0.05 });
    const first = (await summary(d)).pools;
    await sleep(300);
    const later = (await summary(d)).pools;
    const user = (pools: Summary['pools']) =>
      pools.find((p) => p.pool_type === 'UserPool' && p.status === 'active')!;
    const fee = (pools: Summary['pools']) => pools.find((p) => p.pool_type === 'DevFee')!;
    const rejected = user(later).rejected - user(first).rejected;
    const accepted = user(later).accepted - user(first).accepted;
    expect(rejected).toBeGreaterThan(0);
    expect(Math.abs(rejected - accepted)).toBeLessThanOrEqual(1);
    expect(fee(later).rejected).toBe(fee(first).rejected);
  });

  it('a board in failure and a stopped fan, added while running, and cleared again', async () => {
    const d = await device();
    d.addHardwareFault({ kind: 'board-state', board: 2, state: 'failure' });
    d.addHardwareFault({ kind: 'fan-stopped', fan: 1 });
    const [chains, s] = await Promise.all([get<Chain[]>(d, '/chains'), summary(d)]);
    expect(chains[2]!.status).toEqual({ state: 'failure' });
    expect(chains[2]!.hr_realtime).toBe(0);
    expect(s.cooling.fans[1]).toMatchObject({ rpm: 0, status: 'lost' });
    d.clearHardwareFaults();
    expect((await get<Chain[]>(d, '/chains'))[2]!.status).toEqual({ state: 'mining' });
  });

  it('a fault that makes no sense is refused when it is added', async () => {
    const d = await device();
    expect(() => d.addHardwareFault({ kind: 'dead-chips', board: -1 })).toThrow(
      'board must be a whole number',
    );
    expect(() => d.addHardwareFault({ kind: 'rejecting-pool', percent: 101 })).toThrow('0-100');
  });
});
