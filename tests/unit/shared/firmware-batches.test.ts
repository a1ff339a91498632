/**
 * Batches that grow with trust (shared/domain/firmware-batches.ts): the sizes every view of a plan says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchPacing } from '../../../shared/domain/firmware-batches';
import { batchSizes, sizesWords, toleratedFailures } from '../../../shared/domain/firmware-batches';

const DEFAULTS: BatchPacing = { canary: 1, batch: 10, growth: 4, maxBatch: 250, maxOffline: 500 };

describe('batch sizes', () => {
  it('1,000 devices with the defaults: canary 1, then 10, 40, 160, 250, 250, 289', () => {
    const sizes = batchSizes(1000, DEFAULTS);
    expect(sizes).toEqual([1, 10, 40, 160, 250, 250, 289]);
    expect(sizesWords(sizes, true)).toBe('canary 1, then 10, 40, 160, 250, 250, 289');
  });

  it('small fleets: what is there, a small tail joining the batch before', () => {
    expect(batchSizes(0, DEFAULTS)).toEqual([]);
    expect(batchSizes(1, DEFAULTS)).toEqual([1]);
    expect(batchSizes(2, DEFAULTS)).toEqual([1, 1]);
    expect(batchSizes(11, DEFAULTS)).toEqual([1, 10]);
    // 10, then 2 left: less than a quarter of 10, so it joins.
    expect(batchSizes(13, DEFAULTS)).toEqual([1, 12]);
    expect(batchSizes(14, DEFAULTS)).toEqual([1, 10, 3]);
    expect(batchSizes(51, DEFAULTS)).toEqual([1, 10, 40]);
    expect(batchSizes(30, { ...DEFAULTS, batch: 2, growth: 2 })).toEqual([1, 2, 4, 8, 15]);
    expect(sizesWords([1], true)).toBe('canary 1');
    expect(sizesWords([10, 40], false)).toBe('batches of 10, 40');
    expect(sizesWords([7], false)).toBe('one batch of 7');
    expect(batchSizes(25, DEFAULTS, false)).toEqual([10, 15]);
  });

  it('growth 1: every batch alike, as before (the tail still joins when small)', () => {
    expect(batchSizes(23, { ...DEFAULTS, growth: 1 })).toEqual([1, 10, 12]);
    expect(batchSizes(24, { ...DEFAULTS, growth: 1 })).toEqual([1, 10, 10, 3]);
    expect(batchSizes(21, { ...DEFAULTS, growth: 1 })).toEqual([1, 10, 10]);
    expect(batchSizes(22, { ...DEFAULTS, growth: 1, batch: 20 })).toEqual([1, 21]);
  });

  it('a growth between 1 and 2 still climbs; no batch is larger than --max-offline', () => {
    expect(batchSizes(20, { ...DEFAULTS, batch: 1, growth: 1.5 })).toEqual([1, 1, 1, 2, 3, 5, 7]);
    // --max-offline 100 under --max-batch 250: batches stop at 100, and a tail may not push one past it.
    expect(batchSizes(400, { ...DEFAULTS, maxOffline: 100 })).toEqual([1, 10, 40, 100, 100, 100, 49]);
    expect(batchSizes(420, { ...DEFAULTS, maxOffline: 100 })).toEqual([1, 10, 40, 100, 100, 100, 69]);
    expect(batchSizes(353, { ...DEFAULTS, maxOffline: 100 })).toEqual([1, 10, 40, 100, 100, 100, 2]);
  });

  it('any fleet and settings: the sizes sum to the uploads, never over --max-offline, over --max-batch only by a tail under a quarter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.record({
          canary: fc.integer({ min: 1, max: 5 }),
          batch: fc.integer({ min: 1, max: 300 }),
          growth: fc.double({ min: 1, max: 10, noNaN: true }),
          maxBatch: fc.integer({ min: 1, max: 500 }),
          maxOffline: fc.integer({ min: 1, max: 1000 }),
        }),
        (uploads, raw) => {
          const pacing = { ...raw, maxBatch: Math.max(raw.maxBatch, raw.batch) };
          const sizes = batchSizes(uploads, pacing);
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(uploads);
          expect(sizes.every((s) => s >= 1)).toBe(true);
          const batches = sizes.slice(1);
          expect(batches.every((s) => s <= pacing.maxOffline)).toBe(true);
          const cap = Math.min(pacing.maxBatch, pacing.maxOffline);
          batches.slice(0, -1).forEach((s) => expect(s).toBeLessThanOrEqual(cap));
          const last = batches.at(-1);
          if (last !== undefined) expect(last).toBeLessThan(cap * 1.25);
          // Each batch at least the one before, except the final remainder.
          batches.slice(0, -1).forEach((s, i) => expect(s).toBeGreaterThanOrEqual(batches[i - 1] ?? 0));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('failures a batch tolerates: none in the canary, an earlier run or the first batch; then 2 % rounded up', () => {
    expect(toleratedFailures({ kind: 'canary', size: 1, batchNumber: 0 })).toBe(0);
    expect(toleratedFailures({ kind: 'earlier-run', size: 30, batchNumber: 0 })).toBe(0);
    expect(toleratedFailures({ kind: 'batch', size: 10, batchNumber: 1 })).toBe(0);
    expect(toleratedFailures({ kind: 'batch', size: 40, batchNumber: 2 })).toBe(1);
    expect(toleratedFailures({ kind: 'batch', size: 250, batchNumber: 4 })).toBe(5);
    expect(toleratedFailures({ kind: 'batch', size: 289, batchNumber: 6 })).toBe(6);
    expect(toleratedFailures({ kind: 'batch', size: 250, batchNumber: 4 }, 0)).toBe(0);
  });
});
