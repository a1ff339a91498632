/**
 * Scan progress for people, not for every probe: counts change thousands of times a second on a sweep,
 * the listener hears about it at most once per interval (default 100 ms → ≤ 10 per second, docs/design.md).
 * Rate is addresses per second since the start; time left follows from it once something finished.
 */
import type { ScanProgress } from '../../../shared/domain/discovery';

export interface ProgressMeterOptions {
  total: number;
  intervalMs: number;
  listener: ((progress: ScanProgress) => void) | undefined;
  now?: () => number;
}

export class ProgressMeter {
  probed = 0;
  found = 0;
  private readonly startedAt: number;
  private lastEmitAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private stopped = false;

  constructor(private readonly options: ProgressMeterOptions) {
    this.now = options.now ?? (() => performance.now());
    this.startedAt = this.now();
  }

  get elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  snapshot(): ScanProgress {
    const elapsedMs = this.elapsedMs;
    const rate = elapsedMs > 0 ? (this.probed * 1000) / elapsedMs : 0;
    const left = this.options.total - this.probed;
    return {
      probed: this.probed,
      total: this.options.total,
      found: this.found,
      rate,
      etaSeconds: this.probed > 0 && rate > 0 ? Math.ceil(left / rate) : null,
      elapsedMs,
    };
  }

  /** Something changed: the listener hears about it with the next allowed emission. */
  changed(): void {
    if (this.options.listener === undefined || this.timer !== undefined || this.stopped) return;
    const wait = Math.max(0, this.lastEmitAt + this.options.intervalMs - this.now());
    this.timer = setTimeout(() => this.emit(), wait);
    this.timer.unref();
  }

  /**
   * The scan ended: a pending emission goes out now if the rate limit allows, else it is dropped (the
   * summary carries the final figures). Nothing is emitted after this.
   */
  stop(): void {
    if (this.stopped) return;
    const pending = this.timer !== undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (pending && this.now() - this.lastEmitAt >= this.options.intervalMs) this.emit();
    this.stopped = true;
  }

  private emit(): void {
    this.timer = undefined;
    if (this.stopped) return;
    this.lastEmitAt = this.now();
    this.options.listener?.(this.snapshot());
  }
}
