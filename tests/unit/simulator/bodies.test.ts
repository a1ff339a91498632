import { describe, expect, it } from 'vitest';
import { statusBody, summaryBody } from '../../simulator/bodies';
import type { MinerState } from '../../simulator/bodies';
import { resolveIdentity, versionAtLeast } from '../../simulator/identity';

const T0 = 1_700_000_000_000;
const miner = (patch: Partial<MinerState> = {}): MinerState => ({
  state: 'mining',
  since: T0 - 90_000,
  findMiner: false,
  metrics: {},
  startedAt: T0 - 600_000,
  ...patch,
});

type Summary = {
  miner: { hr_realtime: number; hr_average: number; pools: { status: string; accepted: number }[] };
};

describe('bodies', () => {
  it('summary hash rate wobbles over time around a steady average', () => {
    const id = resolveIdentity({}, 7, 0);
    const a = summaryBody(id, miner(), T0) as Summary;
    const b = summaryBody(id, miner(), T0 + 20_000) as Summary;
    expect(a.miner.hr_realtime).not.toBe(b.miner.hr_realtime);
    expect(a.miner.hr_average).toBe(b.miner.hr_average);
    expect(Math.abs(a.miner.hr_realtime / b.miner.hr_realtime - 1)).toBeLessThan(0.04);
    // Accepted shares grow while mining.
    const active = (s: Summary) => s.miner.pools.find((p) => p.status === 'active')!.accepted;
    expect(active(b)).toBeGreaterThan(active(a));
  });

  it('status leaves optional fields out, and adds throttled only on firmware 1.2.7 and later', () => {
    const newer = statusBody(resolveIdentity({}, 1, 0), miner(), false, T0);
    expect(newer).toMatchObject({ miner_state: 'mining', miner_state_time: 90, throttled: false });
    expect(newer).not.toHaveProperty('failure_code');
    const older = statusBody(resolveIdentity({ firmwareVersion: '1.2.6' }, 1, 0), miner(), true, T0);
    expect(older).not.toHaveProperty('throttled');
    const failing = statusBody(
      resolveIdentity({}, 1, 0),
      miner({ state: 'failure', failure: { description: 'x' } }),
      true,
      T0,
    );
    expect(failing).toMatchObject({ description: 'x' });
    expect(failing).not.toHaveProperty('failure_code');
  });

  it('compares firmware versions numerically', () => {
    expect(versionAtLeast('1.2.10', '1.2.7')).toBe(true);
    expect(versionAtLeast('1.2.6', '1.2.7')).toBe(false);
    expect(versionAtLeast('1.2.7', '1.2.7')).toBe(true);
    expect(versionAtLeast('2', '1.2.7')).toBe(true);
  });
});
