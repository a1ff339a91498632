import { describe, expect, it } from 'vitest';
import { monitorClientOptions, resolveSettings } from '../../../../electron/core/monitor/monitor-options';

describe('monitor settings', () => {
  it('defaults to a 5 s interval with a poll deadline below it, one hour of history', () => {
    expect(resolveSettings()).toMatchObject({
      intervalMs: 5000,
      timeoutMs: 4000,
      jitter: 0.1,
      concurrency: 512,
      maxBackoffMs: 60_000,
      quickRecheckMs: 1000,
      offlineAfterMissedPolls: 3,
      historyMs: 3_600_000,
      thresholds: { chipTempMaxC: 85, hashRateMinShare: 0.8 },
    });
  });

  it('keeps the poll deadline below the interval, whatever is asked', () => {
    expect(resolveSettings({ intervalMs: 1000 }).timeoutMs).toBe(800);
    expect(resolveSettings({ intervalMs: 1000, timeoutMs: 5000 }).timeoutMs).toBe(950);
    expect(resolveSettings({ intervalMs: 10 }).intervalMs).toBe(50);
    expect(resolveSettings({ intervalMs: 10_000, maxBackoffMs: 1 }).maxBackoffMs).toBe(10_000);
  });

  it('keeps each connection past the longest jittered interval, with room for one per device', () => {
    expect(monitorClientOptions({ concurrency: 100, intervalMs: 2000 })).toEqual({
      idleSocketTimeoutMs: 3200,
      maxTotalSockets: 16_384,
      totalTimeoutMs: 1600,
    });
  });

  it('starts the polls due within one batch together: a twentieth of the interval, at most 100 ms', () => {
    expect(resolveSettings().batchMs).toBe(100);
    expect(resolveSettings({ intervalMs: 1000 }).batchMs).toBe(50);
    expect(resolveSettings({ batchMs: 5 }).batchMs).toBe(5);
  });
});
