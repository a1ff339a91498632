/**
 * One timer for all connect timeouts: expiries in order, settled entries skipped, nothing left after
 * clear; a timeout that changes as the scan learns; and an answer already waiting read before expiry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeadlineEntry } from '../../../../electron/core/discovery/deadline-queue';
import { DeadlineQueue } from '../../../../electron/core/discovery/deadline-queue';

afterEach(() => {
  vi.useRealTimers();
});

function entry(name: string, expired: string[]): DeadlineEntry {
  return { startedAt: 0, settled: false, expire: () => expired.push(name) };
}

/** Fake timers; immediates stay real: the queue's expiries run in one, after the loop's I/O poll. */
const fakeTimers = (): void => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
};

/** Moves the fake clock on, then lets the expiries the timer scheduled run. */
async function advance(ms: number): Promise<void> {
  vi.advanceTimersByTime(ms);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('DeadlineQueue', () => {
  it('expires entries in the order they were added, each after the timeout', async () => {
    fakeTimers();
    const expired: string[] = [];
    const queue = new DeadlineQueue(500, () => Date.now());
    queue.add(entry('a', expired));
    await advance(200);
    queue.add(entry('b', expired));
    await advance(299);
    expect(expired).toEqual([]);
    await advance(1);
    expect(expired).toEqual(['a']);
    await advance(200);
    expect(expired).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips entries that settled before their deadline', async () => {
    fakeTimers();
    const expired: string[] = [];
    const queue = new DeadlineQueue(100, () => Date.now());
    const entries = ['a', 'b', 'c', 'd'].map((name) => entry(name, expired));
    for (const e of entries) queue.add(e);
    entries[0]!.settled = true;
    entries[2]!.settled = true;
    await advance(100);
    expect(expired).toEqual(['b', 'd']);
  });

  it('uses one timer however many connects wait', async () => {
    fakeTimers();
    const queue = new DeadlineQueue(1000, () => Date.now());
    for (let i = 0; i < 10_000; i += 1) queue.add(entry(`${i}`, []));
    expect(vi.getTimerCount()).toBe(1);
    queue.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads a changing timeout: a shorter one takes effect at once after retime, a longer one as it comes due', async () => {
    fakeTimers();
    const expired: string[] = [];
    let timeout = 500;
    const queue = new DeadlineQueue(
      () => timeout,
      () => Date.now(),
    );
    queue.add(entry('a', expired));
    await advance(100);
    queue.add(entry('b', expired));
    timeout = 350;
    queue.retime();
    await advance(249);
    expect(expired).toEqual([]);
    await advance(1);
    expect(expired).toEqual(['a']);
    // Longer again before b comes due: b waits the longer timeout from its own start.
    timeout = 600;
    await advance(300);
    expect(expired).toEqual(['a']);
    await advance(300);
    expect(expired).toEqual(['a', 'b']);
  });

  it('lets an entry that settles after its timer fired, before the expiry ran (an answer already read), win', async () => {
    fakeTimers();
    const expired: string[] = [];
    const queue = new DeadlineQueue(100, () => Date.now());
    const late = entry('late', expired);
    queue.add(late);
    queue.add(entry('silent', expired));
    vi.advanceTimersByTime(100);
    // The timer fired; the expiry waits for the loop's next I/O poll, where the answer is read.
    late.settled = true;
    await new Promise((resolve) => setImmediate(resolve));
    expect(expired).toEqual(['silent']);
  });
});
