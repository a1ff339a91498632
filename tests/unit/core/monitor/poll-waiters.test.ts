import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollWaiters } from '../../../../electron/core/monitor/open-devices';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('poll waiters (a device opened waits for its next poll)', () => {
  it('settles every waiter of a device when its poll ends, and only that device', async () => {
    const waiters = new PollWaiters();
    expect(waiters.any).toBe(false);
    const settled: string[] = [];
    void waiters.next('a', 5000).then(() => settled.push('a1'));
    void waiters.next('a', 5000).then(() => settled.push('a2'));
    void waiters.next('b', 5000).then(() => settled.push('b'));
    expect(waiters.any).toBe(true);
    waiters.done('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(['a1', 'a2']);
    // A poll that ends with nobody waiting changes nothing.
    waiters.done('a');
    waiters.done('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(['a1', 'a2', 'b']);
    expect(waiters.any).toBe(false);
  });

  it('settles after the timeout when no poll ends, and waits no more', async () => {
    const waiters = new PollWaiters();
    const settled: string[] = [];
    void waiters.next('a', 1000).then((polled) => settled.push(`short ${polled}`));
    void waiters.next('a', 5000).then((polled) => settled.push(`long ${polled}`));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual(['short false']);
    expect(waiters.any).toBe(true);
    waiters.done('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(['short false', 'long true']);

    // A device removed while someone waited: after the timeout nobody waits, polls go unwrapped again.
    void waiters.next('gone', 1000);
    expect(waiters.any).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(waiters.any).toBe(false);
  });
});
