import { describe, expect, it } from 'vitest';
import { ExpiryBuckets } from '../../../../electron/core/device/expiry-buckets';

/** Sweeps at `now` and answers which items were looked at; `keep` decides which stay filed. */
function sweepAt<T>(buckets: ExpiryBuckets<T>, now: number, keep: (item: T) => boolean = () => false): T[] {
  const seen: T[] = [];
  buckets.sweep(now, (item) => {
    seen.push(item);
    return keep(item);
  });
  return seen;
}

describe('ExpiryBuckets', () => {
  it('files an item in the period holding its expiry', () => {
    const buckets = new ExpiryBuckets<string>(1000);
    expect(buckets.periodOf(0)).toBe(0);
    expect(buckets.periodOf(999)).toBe(0);
    expect(buckets.periodOf(1000)).toBe(1000);
    expect(buckets.periodOf(12_345)).toBe(12_000);
  });

  it('a sweep looks only at the items of the periods begun, not at later ones', () => {
    const buckets = new ExpiryBuckets<string>(1000);
    for (let i = 0; i < 10_000; i += 1) buckets.file(`later-${i}`, 60_000 + i);
    buckets.file('soon', 1500);
    buckets.file('sooner', 200);
    expect(sweepAt(buckets, 999)).toEqual(['sooner']);
    expect(sweepAt(buckets, 1000)).toEqual(['soon']);
    expect(buckets.filed).toBe(10_000);
  });

  it('keeps the items the sweeper keeps (period begun, time not) for the next sweep, and drops the rest', () => {
    const buckets = new ExpiryBuckets<{ name: string; at: number }>(1000);
    const early = { name: 'early', at: 1100 };
    const late = { name: 'late', at: 1900 };
    buckets.file(early, early.at);
    buckets.file(late, late.at);
    const expiredBy = (now: number) => (item: { at: number }) => item.at > now;
    expect(sweepAt(buckets, 1500, expiredBy(1500)).map((i) => i.name)).toEqual(['early', 'late']);
    expect(sweepAt(buckets, 2000, expiredBy(2000)).map((i) => i.name)).toEqual(['late']);
    expect(buckets.empty).toBe(true);
  });

  it('hands each filing its period, so the sweeper can skip an item filed again later', () => {
    const buckets = new ExpiryBuckets<string>(1000);
    const current = new Map<string, number>();
    const fileAt = (item: string, at: number) => {
      current.set(item, at);
      buckets.file(item, at);
    };
    fileAt('reused', 1200);
    fileAt('reused', 5200); // taken and released again
    const closed: string[] = [];
    const close = (now: number) =>
      buckets.sweep(now, (item, period) => {
        if (buckets.periodOf(current.get(item) ?? 0) !== period) return false;
        closed.push(item);
        return false;
      });
    close(2000);
    expect(closed).toEqual([]);
    close(5000);
    expect(closed).toEqual(['reused']);
    expect(buckets.empty).toBe(true);
  });

  it('clear drops every filing', () => {
    const buckets = new ExpiryBuckets<string>(50);
    buckets.file('a', 10);
    buckets.file('b', 500);
    buckets.clear();
    expect(buckets.empty).toBe(true);
    expect(sweepAt(buckets, 10_000)).toEqual([]);
  });
});
