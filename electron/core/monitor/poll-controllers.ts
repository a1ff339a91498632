/**
 * The AbortControllers polls run under, reused from one poll to the next as long as they were never
 * aborted.
 *
 * Why: every AbortSignal Node makes ends up in the old generation (about 420 bytes each, measured), and
 * every request of a poll registered the fresh signal with abort-fanout.ts again (a listener added and
 * removed, a WeakMap entry set and deleted). At 10,000 devices that was 2.4 KB of old-generation garbage a
 * poll, a third of it all — and V8 lets the heap grow to up to four times its live size when the old
 * generation fills that fast. A controller that was never aborted is as good as new once its poll has
 * ended: every request of the poll has left its signal by then (the transport leaves in `finally`, a
 * shared unlock when the caller stops waiting). Each one keeps a registration with abort-fanout for good,
 * so the requests of later polls find it there and only add themselves to its set.
 */
import { listenForAbort } from '../device/abort-fanout';

const IGNORE = (): void => undefined;

export class PollControllers {
  private readonly free: AbortController[] = [];

  /** `keep`: controllers kept between polls at most (the polls that run at once). */
  constructor(private readonly keep: number) {}

  /** Controllers waiting for a poll. */
  get idle(): number {
    return this.free.length;
  }

  /** A controller for a poll about to start: one its last poll left unaborted, else a new one. */
  take(): AbortController {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const controller = new AbortController();
    // Never left: the signal's fanout stays, and the requests of every poll under it reuse it.
    listenForAbort(controller.signal, IGNORE);
    return controller;
  }

  /** Its poll has ended: kept for the next one, unless it was aborted (stop, or the poll ran late). */
  give(controller: AbortController): void {
    if (!controller.signal.aborted && this.free.length < this.keep) this.free.push(controller);
  }

  clear(): void {
    this.free.length = 0;
  }
}
