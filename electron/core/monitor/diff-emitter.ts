/**
 * Turns many small per-device changes into few diffs: devices that changed are marked, and at most once
 * per `intervalMs` one diff goes out with their current views, the alerts raised and cleared, and the
 * fleet totals — to the monitor's own subscribers (the CLI) and, as one `monitor:diff` event, to the event
 * hub (the window). A device that changed five times between two diffs appears once, as it is now.
 * Subscribers in this process get the views as they are; the event carries the compact wire form
 * (shared/ipc/monitor-diff-wire.ts), encoded once here for every window.
 */
import type {
  FleetTotals,
  MonitorAlert,
  MonitorDeviceView,
  MonitorDiff,
} from '../../../shared/domain/monitor';
import { encodeMonitorDiff } from '../../../shared/ipc/monitor-diff-codec';
import type { EventHub } from '../events/event-hub';
import type { AlertChanges } from './alerts';

export type DiffListener = (diff: MonitorDiff) => void;

export interface DiffSource {
  view(deviceId: string): MonitorDeviceView | undefined;
  totals(): FleetTotals;
}

export interface DiffEmitterOptions {
  intervalMs: number;
  now: () => number;
  events?: EventHub;
  onListenerError?: (error: unknown) => void;
}

export class DiffEmitter {
  private dirty = new Set<string>();
  private removed: string[] = [];
  private raised: MonitorAlert[] = [];
  private cleared: MonitorAlert[] = [];
  /** The totals changed with no device (the laptop left or rejoined the site network). */
  private totalsChanged = false;
  private readonly listeners = new Set<DiffListener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly source: DiffSource,
    private readonly options: DiffEmitterOptions,
  ) {}

  markDirty(deviceId: string): void {
    this.dirty.add(deviceId);
    this.schedule();
  }

  markRemoved(deviceId: string): void {
    this.dirty.delete(deviceId);
    this.removed.push(deviceId);
    this.schedule();
  }

  /** Sends a diff with the totals even when no device changed. */
  markTotalsChanged(): void {
    this.totalsChanged = true;
    this.schedule();
  }

  addAlerts(changes: AlertChanges): void {
    if (changes.raised.length === 0 && changes.cleared.length === 0) return;
    this.raised.push(...changes.raised);
    this.cleared.push(...changes.cleared);
    this.schedule();
  }

  subscribe(listener: DiffListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Sends what is pending now (stop, tests). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.dirty.size + this.removed.length + this.raised.length + this.cleared.length > 0;
    if (!pending && !this.totalsChanged) return;
    this.totalsChanged = false;
    const devices: MonitorDeviceView[] = [];
    for (const id of this.dirty) {
      const view = this.source.view(id);
      if (view !== undefined) devices.push(view);
    }
    const diff: MonitorDiff = {
      at: this.options.now(),
      devices,
      removed: this.removed,
      raised: this.raised,
      cleared: this.cleared,
      totals: this.source.totals(),
    };
    this.dirty = new Set();
    this.removed = [];
    this.raised = [];
    this.cleared = [];
    this.lastAt = diff.at;
    for (const listener of [...this.listeners]) {
      try {
        listener(diff);
      } catch (error) {
        this.options.onListenerError?.(error);
      }
    }
    this.options.events?.emit({ type: 'monitor:diff', payload: encodeMonitorDiff(diff) });
  }

  /** Sends what is pending and stops. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.listeners.clear();
  }

  private schedule(): void {
    if (this.timer !== undefined || this.closed) return;
    const wait = Math.max(0, this.lastAt + this.options.intervalMs - this.options.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }
}
