import { describe, expect, it } from 'vitest';
import {
  createAwakeHolds,
  followRun,
  keepAwakeDuringRuns,
} from '../../../../electron/core/progress/keep-awake';
import type { KeepAwake } from '../../../../electron/core/progress/keep-awake';
import { createEventHub } from '../../../../electron/core/events/event-hub';
import type { AppEvent } from '../../../../shared/ipc/events';

function fakePlatform(): KeepAwake & { on: Set<number>; started: number } {
  const on = new Set<number>();
  let next = 0;
  const platform = {
    on,
    started: 0,
    start() {
      next += 1;
      platform.started += 1;
      on.add(next);
      return next;
    },
    stop(id: number) {
      on.delete(id);
    },
  };
  return platform;
}

const counts = { total: 1, done: 0, unchanged: 0, failed: 0, unknown: 0, skipped: 0, open: 1 };
const commission = (runId: string, status: 'running' | 'done' | 'cancelled'): AppEvent => ({
  type: 'standard:progress',
  payload: { runId, status, counts },
});
const firmwareStep = (runId: string): AppEvent => ({
  type: 'firmware:progress',
  payload: { runId, event: { kind: 'step', index: 0, name: 'canary', state: 'started' } },
});
const firmwareDone = (runId: string): AppEvent => ({
  type: 'firmware:done',
  payload: {
    runId,
    outcome: {
      image: { name: 'fw.bin', bytes: 1, sha256: 'a'.repeat(64) },
      devices: [],
      counts: { verified: 0, failed: 0, skipped: 0, notStarted: 0, unknown: 0 },
      cancelled: false,
      activityErrors: [],
    },
  },
});

describe('keep awake', () => {
  it('two runs, one blocker, released when the last ends', () => {
    const platform = fakePlatform();
    const holds = createAwakeHolds(platform);
    followRun(holds, commission('c1', 'running'));
    followRun(holds, commission('c1', 'running')); // every progress event repeats it
    followRun(holds, firmwareStep('f1'));
    expect(platform.started).toBe(1);
    expect(platform.on.size).toBe(1);
    followRun(holds, commission('c1', 'done'));
    expect(holds.active()).toBe(true);
    followRun(holds, firmwareDone('f1'));
    expect(holds.active()).toBe(false);
    expect(platform.on.size).toBe(0);
    followRun(holds, commission('c2', 'running'));
    followRun(holds, commission('c2', 'cancelled'));
    expect(platform.started).toBe(2);
    expect(platform.on.size).toBe(0);
  });

  it('follows the runs on the app event hub and releases everything when stopped', () => {
    const platform = fakePlatform();
    const hub = createEventHub({ intervalMs: 0 });
    const stop = keepAwakeDuringRuns(hub, platform);
    hub.emit(commission('c1', 'running'));
    hub.flush();
    expect(platform.on.size).toBe(1);
    stop();
    expect(platform.on.size).toBe(0);
    hub.close();
  });
});
