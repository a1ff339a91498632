/**
 * Bounded history for charts: a ring per device (one hour at the default interval) and one for the fleet.
 *
 * Compact on purpose: 10,000 devices × 360 samples as objects would be millions of small allocations for
 * the garbage collector to walk. Each ring is one ArrayBuffer read through one DataView — times as Uint32
 * milliseconds since the monitor started, a one-byte code (the device's monitoring state), and each metric
 * as a Float32, or as an Int16 of tenths for a temperature (plausible from -40 to 150 °C) — about 17 bytes
 * a device sample, 61 MB for 10,000 devices over an hour at 10 s. One view per ring, not one typed array per
 * column: six views were 0.6 KB of objects on the JS heap per device.
 */

export interface Series<F extends string> {
  /** Epoch milliseconds, oldest first. */
  at: number[];
  /** Per field, aligned with `at`; null where there was no value. */
  values: Record<F, (number | null)[]>;
  /** Per sample code (for device rings: the index in MONITOR_STATES). */
  codes: number[];
}

/** How a field is stored: a Float32, or an Int16 of tenths (temperatures: a tenth of a degree is what a sensor says). */
export type ColumnKind = 'float32' | 'tenths';

/** An Int16 of tenths: no value. */
const NO_TENTHS = -32_768;

interface Column {
  offset: number;
  tenths: boolean;
}

/** Where each column of a ring lives in its buffer: the same for every ring of one capacity and fields. */
interface RingLayout {
  size: number;
  columns: readonly Column[];
  codesAt: number;
  bytes: number;
}

function layoutOf<F extends string>(
  capacity: number,
  fields: readonly F[],
  kinds: Partial<Record<F, ColumnKind>>,
): RingLayout {
  const size = Math.max(1, Math.floor(capacity));
  // Times, then the Float32 columns, then the Int16 ones, then the codes: every column aligned.
  let offset = size * 4;
  const placed = new Map<F, Column>();
  for (const field of fields) {
    if (kinds[field] === 'tenths') continue;
    placed.set(field, { offset, tenths: false });
    offset += size * 4;
  }
  for (const field of fields) {
    if (kinds[field] !== 'tenths') continue;
    placed.set(field, { offset, tenths: true });
    offset += size * 2;
  }
  const columns = fields.map((field) => placed.get(field) ?? { offset: 0, tenths: false });
  return { size, columns, codesAt: offset, bytes: offset + size };
}

/**
 * Layouts already worked out, by capacity, fields and kinds: a monitor makes one ring per device, all
 * alike, and their layouts (five small objects each) would otherwise be 2 MB at 10,000 devices, made while
 * the fleet's first round builds everything else. Few keys (one per monitor's interval), bounded anyway.
 */
const LAYOUTS = new Map<string, RingLayout>();
const MAX_LAYOUTS = 16;

function sharedLayout<F extends string>(
  capacity: number,
  fields: readonly F[],
  kinds: Partial<Record<F, ColumnKind>>,
): RingLayout {
  const key = `${capacity}|${fields.map((f) => `${f}:${kinds[f] ?? 'float32'}`).join(',')}`;
  let layout = LAYOUTS.get(key);
  if (layout === undefined) {
    if (LAYOUTS.size >= MAX_LAYOUTS) LAYOUTS.clear();
    layout = layoutOf(capacity, fields, kinds);
    LAYOUTS.set(key, layout);
  }
  return layout;
}

export class SeriesRing<F extends string> {
  private readonly view: DataView;
  private readonly size: number;
  private readonly columns: readonly Column[];
  private readonly codesAt: number;
  private next = 0;
  private count = 0;

  constructor(
    readonly capacity: number,
    private readonly fields: readonly F[],
    /** Times are stored relative to this (epoch ms), so they fit 32 bits for 49 days. */
    private readonly epoch: number,
    kinds: Partial<Record<F, ColumnKind>> = {},
  ) {
    const layout = sharedLayout(capacity, fields, kinds);
    this.size = layout.size;
    this.columns = layout.columns;
    this.codesAt = layout.codesAt;
    this.view = new DataView(new ArrayBuffer(layout.bytes));
  }

  get length(): number {
    return this.count;
  }

  push(at: number, values: Partial<Record<F, number | undefined>>, code = 0): void {
    const i = this.next;
    const view = this.view;
    view.setUint32(i * 4, Math.max(0, Math.round(at - this.epoch)), true);
    // A loop, not forEach: a sample per poll, and no closure for each.
    for (let f = 0; f < this.fields.length; f += 1) {
      const column = this.columns[f];
      const field = this.fields[f];
      if (column === undefined || field === undefined) continue;
      const value = values[field];
      if (column.tenths) view.setInt16(column.offset + i * 2, toTenths(value), true);
      else view.setFloat32(column.offset + i * 4, value === undefined ? Number.NaN : value, true);
    }
    view.setUint8(this.codesAt + i, code);
    this.next = (i + 1) % this.size;
    this.count = Math.min(this.count + 1, this.size);
  }

  /** Oldest first, as plain arrays for a chart or IPC. */
  toSeries(): Series<F> {
    const { size, view } = this;
    const start = (this.next - this.count + size) % size;
    const at: number[] = [];
    const codes: number[] = [];
    const values = Object.fromEntries(this.fields.map((f) => [f, [] as (number | null)[]])) as Record<
      F,
      (number | null)[]
    >;
    for (let k = 0; k < this.count; k += 1) {
      const i = (start + k) % size;
      at.push(this.epoch + view.getUint32(i * 4, true));
      codes.push(view.getUint8(this.codesAt + i));
      this.fields.forEach((field, f) => {
        const column = this.columns[f];
        if (column === undefined) return;
        values[field].push(
          column.tenths
            ? fromTenths(view.getInt16(column.offset + i * 2, true))
            : orNull(view.getFloat32(column.offset + i * 4, true)),
        );
      });
    }
    return { at, values, codes };
  }
}

/** Tenths in an Int16; a value it cannot hold (none, not finite, past ±3,276.7) is none. */
function toTenths(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return NO_TENTHS;
  const tenths = Math.round(value * 10);
  return tenths > 32_767 || tenths <= NO_TENTHS ? NO_TENTHS : tenths;
}

const fromTenths = (stored: number): number | null => (stored === NO_TENTHS ? null : stored / 10);

const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

export const DEVICE_HISTORY_FIELDS = ['hashRate', 'chipTempMax', 'boardTempMax', 'powerW'] as const;
export type DeviceHistoryField = (typeof DEVICE_HISTORY_FIELDS)[number];

export const FLEET_HISTORY_FIELDS = ['hashRate', 'powerW', 'online', 'activeAlerts'] as const;
export type FleetHistoryField = (typeof FLEET_HISTORY_FIELDS)[number];

/** Samples needed to cover `historyMs` at one sample per interval. */
export const historyCapacity = (historyMs: number, intervalMs: number): number =>
  Math.max(2, Math.ceil(historyMs / Math.max(1, intervalMs)));

export const createDeviceHistory = (capacity: number, epoch: number): SeriesRing<DeviceHistoryField> =>
  new SeriesRing(capacity, DEVICE_HISTORY_FIELDS, epoch, { chipTempMax: 'tenths', boardTempMax: 'tenths' });

export const createFleetHistory = (capacity: number, epoch: number): SeriesRing<FleetHistoryField> =>
  new SeriesRing(capacity, FLEET_HISTORY_FIELDS, epoch);
