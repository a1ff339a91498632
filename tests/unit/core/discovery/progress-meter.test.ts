/** Progress is batched: at most one emission per interval, rate and time left computed from the clock. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanProgress } from '../../../../shared/domain/discovery';
import { ProgressMeter } from '../../../../electron/core/discovery/progress-meter';

afterEach(() => {
  vi.useRealTimers();
});

describe('ProgressMeter', () => {
  it('emits at most once per interval however often counts change', () => {
    vi.useFakeTimers();
    const seen: { at: number; progress: ScanProgress }[] = [];
    const meter = new ProgressMeter({
      total: 10_000,
      intervalMs: 100,
      listener: (progress) => seen.push({ at: Date.now(), progress }),
      now: () => Date.now(),
    });
    for (let ms = 0; ms < 1000; ms += 1) {
      meter.probed += 5;
      if (ms % 100 === 0) meter.found += 1;
      meter.changed();
      vi.advanceTimersByTime(1);
    }
    expect(seen.length).toBeGreaterThanOrEqual(9);
    expect(seen.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < seen.length; i += 1)
      expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(100);
    const last = seen.at(-1)!.progress;
    expect(last.total).toBe(10_000);
    expect(last.rate).toBeCloseTo(5000, -2);
    expect(last.etaSeconds).toBe(Math.ceil((10_000 - last.probed) / last.rate));
  });

  it('has no time left to show before the first address finished', () => {
    const meter = new ProgressMeter({ total: 10, intervalMs: 100, listener: undefined });
    expect(meter.snapshot()).toMatchObject({ probed: 0, rate: 0, etaSeconds: null });
  });

  it('emits nothing after stop, and a pending emission only if the interval allows', () => {
    vi.useFakeTimers();
    const listener = vi.fn();
    const meter = new ProgressMeter({ total: 5, intervalMs: 100, listener, now: () => Date.now() });
    meter.probed = 1;
    meter.changed();
    vi.advanceTimersByTime(0);
    expect(listener).toHaveBeenCalledTimes(1);
    meter.probed = 2;
    meter.changed();
    meter.stop();
    meter.changed();
    vi.advanceTimersByTime(500);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
