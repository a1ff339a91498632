/**
 * A write stage with `groups` (settings and restart in a Commission): another group starts beside the one
 * under way once enough devices wait, never more groups than allowed; without it, one group at a time.
 * Over a minimal run (the pipeline reads only the devices' steps, their targets and the stop).
 */
import { describe, expect, it } from 'vitest';
import type { PoolTarget } from '../../../../electron/core/commission/pool-plan';
import type { PipelineStage } from '../../../../electron/core/standard/commission-pipeline';
import { runPipeline } from '../../../../electron/core/standard/commission-pipeline';
import type { RunState } from '../../../../electron/core/standard/commission-run-state';

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

function minimalRun(ids: string[]): RunState {
  const devices = new Map(
    ids.map((id) => [
      id,
      {
        outcome: 'pending',
        steps: [
          { kind: 'password', outcome: 'pending' },
          { kind: 'settings', outcome: 'pending' },
        ],
      },
    ]),
  );
  const targetOf = new Map(ids.map((id) => [id, { deviceId: id } as PoolTarget]));
  return { devices, targetOf, stopped: () => false } as unknown as RunState;
}

/** A first stage that lets devices through one at a time, on `next()`; a second that records its groups. */
function stages(groups: PipelineStage['groups']) {
  const releases: (() => void)[] = [];
  const running: { ids: string[]; end: () => void }[] = [];
  let peak = 0;
  let active = 0;
  const first: PipelineStage = {
    kind: 'password',
    work: (group, release) =>
      new Promise<void>((resolve) => {
        const left = group.map((t) => t.deviceId);
        releases.push(() => {
          const id = left.shift();
          if (id !== undefined) release(id);
          if (left.length === 0) resolve();
        });
      }),
  };
  const second: PipelineStage = {
    kind: 'settings',
    ...(groups !== undefined ? { groups } : {}),
    work: (group) =>
      new Promise<void>((resolve) => {
        active += 1;
        peak = Math.max(peak, active);
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          active -= 1;
          resolve();
        };
        running.push({ ids: group.map((t) => t.deviceId), end });
      }),
  };
  const next = () => releases[0]?.();
  return { list: [first, second], next, running, peak: () => peak };
}

async function pass(n: number, next: () => void): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    next();
    await tick();
  }
}

describe('write stages with groups', () => {
  it('starts another group beside the one under way once enough devices wait, up to the maximum', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `d${i}`);
    const s = stages({ max: 2, atLeast: 3 });
    const done = runPipeline(minimalRun(ids), s.list);
    await tick();
    await pass(1, s.next); // d0 alone: a group of one starts at once (none under way)
    expect(s.running.map((r) => r.ids)).toEqual([['d0']]);
    await pass(2, s.next); // d1, d2 wait: fewer than 3
    expect(s.running).toHaveLength(1);
    await pass(1, s.next); // d3: three wait → a second group beside the first
    expect(s.running.map((r) => r.ids)).toEqual([['d0'], ['d1', 'd2', 'd3']]);
    await pass(4, s.next); // four more wait, but two groups run already
    expect(s.running).toHaveLength(2);
    s.running[0]?.end();
    await tick();
    expect(s.running[2]?.ids).toEqual(['d4', 'd5', 'd6', 'd7']);
    await pass(4, s.next);
    for (const r of s.running) r.end();
    await tick();
    for (const r of s.running) r.end();
    await done;
    expect(s.peak()).toBe(2);
    expect(s.running.flatMap((r) => r.ids).sort()).toEqual([...ids].sort());
  });

  it('runs one group at a time without groups', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `d${i}`);
    const s = stages(undefined);
    const done = runPipeline(minimalRun(ids), s.list);
    await tick();
    await pass(6, s.next);
    expect(s.running.map((r) => r.ids)).toEqual([['d0']]);
    s.running[0]?.end();
    await tick();
    expect(s.running[1]?.ids).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    s.running[1]?.end();
    await done;
    expect(s.peak()).toBe(1);
  });
});
