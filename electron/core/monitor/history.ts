/**
 * Bounded history for charts: a ring per device (one hour at the default interval) and one for the fleet.
 *
 * Compact on purpose: 2,000 devices × 720 samples as objects would be millions of small allocations for
 * the garbage collector to walk. Each ring is one ArrayBuffer — times as Uint32 milliseconds since the
 * monitor started, each metric as a Float32 (NaN when the device did not say), a one-byte code (the
 * device's monitoring state) — about 21 bytes a sample, 30 MB for 2,000 devices over an hour.
 */

export interface Series<F extends string> {
  /** Epoch milliseconds, oldest first. */
  at: number[];
  /** Per field, aligned with `at`; null where there was no value. */
  values: Record<F, (number | null)[]>;
  /** Per sample code (for device rings: the index in MONITOR_STATES). */
  codes: number[];
}

export class SeriesRing<F extends string> {
  private readonly times: Uint32Array;
  private readonly columns: Float32Array[];
  private readonly codes: Uint8Array;
  private next = 0;
  private count = 0;

  constructor(
    readonly capacity: number,
    private readonly fields: readonly F[],
    /** Times are stored relative to this (epoch ms), so they fit 32 bits for 49 days. */
    private readonly epoch: number,
  ) {
    const size = Math.max(1, Math.floor(capacity));
    const buffer = new ArrayBuffer(size * (4 + 4 * fields.length + 1));
    this.times = new Uint32Array(buffer, 0, size);
    this.columns = fields.map((_, i) => new Float32Array(buffer, size * 4 * (i + 1), size));
    this.codes = new Uint8Array(buffer, size * 4 * (fields.length + 1), size);
  }

  get length(): number {
    return this.count;
  }

  push(at: number, values: Partial<Record<F, number | undefined>>, code = 0): void {
    const i = this.next;
    this.times[i] = Math.max(0, Math.round(at - this.epoch));
    // A loop, not forEach: a sample per poll, and no closure for each.
    for (let f = 0; f < this.fields.length; f += 1) {
      const column = this.columns[f];
      const field = this.fields[f];
      const value = field === undefined ? undefined : values[field];
      if (column !== undefined) column[i] = value === undefined ? Number.NaN : value;
    }
    this.codes[i] = code;
    this.next = (i + 1) % this.times.length;
    this.count = Math.min(this.count + 1, this.times.length);
  }

  /** Oldest first, as plain arrays for a chart or IPC. */
  toSeries(): Series<F> {
    const size = this.times.length;
    const start = (this.next - this.count + size) % size;
    const at: number[] = [];
    const codes: number[] = [];
    const values = Object.fromEntries(this.fields.map((f) => [f, [] as (number | null)[]])) as Record<
      F,
      (number | null)[]
    >;
    for (let k = 0; k < this.count; k += 1) {
      const i = (start + k) % size;
      at.push(this.epoch + (this.times[i] ?? 0));
      codes.push(this.codes[i] ?? 0);
      this.fields.forEach((field, f) => {
        const value = this.columns[f]?.[i];
        values[field].push(value === undefined || Number.isNaN(value) ? null : value);
      });
    }
    return { at, values, codes };
  }
}

export const DEVICE_HISTORY_FIELDS = ['hashRate', 'chipTempMax', 'boardTempMax', 'powerW'] as const;
export type DeviceHistoryField = (typeof DEVICE_HISTORY_FIELDS)[number];

export const FLEET_HISTORY_FIELDS = ['hashRate', 'powerW', 'online', 'activeAlerts'] as const;
export type FleetHistoryField = (typeof FLEET_HISTORY_FIELDS)[number];

/** Samples needed to cover `historyMs` at one sample per interval. */
export const historyCapacity = (historyMs: number, intervalMs: number): number =>
  Math.max(2, Math.ceil(historyMs / Math.max(1, intervalMs)));

export const createDeviceHistory = (capacity: number, epoch: number): SeriesRing<DeviceHistoryField> =>
  new SeriesRing(capacity, DEVICE_HISTORY_FIELDS, epoch);

export const createFleetHistory = (capacity: number, epoch: number): SeriesRing<FleetHistoryField> =>
  new SeriesRing(capacity, FLEET_HISTORY_FIELDS, epoch);
