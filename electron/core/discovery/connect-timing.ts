/**
 * How long a scan waits on an address, learnt from the answers it gets. Two waits, both measured from
 * when the connect's SYN left (tcp-connect.ts):
 *
 * - **Patience**: how long an address holds one of the scan's probing slots. Live LAN devices accept (or
 *   refuse) in about a millisecond, so once answers have been seen, an address still quiet after
 *   `srtt + 4 × rttvar` (TCP's own retransmission rule, RFC 6298, here at least 20 ms) is most likely
 *   empty: it is set aside, its connect still waiting, and its slot probes the next address. Setting a
 *   live host aside costs nothing but a place among the waiting, so the patience is also held to an
 *   eighth of the confirm wait (and is that until the first answer): a slot turns over at least eight
 *   times per wait, the rate the scanner's eight-times-the-slots of waiting connects can carry, so
 *   neither one slow device nor a laptop too busy to time answers well slows a mostly empty block.
 * - **Confirm wait**: how long a set-aside address is waited for before it counts as silent. Never less
 *   than 350 ms once answers were seen, so a busy controller that takes a few hundred milliseconds to
 *   accept is still found; ten times the slowest answer seen when that is more (a Wi-Fi site, a routed
 *   one); never more than the connect timeout, which is also the wait until the first answer arrives
 *   (an address range that answers nothing gives no reason to wait less).
 *
 * Answers are timed on the network's clock (loop-clock.ts): the time this laptop's event loop provably
 * spent elsewhere before reading an answer is left out, so a busy laptop no longer makes every empty
 * address wait the whole connect timeout (one answer read 50 ms late made it 500 ms, not 350).
 *
 * Once answers came, the confirm wait only ever grows: one slow device makes the rest of the scan more
 * patient, never less. Each estimate is a few arithmetic operations per answer, no state per address.
 */

/** Slots are not handed on faster than this: below it the scan would only burn CPU on set-asides. */
export const MIN_PATIENCE_MS = 20;
/** A busy controller can take a few hundred milliseconds to accept (300 ms seen): it must be found. */
export const MIN_CONFIRM_MS = 350;
/** The slowest answer seen, times this, is waited for every address before it is silent. */
export const CONFIRM_MULTIPLE = 10;
/** The patience is at most this share of the confirm wait (scanner.ts: SET_ASIDE_MULTIPLE). */
export const PATIENCE_SHARE = 8;

const noop = (): void => undefined;

export class ConnectTiming {
  private srtt: number | undefined;
  private rttvar = 0;
  private slowest = 0;
  private patience: number;
  private confirm: number;

  /**
   * @param connectTimeoutMs the longest any address is waited for.
   * @param onConfirmShortened called when the confirm wait shrank (the first answer), so timers armed for
   *   the longer wait can be moved forward; a longer wait needs no call (an early timer just re-arms).
   */
  constructor(
    readonly connectTimeoutMs: number,
    private readonly onConfirmShortened: () => void = noop,
  ) {
    this.confirm = connectTimeoutMs;
    this.patience = this.heldTo(Number.POSITIVE_INFINITY);
  }

  /** `ms` within [20 ms, confirm wait / 8], and never more than the confirm wait itself. */
  private heldTo(ms: number): number {
    const floor = Math.min(MIN_PATIENCE_MS, this.confirm);
    return Math.min(Math.max(floor, this.confirm / PATIENCE_SHARE), Math.max(floor, ms));
  }

  /** How long an address holds a probing slot (ms). */
  get patienceMs(): number {
    return this.patience;
  }

  /** How long an address is waited for in all before it counts as silent (ms). */
  get confirmMs(): number {
    return this.confirm;
  }

  /** An address answered (accepted or refused) `rttMs` after its connect started. */
  observe(rttMs: number): void {
    const rtt = Number.isFinite(rttMs) && rttMs > 0 ? rttMs : 0;
    const first = this.srtt === undefined;
    if (this.srtt === undefined) {
      this.srtt = rtt;
      this.rttvar = rtt / 2;
    } else {
      this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - rtt);
      this.srtt = 0.875 * this.srtt + 0.125 * rtt;
    }
    if (first || rtt > this.slowest) {
      this.slowest = Math.max(this.slowest, rtt);
      const confirm = Math.min(
        this.connectTimeoutMs,
        Math.max(MIN_CONFIRM_MS, CONFIRM_MULTIPLE * this.slowest),
      );
      const shorter = confirm < this.confirm;
      this.confirm = confirm;
      if (shorter) this.onConfirmShortened();
    }
    this.patience = this.heldTo(this.srtt + 4 * this.rttvar);
  }
}
