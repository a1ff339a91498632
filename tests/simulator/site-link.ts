/**
 * The site's link that firmware uploads share (issue 33's field clock): one link of `siteMbps` (default
 * 1 Gbit/s) into the hall, each device taking at most `deviceMbps` (default 200 Mbit/s). A fluid model
 * (processor sharing): every upload in flight gets min(deviceMbps, siteMbps / uploads in flight), worked
 * out again whenever an upload starts or ends; an upload is through once its bytes have passed in field
 * time. The real bytes cross loopback at once; only the moment the device has them (and answers) follows
 * the model, so a run measures the field's wire time without sending it.
 *
 * `chargeBytes` counts every upload as that many bytes whatever was really sent: a benchmark sends a
 * small simulated image and the link carries it as a 64 MB one.
 */
import type { SimClock } from './sim-clock';
import { fieldTimeout } from './sim-clock';
import type { LinkStats, LinkUpload, SiteLinkOptions } from './types';

export const DEFAULT_SITE_MBPS = 1000;
export const DEFAULT_DEVICE_MBPS = 200;

/** Bytes left that count as none (rounding of the fluid sums). */
const EPSILON_BYTES = 1e-6;

export interface LinkTransfer {
  /** Resolves true once the upload's bytes have passed, false when it was cancelled (or the link closed). */
  readonly done: Promise<boolean>;
  /** The size, when it was not known at the start (a body without Content-Length). */
  setBytes(bytes: number): void;
  /** The client left or the device closed: the upload stops taking a share of the link. */
  cancel(): void;
}

interface Flow {
  /** Who uploads (a device's host), for the timeline. */
  label: string | undefined;
  startAt: number;
  /** Bytes to carry (Infinity until told, for a body without Content-Length). */
  size: number;
  /** Bytes carried so far. */
  passed: number;
  finish: (passed: boolean) => void;
}

const remaining = (flow: Flow): number => flow.size - flow.passed;

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new RangeError(`link ${name} must be a number > 0, got ${String(value)}`);
  }
  return value;
}

export function checkLinkOptions(
  o: SiteLinkOptions,
): Required<Omit<SiteLinkOptions, 'chargeBytes'>> & Pick<SiteLinkOptions, 'chargeBytes'> {
  const siteMbps = positive('siteMbps', o.siteMbps, DEFAULT_SITE_MBPS);
  const deviceMbps = positive('deviceMbps', o.deviceMbps, DEFAULT_DEVICE_MBPS);
  if (o.chargeBytes !== undefined) {
    positive('chargeBytes', o.chargeBytes, 1);
    if (!Number.isInteger(o.chargeBytes)) {
      throw new RangeError(`link chargeBytes must be a whole number of bytes, got ${o.chargeBytes}`);
    }
  }
  return { siteMbps, deviceMbps, ...(o.chargeBytes !== undefined ? { chargeBytes: o.chargeBytes } : {}) };
}

export class SiteLink {
  readonly siteMbps: number;
  readonly deviceMbps: number;
  readonly chargeBytes: number | undefined;
  private readonly flows = new Set<Flow>();
  private lastAt: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly totals = {
    uploads: 0,
    cut: 0,
    bytesCharged: 0,
    busyFieldMs: 0,
    peakConcurrent: 0,
    firstStartAt: undefined as number | undefined,
    lastEndAt: undefined as number | undefined,
  };
  /** Every upload whose bytes all passed: who, when it started and ended (field epoch ms). */
  private readonly ended: LinkUpload[] = [];

  constructor(
    options: SiteLinkOptions,
    private readonly clock: SimClock,
  ) {
    const o = checkLinkOptions(options);
    this.siteMbps = o.siteMbps;
    this.deviceMbps = o.deviceMbps;
    this.chargeBytes = o.chargeBytes;
    this.lastAt = clock.now();
  }

  /**
   * An upload starts now; `bytes` its size (ignored with `chargeBytes`; undefined: told later); `label`
   * names it in the timeline (a device's host).
   */
  start(bytes: number | undefined, label?: string): LinkTransfer {
    this.advance();
    let finish!: (passed: boolean) => void;
    const done = new Promise<boolean>((resolve) => (finish = resolve));
    const flow: Flow = {
      label,
      startAt: this.lastAt,
      size: this.chargeBytes ?? bytes ?? Number.POSITIVE_INFINITY,
      passed: 0,
      finish,
    };
    if (this.closed) finish(false);
    else {
      this.flows.add(flow);
      this.totals.firstStartAt ??= this.lastAt;
      this.totals.peakConcurrent = Math.max(this.totals.peakConcurrent, this.flows.size);
      this.reschedule();
    }
    return {
      done,
      setBytes: (n) => {
        if (this.chargeBytes !== undefined || !this.flows.has(flow)) return;
        this.advance();
        flow.size = n;
        this.settle();
      },
      cancel: () => {
        if (!this.flows.has(flow)) return;
        this.advance();
        this.flows.delete(flow);
        this.totals.cut++;
        flow.finish(false);
        this.reschedule();
      },
    };
  }

  stats(): LinkStats {
    this.advance();
    this.reschedule();
    return {
      siteMbps: this.siteMbps,
      deviceMbps: this.deviceMbps,
      ...(this.chargeBytes !== undefined ? { chargeBytes: this.chargeBytes } : {}),
      uploads: this.totals.uploads,
      cut: this.totals.cut,
      inFlight: this.flows.size,
      bytesCharged: Math.round(this.totals.bytesCharged),
      busyFieldMs: Math.round(this.totals.busyFieldMs),
      peakConcurrent: this.totals.peakConcurrent,
      ...(this.totals.firstStartAt !== undefined ? { firstStartAt: this.totals.firstStartAt } : {}),
      ...(this.totals.lastEndAt !== undefined ? { lastEndAt: this.totals.lastEndAt } : {}),
    };
  }

  /** Every upload whose bytes all passed, in the order they ended: what spaced them (benchmarks). */
  timeline(): LinkUpload[] {
    return [...this.ended];
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const flow of this.flows) flow.finish(false);
    this.flows.clear();
  }

  /** Bytes per field millisecond each upload gets now. */
  private rate(): number {
    const n = this.flows.size;
    if (n === 0) return 0;
    const mbps = Math.min(this.deviceMbps, this.siteMbps / n);
    return (mbps * 1e6) / 8 / 1000;
  }

  /** Moves every flow on to now at the share each had since the last event. */
  private advance(): void {
    const now = this.clock.now();
    const elapsed = now - this.lastAt;
    this.lastAt = now;
    if (elapsed <= 0 || this.flows.size === 0) return;
    const moved = this.rate() * elapsed;
    this.totals.busyFieldMs += elapsed;
    for (const flow of this.flows) {
      const step = Math.max(0, Math.min(moved, remaining(flow)));
      flow.passed += step;
      this.totals.bytesCharged += step;
    }
  }

  /** Ends the flows whose bytes have all passed, then plans the next end. */
  private settle(): void {
    for (const flow of this.flows) {
      if (remaining(flow) > EPSILON_BYTES) continue;
      this.flows.delete(flow);
      this.totals.uploads++;
      this.totals.lastEndAt = this.lastAt;
      this.ended.push({
        ...(flow.label !== undefined ? { label: flow.label } : {}),
        startAt: flow.startAt,
        endAt: this.lastAt,
      });
      flow.finish(true);
    }
    this.reschedule();
  }

  private reschedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || this.flows.size === 0) return;
    let least = Number.POSITIVE_INFINITY;
    for (const flow of this.flows) least = Math.min(least, remaining(flow));
    if (least <= EPSILON_BYTES) {
      this.settle();
      return;
    }
    if (!Number.isFinite(least)) return;
    const fieldMs = least / this.rate();
    this.timer = fieldTimeout(
      this.clock,
      () => {
        this.timer = undefined;
        this.advance();
        this.settle();
      },
      fieldMs,
    );
  }
}
