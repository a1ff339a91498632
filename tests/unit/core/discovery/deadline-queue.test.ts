/** One timer for all connect timeouts: expiries in order, settled entries skipped, nothing left after clear. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeadlineEntry } from '../../../../electron/core/discovery/deadline-queue';
import { DeadlineQueue } from '../../../../electron/core/discovery/deadline-queue';

afterEach(() => {
  vi.useRealTimers();
});

function entry(name: string, expired: string[]): DeadlineEntry {
  return { deadline: 0, settled: false, expire: () => expired.push(name) };
}

describe('DeadlineQueue', () => {
  it('expires entries in the order they were added, each after the timeout', () => {
    vi.useFakeTimers();
    const expired: string[] = [];
    const queue = new DeadlineQueue(500, () => Date.now());
    queue.add(entry('a', expired));
    vi.advanceTimersByTime(200);
    queue.add(entry('b', expired));
    vi.advanceTimersByTime(299);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
    vi.advanceTimersByTime(200);
    expect(expired).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips entries that settled before their deadline', () => {
    vi.useFakeTimers();
    const expired: string[] = [];
    const queue = new DeadlineQueue(100, () => Date.now());
    const entries = ['a', 'b', 'c', 'd'].map((name) => entry(name, expired));
    for (const e of entries) queue.add(e);
    entries[0]!.settled = true;
    entries[2]!.settled = true;
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['b', 'd']);
  });

  it('uses one timer however many connects wait', () => {
    vi.useFakeTimers();
    const queue = new DeadlineQueue(1000, () => Date.now());
    for (let i = 0; i < 10_000; i += 1) queue.add(entry(`${i}`, []));
    expect(vi.getTimerCount()).toBe(1);
    queue.clear();
    expect(vi.getTimerCount()).toBe(0);
  });
});
