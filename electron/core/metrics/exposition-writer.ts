/**
 * The exposition's building blocks: label escaping, sample values, the families' fixed bytes, and a writer
 * that puts one scrape's bytes straight into a Buffer.
 */
import type { MonitorSnapshot } from '../monitor/monitor-reads';
import type { DeviceExtras } from './poll-recorder';

/** A label value as the format wants it: `\` → `\\`, `"` → `\"`, newline → `\n`. */
export function escapeLabel(value: string): string {
  return /[\\"\n]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
    : value;
}

/** A sample value: integers and decimals as JavaScript prints them, infinities and NaN as the format does. */
export function sampleValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** `,name="value"`, escaped, as bytes: one label appended to a series' label set. */
export const labelBytes = (name: string, value: string): Buffer =>
  Buffer.from(`,${name}="${escapeLabel(value)}"`);

export type Kind = 'gauge' | 'counter' | 'histogram';

/** A sample name's fixed bytes: `name{` before labels, `name ` when it has none. */
export interface Series {
  open: Buffer;
  bare: Buffer;
}

export const series = (name: string): Series => ({
  open: Buffer.from(`${name}{`),
  bare: Buffer.from(`${name} `),
});

/** A family: its HELP and TYPE lines in both formats, made once, and its samples' name. */
export interface Family extends Series {
  text: Buffer;
  openMetrics: Buffer;
}

/** HELP and TYPE; a counter's family is named without `_total` in OpenMetrics (its samples keep it). */
export function family(name: string, kind: Kind, help: string): Family {
  const header = (named: string): Buffer => Buffer.from(`# HELP ${named} ${help}\n# TYPE ${named} ${kind}\n`);
  return {
    ...series(name),
    text: header(name),
    openMetrics: header(kind === 'counter' ? name.replace(/_total$/, '') : name),
  };
}

let sizeHint = 1 << 20;
/** Bytes handed to the sink at once: few socket writes, yet the scraper reads while the rest is made. */
const CHUNK_BYTES = 1 << 16;
/** A streamed scrape's buffers: each holds several chunks, handed out as views. */
const STREAM_BUFFER_BYTES = 1 << 20;
/** A sample value's longest text (`-1.7976931348623157e+308`), with room to spare. */
const NUMBER_BYTES = 32;
/** Integers below this are written with 32-bit arithmetic; larger safe ones in two halves. */
const SMALL_INTEGER = 2 ** 31;
const LOW_DIGITS = 8;
const LOW_HALF = 10 ** LOW_DIGITS;
/** 10^0 … 10^9: how many digits a small integer has. */
const POWERS_OF_TEN = Array.from({ length: 10 }, (_, i) => 10 ** i);
const [CLOSE, SPACE, NEWLINE, MINUS, ZERO] = [0x7d, 0x20, 0x0a, 0x2d, 0x30];

/**
 * Writes one scrape's bytes into a Buffer as it goes: the fixed parts (a family's header, `name{`, a
 * device's label set) are copied from bytes made once, and numbers are written digit by digit. Building
 * lines as strings first made ~100,000 short-lived strings per 5,000-device scrape: the collector and
 * the UTF-8 encoding of those strings were most of a scrape (profile).
 */
export class Writer {
  // A whole scrape's is sized like the last one: growing a 10 MB buffer by copies showed in the profile.
  private buf: Buffer;
  private pos = 0;
  /** Where the bytes not yet handed to the sink start. */
  private start = 0;
  /**
   * `sink`: the bytes go there in chunks as they are made (a scrape streamed to the socket) instead of
   * staying in the Writer's own buffer. A chunk is a view of the buffer, never written again.
   */
  constructor(
    private readonly open: boolean,
    private readonly sink?: (chunk: Buffer) => void,
  ) {
    this.buf = Buffer.allocUnsafe(sink === undefined ? sizeHint : STREAM_BUFFER_BYTES);
  }

  /** The scrape (a view of the buffer, not a copy); its size is the next scrape's first guess. */
  get bytes(): Buffer {
    sizeHint = Math.max(1 << 16, this.pos + (this.pos >> 3));
    return this.buf.subarray(0, this.pos);
  }

  /** Hands what is pending to the sink now. */
  flush(): void {
    if (this.sink === undefined || this.pos === this.start) return;
    this.sink(this.buf.subarray(this.start, this.pos));
    this.start = this.pos;
  }

  /** Text as it is (rare: the end marker). */
  put(text: string): void {
    this.room(Buffer.byteLength(text));
    this.pos += this.buf.write(text, this.pos);
  }

  family(family: Family): void {
    this.bytesOf(this.open ? family.openMetrics : family.text);
  }

  /** `name{labels extra extra2} value` — `labels` without a leading comma, each extra with one. */
  sample(series: Series, labels: Uint8Array, value: number, extra?: Uint8Array, extra2?: Uint8Array): void {
    this.bytesOf(series.open);
    this.bytesOf(labels);
    if (extra !== undefined) this.bytesOf(extra);
    if (extra2 !== undefined) this.bytesOf(extra2);
    this.room(2);
    this.buf[this.pos++] = CLOSE;
    this.buf[this.pos++] = SPACE;
    this.endLine(value);
  }

  /** `name value`, a series without labels. */
  bare(series: Series, value: number): void {
    this.bytesOf(series.bare);
    this.endLine(value);
  }

  private bytesOf(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  private endLine(value: number): void {
    this.room(NUMBER_BYTES);
    // Safe integers (counts, 0 and 1, watts, rpm, whole hash rates) digit by digit: no string at all.
    // Everything else exactly as JavaScript prints it (sampleValue).
    if (Number.isSafeInteger(value)) {
      let n = value;
      if (n < 0) {
        this.buf[this.pos++] = MINUS;
        n = -n;
      }
      if (n < SMALL_INTEGER) {
        this.digits(n, 1);
      } else {
        // Two halves that fit small-integer arithmetic. Exact: n < 2^53 makes the quotient < 2^27, where
        // doubles are closer than 10^-8, so the division never rounds up to the next whole number.
        const high = Math.floor(n / LOW_HALF);
        const low = n - high * LOW_HALF;
        this.digits(high, 1);
        this.digits(low, LOW_DIGITS);
      }
    } else {
      const text = sampleValue(value);
      for (let i = 0; i < text.length; i += 1) this.buf[this.pos++] = text.charCodeAt(i);
    }
    this.buf[this.pos++] = NEWLINE;
    if (this.pos - this.start >= CHUNK_BYTES) this.flush();
  }

  /** A whole number under SMALL_INTEGER, in at least `width` digits (zeros in front). */
  private digits(value: number, width: number): void {
    let count = 1;
    while (count < POWERS_OF_TEN.length && value >= (POWERS_OF_TEN[count] as number)) count += 1;
    if (count < width) count = width;
    let n = value;
    for (let at = this.pos + count - 1; at >= this.pos; at -= 1) {
      const rest = (n / 10) | 0;
      this.buf[at] = ZERO + n - rest * 10;
      n = rest;
    }
    this.pos += count;
  }

  /** Makes room for `bytes` more: a new buffer once the sink has the old one's bytes, else a larger copy. */
  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.sink !== undefined) {
      this.flush();
      this.buf = Buffer.allocUnsafe(Math.max(bytes, STREAM_BUFFER_BYTES));
      this.pos = 0;
      this.start = 0;
      return;
    }
    const next = Buffer.allocUnsafe(Math.max(this.pos + bytes, this.buf.length * 2));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }
}

export interface Row {
  /** `site="…",device_id="…",address="…"` as bytes. */
  labels: Uint8Array;
  /** `,model="…",firmware="…"`, the info series' own labels. */
  info: Uint8Array;
  device: MonitorSnapshot['devices'][number];
  extras: DeviceExtras | undefined;
}

/**
 * `,name="value"` as bytes, made once per value in a scrape: states, alert kinds, error reasons, boards and
 * pool URLs repeat across the fleet. One per scrape, so values from devices never pile up.
 */
export class LabelPieces {
  private readonly made = new Map<string, Buffer>();
  constructor(private readonly name: string) {}

  of(value: string): Buffer {
    let bytes = this.made.get(value);
    if (bytes === undefined) {
      bytes = labelBytes(this.name, value);
      this.made.set(value, bytes);
    }
    return bytes;
  }
}
