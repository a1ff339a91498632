/**
 * Items filed by when they expire, in buckets one sweep period wide, so a periodic sweep looks only at the
 * items of the periods begun instead of at every item: the connection pool keeps one idle connection per
 * monitored device (10,000 on a large site) and sweeps every second.
 *
 * An item may be filed again later (a connection taken and released again): its earlier filing stays in its
 * bucket until that bucket is swept, and the sweeper tells it apart (`periodOf`) — cheaper than finding and
 * removing it at every reuse.
 */
export class ExpiryBuckets<T> {
  private readonly buckets = new Map<number, T[]>();

  constructor(private readonly periodMs: number) {}

  /** Items filed, stale filings included. */
  get filed(): number {
    let count = 0;
    for (const bucket of this.buckets.values()) count += bucket.length;
    return count;
  }

  /** The start of the period holding `expiresAt`. */
  periodOf(expiresAt: number): number {
    return Math.floor(expiresAt / this.periodMs) * this.periodMs;
  }

  file(item: T, expiresAt: number): void {
    const period = this.periodOf(expiresAt);
    const bucket = this.buckets.get(period);
    if (bucket === undefined) this.buckets.set(period, [item]);
    else bucket.push(item);
  }

  /**
   * Hands each item of the periods begun by `now` to `visit` with its period; an item for which `visit`
   * answers true (not expired yet: its period has begun, its time not) stays filed for the next sweep, the
   * others leave. Items of later periods are not looked at.
   */
  sweep(now: number, visit: (item: T, period: number) => boolean): void {
    for (const [period, bucket] of this.buckets) {
      if (period > now) continue;
      const kept = bucket.filter((item) => visit(item, period));
      if (kept.length > 0) this.buckets.set(period, kept);
      else this.buckets.delete(period);
    }
  }

  get empty(): boolean {
    return this.buckets.size === 0;
  }

  clear(): void {
    this.buckets.clear();
  }
}
