/**
 * The scan's probing slots (probe-pool.ts) with stand-in probes: an address quiet past the patience is
 * set aside and its slot moves on, up to the in-flight cap; a host that answers keeps its slot; every
 * probe started is waited for; nothing new starts once the scan is stopped.
 */
import { describe, expect, it } from 'vitest';
import type { ProbeWatch } from '../../../../electron/core/discovery/probe-pool';
import { runProbePool } from '../../../../electron/core/discovery/probe-pool';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function range(count: number): Iterator<number> {
  return Array.from({ length: count }, (_, i) => i)[Symbol.iterator]();
}

/** Probes that count themselves in flight and record what they saw. */
function recorder() {
  let inFlight = 0;
  let peak = 0;
  const finished: number[] = [];
  return {
    finished,
    get peak() {
      return peak;
    },
    async run(target: number, body: () => Promise<void>): Promise<void> {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      try {
        await body();
      } finally {
        inFlight -= 1;
        finished.push(target);
      }
    },
  };
}

describe('runProbePool', () => {
  it('sets silent addresses aside after the patience, so more wait at once than there are slots, up to the cap', async () => {
    const probes = recorder();
    const stats = await runProbePool({
      concurrency: 2,
      maxInFlight: 8,
      patienceMs: () => 10,
      targets: range(20),
      stopped: () => false,
      probe: (target) => probes.run(target, () => sleep(150)),
    });
    expect(probes.finished.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(probes.peak).toBe(8);
    expect(stats.peakInFlight).toBe(8);
    expect(stats.setAside).toBeGreaterThanOrEqual(8);
  });

  it('a host that answers keeps its slot while it is read: at most `concurrency` of them at once', async () => {
    const probes = recorder();
    const stats = await runProbePool({
      concurrency: 3,
      maxInFlight: 24,
      patienceMs: () => 5,
      targets: range(12),
      stopped: () => false,
      probe: (target, watch: ProbeWatch) =>
        probes.run(target, async () => {
          watch.answering = true; // accepted at once; the HTTP step takes a while
          await sleep(60);
        }),
    });
    expect(probes.finished).toHaveLength(12);
    expect(probes.peak).toBe(3);
    expect(stats.setAside).toBe(0);
  });

  it('a set-aside address that answers late is still waited for and counted', async () => {
    const late: number[] = [];
    const stats = await runProbePool({
      concurrency: 1,
      maxInFlight: 4,
      patienceMs: () => 5,
      targets: range(4),
      stopped: () => false,
      probe: async (target, watch) => {
        await sleep(target === 0 ? 120 : 1);
        watch.answering = true;
        late.push(target);
      },
    });
    expect(late.sort()).toEqual([0, 1, 2, 3]);
    expect(stats.setAside).toBeGreaterThanOrEqual(1);
  });

  it('starts nothing once stopped, waits for the probes in flight, and survives a probe that throws', async () => {
    let stopped = false;
    let started = 0;
    const stats = runProbePool({
      concurrency: 4,
      maxInFlight: 4,
      patienceMs: () => 1000,
      targets: range(1000),
      stopped: () => stopped,
      probe: async (target) => {
        started += 1;
        await sleep(20);
        if (target === 1) throw new Error('a bug in one probe');
        if (target === 5) stopped = true;
      },
    });
    await expect(stats).resolves.toMatchObject({ setAside: 0 });
    expect(started).toBeLessThanOrEqual(12);
  });

  it('ends at once with nothing to do', async () => {
    await expect(
      runProbePool({
        concurrency: 4,
        maxInFlight: 4,
        patienceMs: () => 10,
        targets: range(0),
        stopped: () => false,
        probe: () => Promise.resolve(),
      }),
    ).resolves.toEqual({ setAside: 0, peakInFlight: 0 });
  });
});
