import { describe, expect, it } from 'vitest';
import { runBulk } from '../../../../electron/core/credentials/bulk';
import type { BulkProgress } from '../../../../electron/core/credentials/bulk';
import { DeviceError } from '../../../../electron/core/device/device-error';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runBulk', () => {
  it('never runs more than `concurrency` at once, and gives one outcome per item in input order', async () => {
    let running = 0;
    let peak = 0;
    const outcomes = await runBulk(
      Array.from({ length: 40 }, (_, i) => i),
      async (i) => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(i % 3);
        running -= 1;
        return i * 2;
      },
      { concurrency: 5 },
    );
    expect(peak).toBe(5);
    expect(outcomes.map((o) => (o.ok ? o.value : -1))).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it('turns each failure into that item’s error, keeping device codes and details', async () => {
    const outcomes = await runBulk([1, 2, 3], async (i) => {
      if (i === 2) throw new DeviceError('LOCKED_OUT', 'locked out: wait 17 s', { retryAfterSeconds: 17 });
      if (i === 3) throw new Error('boom');
      return 'fine';
    });
    expect(outcomes).toEqual([
      { item: 1, ok: true, value: 'fine' },
      {
        item: 2,
        ok: false,
        error: { code: 'LOCKED_OUT', message: 'locked out: wait 17 s', detail: { retryAfterSeconds: 17 } },
      },
      {
        item: 3,
        ok: false,
        error: {
          code: 'INTERNAL',
          message: 'unexpected failure: boom',
          text: { id: 'errors.internal.unexpected', values: { reason: 'boom' } },
        },
      },
    ]);
  });

  it('reports progress as each item finishes', async () => {
    const seen: BulkProgress[] = [];
    await runBulk(
      [1, 2, 3, 4],
      async (i) => {
        if (i % 2 === 0) throw new Error('even');
      },
      { concurrency: 1, onOutcome: (_o, p) => seen.push(p) },
    );
    expect(seen).toEqual([
      { done: 1, total: 4, ok: 1, failed: 0 },
      { done: 2, total: 4, ok: 1, failed: 1 },
      { done: 3, total: 4, ok: 2, failed: 1 },
      { done: 4, total: 4, ok: 2, failed: 2 },
    ]);
  });

  it('on cancel, items not started are CANCELLED without running; running ones get the signal', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const outcomes = await runBulk(
      Array.from({ length: 10 }, (_, i) => i),
      (i, signal) =>
        new Promise<number>((resolve, reject) => {
          started.push(i);
          const cancel = () => reject(new DeviceError('CANCELLED', 'cancelled'));
          signal?.addEventListener('abort', cancel, { once: true });
          if (i === 1) controller.abort();
          setTimeout(() => resolve(i), 50);
        }),
      { concurrency: 2, signal: controller.signal },
    );
    expect(started).toEqual([0, 1]);
    expect(outcomes).toHaveLength(10);
    expect(outcomes.every((o) => !o.ok && o.error.code === 'CANCELLED')).toBe(true);
  });

  it('handles no items', async () => {
    expect(await runBulk([], async () => 1)).toEqual([]);
  });
});
