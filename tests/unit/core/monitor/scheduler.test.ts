import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeapItem } from '../../../../electron/core/monitor/min-heap';
import { MinHeap } from '../../../../electron/core/monitor/min-heap';
import type { PollScheduler, SchedulerOptions } from '../../../../electron/core/monitor/scheduler';
import { createScheduler } from '../../../../electron/core/monitor/scheduler';

interface Call {
  key: string;
  start: number;
  end?: number;
  signal: AbortSignal;
}

/** A scheduler whose polls take `durationMs(key)` of fake time and ask for `delayMs(key)` next. */
function harness(
  options: Partial<SchedulerOptions> & {
    durationMs?: (key: string) => number;
    delayMs?: (key: string) => number;
  },
) {
  const calls: Call[] = [];
  const scheduler: PollScheduler = createScheduler({
    concurrency: options.concurrency ?? 10,
    retryDelayMs: options.retryDelayMs ?? 1000,
    lateAfterMs: options.lateAfterMs ?? 1000,
    run:
      options.run ??
      ((key, { signal }) => {
        const call: Call = { key, start: Date.now(), signal };
        calls.push(call);
        return new Promise((resolve) => {
          // The scheduler hands an unaborted controller to a later poll: leave its signal when done, as
          // the real poll does (abort-fanout.ts), or listeners pile up on it.
          const onAbort = () => {
            clearTimeout(timer);
            finish();
          };
          const finish = () => {
            signal.removeEventListener('abort', onAbort);
            call.end = Date.now();
            resolve(options.delayMs?.(key) ?? 1000);
          };
          const timer = setTimeout(finish, options.durationMs?.(key) ?? 10);
          signal.addEventListener('abort', onAbort);
        });
      }),
  });
  return { scheduler, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('poll scheduler', () => {
  it('polls each key at its interval, counted from the start of the previous poll', async () => {
    const { scheduler, calls } = harness({ durationMs: () => 300, delayMs: () => 1000 });
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(3500);
    expect(calls.map((c) => c.start)).toEqual([0, 1000, 2000, 3000]);
    await scheduler.stop();
  });

  it('never polls one device twice at once, however slow it is', async () => {
    // Each poll takes 2.5 s but asks for the next one after 1 s: the next waits for the current to end.
    const { scheduler, calls } = harness({ durationMs: () => 2500, delayMs: () => 1000 });
    scheduler.add('slow', 0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.length).toBe(4);
    for (let i = 1; i < calls.length; i += 1) {
      expect(calls[i]!.start).toBeGreaterThanOrEqual(calls[i - 1]!.end!);
    }
    await scheduler.stop();
  });

  it('runs at most `concurrency` polls at once and queues the rest in order', async () => {
    const { scheduler, calls } = harness({ concurrency: 3, durationMs: () => 100, delayMs: () => 10_000 });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) scheduler.add(key, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.stats()).toMatchObject({ inFlight: 3, queued: 4 });
    await vi.advanceTimersByTimeAsync(400);
    expect(calls.map((c) => [c.key, c.start])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 0],
      ['d', 100],
      ['e', 100],
      ['f', 100],
      ['g', 200],
    ]);
    expect(scheduler.stats().peakInFlight).toBe(3);
    await scheduler.stop();
  });

  it('keeps 2,000 devices on one timer', async () => {
    const { scheduler } = harness({ concurrency: 64, durationMs: () => 5, delayMs: () => 5000 });
    for (let i = 0; i < 2000; i += 1) scheduler.add(`d${i}`, (i * 5000) / 2000);
    await vi.advanceTimersByTimeAsync(1234);
    // In flight: each poll's own 5 ms timer; the scheduler itself holds one.
    expect(vi.getTimerCount()).toBeLessThanOrEqual(scheduler.stats().inFlight + 1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(scheduler.stats()).toMatchObject({ late: 0 });
    expect(scheduler.stats().started).toBeGreaterThanOrEqual(2000 * 4);
    await scheduler.stop();
  });

  it('counts polls that start later than allowed because every slot was busy', async () => {
    const { scheduler } = harness({
      concurrency: 1,
      lateAfterMs: 500,
      durationMs: () => 1000,
      delayMs: () => 60_000,
    });
    scheduler.add('a', 0);
    scheduler.add('b', 0);
    await vi.advanceTimersByTimeAsync(2500);
    expect(scheduler.stats()).toMatchObject({ started: 2, late: 1, maxLagMs: 1000 });
    await scheduler.stop();
  });

  it('stops polling a removed key; a poll in flight finishes and is not followed', async () => {
    const { scheduler, calls } = harness({ durationMs: () => 500, delayMs: () => 1000 });
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(100);
    scheduler.remove('a');
    expect(scheduler.has('a')).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.end).toBe(500);
  });

  it('waits for the old poll when a key is removed and added again while it is polled', async () => {
    const { scheduler, calls } = harness({ durationMs: () => 500, delayMs: () => 1000 });
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(100);
    scheduler.remove('a');
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ start: 0, end: 500 });
    expect(calls[1]!.start).toBeGreaterThanOrEqual(500);
    await scheduler.stop();
  });

  it('polls soon when asked, unless the key is being polled', async () => {
    const { scheduler, calls } = harness({ durationMs: () => 10, delayMs: () => 60_000 });
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(100);
    scheduler.pollSoon('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((c) => c.start)).toEqual([0, 100]);
    await scheduler.stop();
  });

  it('polls within a time when asked, never later than it was due anyway (the network back: no backoff left)', async () => {
    const delays: Record<string, number> = { backedOff: 60_000, soon: 300 };
    const { scheduler, calls } = harness({ durationMs: () => 10, delayMs: (key) => delays[key] ?? 1000 });
    scheduler.add('backedOff', 0);
    scheduler.add('soon', 0);
    await vi.advanceTimersByTimeAsync(100);
    scheduler.pollSoon('backedOff', 200);
    scheduler.pollSoon('soon', 1000);
    await vi.advanceTimersByTimeAsync(1000);
    const starts = (key: string) => calls.filter((c) => c.key === key).map((c) => c.start);
    expect(starts('backedOff')).toEqual([0, 300]);
    expect(starts('soon')).toEqual([0, 300, 600, 900]);
    await scheduler.stop();
  });

  it('keeps polling a key whose poll threw, after the retry delay', async () => {
    const errors: unknown[] = [];
    let n = 0;
    const scheduler = createScheduler({
      concurrency: 1,
      retryDelayMs: 700,
      lateAfterMs: 1000,
      onRunError: (_key, error) => errors.push(error),
      run: async () => {
        n += 1;
        throw new Error('bug');
      },
    });
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(n).toBe(3);
    expect(errors).toHaveLength(3);
    await scheduler.stop();
  });

  it('a poll that ended unaborted hands its controller on; one the poll aborted itself (late) is not reused', async () => {
    const signals: AbortSignal[] = [];
    const scheduler = createScheduler({
      concurrency: 2,
      retryDelayMs: 1000,
      lateAfterMs: 1000,
      run: async (_key, controller) => {
        signals.push(controller.signal);
        if (signals.length === 2) controller.abort(); // the second poll ran past its deadline
        return 100;
      },
    });
    scheduler.add('a', 0);
    await vi.advanceTimersByTimeAsync(250);
    expect(signals).toHaveLength(3);
    expect(signals[1]).toBe(signals[0]);
    expect(signals[2]).not.toBe(signals[1]);
    expect(signals[2]?.aborted).toBe(false);
    await scheduler.stop();
  });

  it('stop aborts every poll in flight, clears the timer and polls nothing more', async () => {
    const { scheduler, calls } = harness({ durationMs: () => 60_000, delayMs: () => 1000 });
    scheduler.add('a', 0);
    scheduler.add('b', 0);
    scheduler.add('c', 5000);
    await vi.advanceTimersByTimeAsync(10);
    await scheduler.stop();
    expect(calls.map((c) => c.signal.aborted)).toEqual([true, true]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
    scheduler.add('d', 0);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(2);
  });
});

describe('min-heap', () => {
  interface Item extends HeapItem {
    id: number;
  }
  const item = (id: number): Item => ({ id, at: 0, heapIndex: -1, heapSeq: 0 });
  const drain = (heap: MinHeap<Item>): [number, number][] => {
    const out: [number, number][] = [];
    for (let e = heap.pop(); e !== undefined; e = heap.pop()) out.push([e.at, e.id]);
    return out;
  };

  it('pops items in order of time, first in first out among equal times', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (times) => {
        const heap = new MinHeap<Item>();
        times.forEach((at, i) => heap.set(item(i), at));
        const expected = times
          .map((at, i): [number, number] => [at, i])
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(drain(heap)).toEqual(expected);
      }),
    );
  });

  it('holds an item once: setting it again moves it (last set last among equal times), delete takes it out', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 0, max: 30 }),
            at: fc.integer({ min: 0, max: 20 }),
            remove: fc.boolean(),
          }),
          { maxLength: 300 },
        ),
        (steps) => {
          const heap = new MinHeap<Item>();
          const items = new Map<number, Item>();
          /** The model: per id, its time and when it was last set; absent when deleted. */
          const model = new Map<number, { at: number; order: number }>();
          steps.forEach((step, order) => {
            const it = items.get(step.id) ?? item(step.id);
            items.set(step.id, it);
            if (step.remove) {
              heap.delete(it);
              model.delete(step.id);
            } else {
              heap.set(it, step.at);
              model.set(step.id, { at: step.at, order });
            }
          });
          expect(heap.size).toBe(model.size);
          const expected = [...model]
            .sort((a, b) => a[1].at - b[1].at || a[1].order - b[1].order)
            .map(([id, { at }]): [number, number] => [at, id]);
          expect(drain(heap)).toEqual(expected);
          for (const it of items.values()) expect(heap.has(it)).toBe(false);
        },
      ),
    );
  });

  it('keeps one entry per item however often it moves', () => {
    const heap = new MinHeap<Item>();
    const items = Array.from({ length: 1000 }, (_, i) => item(i));
    items.forEach((it, i) => heap.set(it, i));
    for (let round = 0; round < 5000; round += 1) {
      const top = heap.pop();
      if (top === undefined) throw new Error('empty');
      heap.set(top, top.at + 1000);
    }
    expect(heap.size).toBe(1000);
    expect(new Set(drain(heap).map(([, id]) => id)).size).toBe(1000);
  });
});
