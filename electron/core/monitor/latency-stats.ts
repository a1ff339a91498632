/**
 * Recent poll latencies in a fixed ring (Float32Array), for the monitor's own health figures (p50/p99)
 * and the benchmark; constant memory however long it runs.
 */
export class LatencyStats {
  private readonly values: Float32Array;
  private next = 0;
  private count = 0;
  private total = 0;

  constructor(capacity = 20_000) {
    this.values = new Float32Array(capacity);
  }

  add(ms: number): void {
    this.values[this.next] = ms;
    this.next = (this.next + 1) % this.values.length;
    this.count = Math.min(this.count + 1, this.values.length);
    this.total += 1;
  }

  /** Polls measured since the start (not only those still in the ring). */
  get polls(): number {
    return this.total;
  }

  /** The p-th percentile (0–100) of the recent latencies; NaN before the first poll. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const sorted = this.values.slice(0, this.count).sort();
    const index = Math.min(this.count - 1, Math.max(0, Math.ceil((p / 100) * this.count) - 1));
    return sorted[index] ?? Number.NaN;
  }

  reset(): void {
    this.next = 0;
    this.count = 0;
  }
}
