/** Locate LEDs going off by themselves in a long-lived process: one timer, due LEDs together per site. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedOffDue } from '../../../../electron/core/commission/led-timers';
import { createLedTimers } from '../../../../electron/core/commission/led-timers';

const due = (id: string, siteId?: string): LedOffDue => ({
  target: { deviceId: id, address: { scheme: 'http', host: '127.0.0.1', port: 80 } },
  minutes: 10,
  ...(siteId !== undefined ? { siteId } : {}),
});

describe('LED timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('turns off the LEDs due at the same time together per site, and each at its own time', async () => {
    const calls: string[][] = [];
    const timers = createLedTimers({
      turnOff: async (group) => void calls.push(group.map((d) => d.target.deviceId)),
    });
    timers.schedule(due('a', 's1'), 600_000);
    timers.schedule(due('b', 's1'), 600_000);
    timers.schedule(due('c', 's2'), 600_000);
    timers.schedule(due('d', 's1'), 900_000);
    expect(timers.offAt('a')).toBe(600_000);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([['a', 'b'], ['c']]);
    expect(timers.offAt('a')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('an LED turned off by hand, or on again for longer, is not turned off at the old time', async () => {
    const calls: string[][] = [];
    const timers = createLedTimers({
      turnOff: async (group) => void calls.push(group.map((d) => d.target.deviceId)),
    });
    timers.schedule(due('a'), 60_000);
    timers.schedule(due('b'), 60_000);
    timers.cancel('a');
    timers.schedule(due('b'), 120_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([['b']]);
  });

  it('a time already past goes off at once; dispose stops everything', async () => {
    const calls: string[][] = [];
    const timers = createLedTimers({
      turnOff: async (group) => void calls.push(group.map((d) => d.target.deviceId)),
    });
    timers.schedule(due('late'), -5_000);
    timers.schedule(due('later'), 10_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['late']]);
    timers.dispose();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toEqual([['late']]);
  });
});
