/**
 * What the monitor keeps of a device's answers between polls: the numbers its last `/summary` gave (read on
 * every other poll, they stand for the poll in between), the pools it listed, the hash-rate unit and
 * identity its last `/info` gave, and the raw bodies for the device's detail view.
 *
 * `/info` (small, read every ten minutes) is kept as the bytes the device sent, off the JS heap, and parsed
 * again when asked. `/summary` (2.5 KB or more, read every other poll) is kept only while the device is
 * open — someone looks at it (`Monitor.device()`) — and for a while after: at 10,000 devices the kept
 * summaries were 30 MB of the 400 MB budget (benchmark), for a detail view one device at a time. What else
 * needs the summary between polls is kept read: its numbers (SummaryPart) and its pools (summary-pools.ts).
 * Kept parsed, bodies were 3.3 KB of small objects a device (33 MB at 10,000 devices) that V8 walks at every
 * full collection and lets the heap grow to several times over. With a listener of every poll's bodies
 * (`onPollDone`: the site metrics, which keep them and read them when scraped) both are kept parsed instead,
 * the very objects the listener holds.
 */
import { infoFacts } from '../device/status-reader';
import type { Answered } from './poll-device';
import type { PollSummary, SummaryPart } from './poll-summary';
import { readSummaryPart, samePollSummary, withStatus } from './poll-summary';
import type { KeptPool } from './summary-pools';
import { summaryPools } from './summary-pools';

/** The latest bodies exactly as the device sent them, for display and diagnostics. */
export interface RawBodies {
  status?: unknown;
  summary?: unknown;
  info?: unknown;
  /** When they were read (epoch ms). */
  at?: number;
}

/**
 * A body as kept: its bytes in a buffer of the device's own, or the parsed value when the client did not
 * hand the bytes over (or a listener holds the parsed one).
 */
type KeptBody = { bytes: Buffer; length: number } | { parsed: unknown };

/** Room for a body a little longer than this one: the next answer usually fits in the same buffer. */
const roomFor = (length: number): number => Math.ceil((length * 1.125 + 64) / 64) * 64;

/**
 * The body kept: copied into the device's buffer when it fits — a new buffer for every answer would leave
 * the old ones' memory waiting for a full collection, as garbage outside the heap — else into a new one of
 * its own (the client's may be a slice of a shared slab it would keep alive).
 */
function keep(
  before: KeptBody | undefined,
  bytes: Buffer | undefined,
  parsed: unknown,
  asParsed: boolean,
): KeptBody {
  if (bytes === undefined || asParsed) return { parsed };
  if (before !== undefined && 'bytes' in before && before.bytes.length >= bytes.length) {
    bytes.copy(before.bytes);
    before.length = bytes.length;
    return before;
  }
  const room = Buffer.allocUnsafeSlow(roomFor(bytes.length));
  bytes.copy(room);
  return { bytes: room, length: bytes.length };
}

/** The body again as the client read it (a byte-order mark is not part of the JSON). */
function parsedBody(body: KeptBody | undefined): unknown {
  if (body === undefined) return undefined;
  if (!('bytes' in body)) return body.parsed;
  return JSON.parse(body.bytes.toString('utf8', 0, body.length).replace(/^\uFEFF/, '')) as unknown;
}

export class KeptAnswer {
  private status: unknown;
  private summary: KeptBody | undefined;
  private info: KeptBody | undefined;
  private at: number | undefined;
  /** What the kept `/summary` said, under the kept unit. */
  private part: SummaryPart | undefined;
  /** The last poll's reading, kept while the next ones say the same (see take()). */
  private reading: PollSummary | undefined;
  private hashRateUnit: string | undefined;
  private pools: readonly KeptPool[] | undefined;
  /** The last summary's numbers were dropped (its unit changed, the summary not kept): the next poll reads one. */
  summaryWanted = false;
  /**
   * `listened`: whether a listener takes every poll's parsed bodies now (see the file comment); asked at each
   * poll, so the app's site metrics turned on or off change what is kept from the next answer on.
   */
  constructor(private readonly listened: () => boolean) {}

  /**
   * This poll's answer taken in; answers the poll's reading (its `/status` on the kept summary's part).
   * `open`: someone has the device open, so a `/summary` read is kept whole for its detail view.
   */
  take(answer: Answered, at: number, open: boolean): PollSummary {
    const unitBefore = this.hashRateUnit;
    const listened = this.listened();
    if (answer.info !== undefined) {
      this.info = keep(this.info, answer.infoBytes, answer.info, listened);
      this.hashRateUnit = infoFacts(answer.info).hashRateUnit;
    }
    if (!answer.summaryReused) {
      const read = answer.summary !== undefined;
      this.summaryWanted = false;
      this.summary =
        read && (open || listened)
          ? keep(this.summary, answer.summaryBytes, answer.summary, listened)
          : undefined;
      this.part = read ? readSummaryPart(answer.summary, this.hashRateUnit) : undefined;
      this.pools = read ? summaryPools(answer.summary, this.pools) : undefined;
    } else if (this.hashRateUnit !== unitBefore && this.part !== undefined) {
      // A new /info under the summary kept from the last poll (every 10 min at most) gave another unit: the
      // numbers are read again in it, or, the summary not kept, wait for the next one (summaryWanted).
      this.summaryWanted = this.summary === undefined;
      this.part = this.summaryWanted
        ? undefined
        : readSummaryPart(parsedBody(this.summary), this.hashRateUnit);
    }
    this.status = answer.status;
    this.at = at;
    // The device's record holds the reading until the next poll, an interval: long enough for V8 to move it
    // to the old generation, where each one replaced is garbage until a full collection (at 10,000 devices,
    // 1,000 a second). Most polls say what the last one did (the summary is read every other poll, states
    // rarely change): the new reading then dies young and the old one stays.
    const reading = withStatus(answer.status, this.part);
    if (this.reading === undefined || !samePollSummary(this.reading, reading)) this.reading = reading;
    return this.reading;
  }

  /** The kept `/summary` and `/info`, parsed, as a listener has them (kept so only when listened). */
  get summaryForListener(): unknown {
    return this.listened() ? parsedBody(this.summary) : undefined;
  }

  get infoForListener(): unknown {
    return this.listened() ? parsedBody(this.info) : undefined;
  }

  get answered(): boolean {
    return this.status !== undefined;
  }

  /** The whole last `/summary` is kept (the device was open when it was read). */
  get summaryKept(): boolean {
    return this.summary !== undefined;
  }

  /** The pools the last `/summary` listed; undefined when none was read. */
  get lastPools(): readonly KeptPool[] | undefined {
    return this.pools;
  }

  /** What the last `/info` said of the device (MAC, serial, model, firmware). */
  identity(): ReturnType<typeof infoFacts>['identity'] | undefined {
    return this.info === undefined ? undefined : infoFacts(parsedBody(this.info)).identity;
  }

  /** The last bodies, parsed again (the device's detail view). */
  raw(): RawBodies {
    return {
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.summary !== undefined ? { summary: parsedBody(this.summary) } : {}),
      ...(this.info !== undefined ? { info: parsedBody(this.info) } : {}),
      ...(this.at !== undefined ? { at: this.at } : {}),
    };
  }
}
