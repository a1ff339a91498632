/** The exposition's building blocks: label escaping, sample values, and a writer for one scrape. */
import type { MonitorSnapshot } from '../monitor/monitor';
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

export type Kind = 'gauge' | 'counter' | 'histogram';

let sizeHint = 1 << 20;
/** Characters joined before one Buffer write: large enough to make the writes few, small enough to stay young. */
const CHUNK_CHARS = 1 << 15;

/**
 * Writes the lines of one scrape into a growing Buffer, a chunk at a time. Building one string for the
 * whole scrape kept ~100,000 small strings alive until the end of a 5,000-device scrape: they outlived the
 * young generation, and the collector then took more time than the rendering. Writing each line on its own
 * spent most of the scrape in Buffer#write's argument checks (profile). Lines are therefore joined into a
 * chunk of a few tens of kilobytes and each chunk is written at once: its pieces still die young.
 */
export class Writer {
  // Sized like the last scrape: growing a 10 MB buffer by copies showed in the profile.
  private buf = Buffer.allocUnsafe(sizeHint);
  private len = 0;
  private chunk = '';
  /**
   * `sink`: each chunk goes there as it is made (a scrape streamed to the socket) instead of into the
   * Writer's own buffer.
   */
  constructor(
    private readonly open: boolean,
    private readonly sink?: (chunk: Buffer) => void,
  ) {}

  /** The scrape (a view of the buffer, not a copy); its size is the next scrape's first guess. */
  get bytes(): Buffer {
    this.flush();
    sizeHint = Math.max(1 << 16, this.len + (this.len >> 3));
    return this.buf.subarray(0, this.len);
  }

  put(text: string): void {
    this.chunk += text;
    if (this.chunk.length >= CHUNK_CHARS) this.flush();
  }

  /** Hands what is pending to the sink (or the buffer) now. */
  flush(): void {
    const text = this.chunk;
    if (text === '') return;
    this.chunk = '';
    if (this.sink !== undefined) {
      this.sink(Buffer.from(text));
      return;
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const need = this.len + text.length * 3;
    if (need > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(next, 0, 0, this.len);
      this.buf = next;
    }
    this.len += this.buf.write(text, this.len);
  }

  /** HELP and TYPE; a counter's family is named without `_total` in OpenMetrics. */
  family(name: string, kind: Kind, help: string): void {
    const family = this.open && kind === 'counter' ? name.replace(/_total$/, '') : name;
    this.put(`# HELP ${family} ${help}\n# TYPE ${family} ${kind}\n`);
  }

  sample(name: string, labels: string, value: number): void {
    this.put(
      labels === '' ? `${name} ${sampleValue(value)}\n` : `${name}{${labels}} ${sampleValue(value)}\n`,
    );
  }
}

export interface Row {
  labels: string;
  device: MonitorSnapshot['devices'][number];
  extras: DeviceExtras | undefined;
}
