/**
 * Times an answer on the network's clock, not on this laptop's. A connect's answer is read when the event
 * loop next polls for I/O; a laptop busy with other work (a build, a browser, the scan's own burst of
 * connects) polls late, and an answer that came back in a millisecond then looks tens of milliseconds
 * slow. The scan's waits grow with the slowest answer (connect-timing.ts: ten times it), so a busy
 * laptop made every empty address wait the whole connect timeout for nothing: on the /24 benchmark a
 * loop held 80 ms made the scan wait 500 ms instead of 350 ms in every run.
 *
 * A heartbeat (every 4 ms while a scan runs) notes when the loop came round: a beat whose turn has
 * ended (its poll for I/O done, seen from a check-phase callback) proves that an answer read in a later
 * turn had not arrived before the beat. An answer is therefore timed at most up to that beat plus two
 * beats of slack (what a loop that keeps up needs to read it), never more than measured: a loop that
 * keeps up times answers exactly as before (to within the slack), a stalled one drops the stall.
 *
 * What it does not change: the confirm wait is still never below 350 ms and a deadline still yields to an
 * answer already waiting (deadline-queue.ts), so a device slow to accept is found as before; only the
 * laptop's own lateness no longer lengthens every wait. Two callbacks per beat, nothing per address.
 */

/** The heartbeat's period while a scan runs. */
export const BEAT_MS = 4;
/** A loop that keeps up reads an answer within two beats of the last beat whose turn ended. */
export const BEAT_SLACK_MS = 2 * BEAT_MS;

export class LoopClock {
  private timer: NodeJS.Timeout | undefined;
  /** When the latest beat ran (its turn may not have polled yet). */
  private beatAt = Number.NEGATIVE_INFINITY;
  /** The latest beat whose turn has polled for I/O: answers read after it arrived after it. */
  private cameRoundAt = Number.NEGATIVE_INFINITY;

  private readonly onBeat = (): void => {
    this.beatAt = this.now();
    setImmediate(this.onTurnEnd);
  };

  private readonly onTurnEnd = (): void => {
    this.cameRoundAt = this.beatAt;
  };

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Beats until `stop()`; the timer never keeps a process alive by itself. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(this.onBeat, BEAT_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * How long an answer read now took since its SYN left at `sentAt` (ms): the time measured, less what
   * the loop provably spent not looking; the time measured when the clock is not running.
   */
  answerMs(sentAt: number): number {
    const measured = this.now() - sentAt;
    if (this.timer === undefined) return measured;
    return Math.min(measured, Math.max(0, this.cameRoundAt - sentAt) + BEAT_SLACK_MS);
  }
}
