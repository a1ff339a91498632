/**
 * The first step of every probe: a bare TCP connect with a short LAN timeout. Most addresses of a sweep
 * are empty, so this is where a scan spends its time: one socket, shared listener functions (no closures
 * per address), the scan's one deadline queue instead of a timer each, and one promise per host and port.
 * An open socket is handed to the HTTP step (one connection per probe, not two).
 *
 * Every answer (accepted or refused) tells the scan's connect timing (connect-timing.ts) how fast this
 * network answers; a connect waits until the timing's confirm wait has passed. Both are counted from when
 * the SYN left, not from the `net.connect` call: Node sends it on a later tick, after the whole burst of
 * connects a scan starts at once. A network that answers in a millisecond must not look ten times slower
 * because this laptop took 10 ms to start 512 connects, nor a slow device lose that time from its wait.
 * Nor because the laptop was busy when the answer came: the scan's loop clock (loop-clock.ts) leaves out
 * the time the event loop provably spent not looking.
 *
 * "Nothing answered" (refused, unreachable, timed out) is the common case and not an error. Running out of
 * local resources (file descriptors, buffers, the neighbour table on a big sweep) is different: those are
 * retried after a short pause, so a busy laptop slows the scan down instead of silently missing devices.
 */
import net from 'node:net';
import type { Socket } from 'node:net';
import type { ConnectTiming } from './connect-timing';
import type { DeadlineEntry, DeadlineQueue } from './deadline-queue';
import type { LoopClock } from './loop-clock';
import type { SocketTracker } from './socket-tracker';

export type ConnectOutcome =
  | { kind: 'open'; socket: Socket }
  /** Refused, unreachable or timed out: no service there. */
  | { kind: 'silent' }
  /** This laptop could not try (out of sockets or buffers), even after the retries. */
  | { kind: 'failed'; code: string }
  | { kind: 'cancelled' };

/** What a connect needs from its scan. */
export interface ConnectContext {
  tracker: SocketTracker;
  /** The scan's connect deadlines (its timing's confirm wait), one timer for all. */
  deadlines: DeadlineQueue<DeadlineEntry>;
  timing: ConnectTiming;
  /** Times answers without the laptop's own lateness in reading them (loop-clock.ts). */
  clock: LoopClock;
}

/** Local shortages that pass: worth another try after a pause rather than a missed device. */
const TRANSIENT = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'EAGAIN', 'ENOMEM', 'EADDRNOTAVAIL']);
const RETRIES = 4;
const RETRY_PAUSE_MS = 40;

const SILENT: ConnectOutcome = { kind: 'silent' };
/** Silent too, but an answer: something at the address said no, which times the network. */
const REFUSED: ConnectOutcome = { kind: 'silent' };
const CANCELLED: ConnectOutcome = { kind: 'cancelled' };
const ATTEMPT = Symbol('minerdeck.connectAttempt');

interface AttemptSocket extends Socket {
  [ATTEMPT]?: Attempt;
}

/**
 * Attempts whose SYN has not left yet. Node connects to an address on a tick of its own, queued by
 * `net.connect` (net.js); the first connect of a burst queues `afterBurst` just behind its own, which
 * queues `sent` behind the ticks of every later connect of the burst: it runs once all their SYNs have
 * left and starts their deadlines (two ticks per burst, not one per connect).
 */
let unsent: Attempt[] = [];

function afterBurst(): void {
  process.nextTick(sent);
}

function sent(): void {
  const gone = unsent;
  unsent = [];
  for (const attempt of gone) if (!attempt.settled) attempt.ctx.deadlines.add(attempt);
}

const noop = (): void => undefined;

/** One try to connect; a retry is a new Attempt, so a stale deadline can never end the next try. */
class Attempt implements DeadlineEntry {
  /** When its SYN left (set by the deadline queue; 0 until then). */
  startedAt = 0;
  settled = false;
  socket: AttemptSocket | undefined;

  constructor(
    readonly host: string,
    readonly port: number,
    readonly ctx: ConnectContext,
    readonly resolve: (outcome: ConnectOutcome) => void,
    /** Tries before this one. */
    readonly previousTries = 0,
  ) {}

  start(): void {
    const { tracker } = this.ctx;
    if (tracker.isClosed) {
      this.resolve(CANCELLED);
      return;
    }
    const socket: AttemptSocket = net.connect({ host: this.host, port: this.port });
    socket[ATTEMPT] = this;
    this.socket = socket;
    // Kept for the socket's whole life: an 'error' nobody listens to would crash the app's main process.
    socket.on('error', noop);
    socket.on('error', onError);
    socket.on('connect', onConnect);
    socket.on('close', onClose);
    tracker.add(socket);
    if (unsent.length === 0) process.nextTick(afterBurst);
    unsent.push(this);
  }

  expire(): void {
    this.settle(SILENT);
  }

  settle(outcome: ConnectOutcome): void {
    const socket = this.socket;
    if (this.settled || socket === undefined) return;
    this.settled = true;
    socket.removeListener('error', onError);
    socket.removeListener('connect', onConnect);
    socket.removeListener('close', onClose);
    if ((outcome.kind === 'open' || outcome === REFUSED) && this.startedAt > 0) {
      this.ctx.timing.observe(this.ctx.clock.answerMs(this.startedAt));
    }
    if (outcome.kind === 'open') {
      // Opened just as the scan was cancelled: closed, not handed on.
      if (!this.ctx.tracker.isClosed) {
        this.resolve(outcome);
        return;
      }
      outcome = CANCELLED;
    }
    this.ctx.tracker.release(socket);
    if (outcome.kind === 'failed' && this.previousTries < RETRIES && !this.ctx.tracker.isClosed) {
      const { host, port, ctx, resolve, previousTries } = this;
      ctx.tracker.pause(RETRY_PAUSE_MS * 2 ** previousTries, () =>
        new Attempt(host, port, ctx, resolve, previousTries + 1).start(),
      );
      return;
    }
    this.resolve(outcome);
  }
}

function onConnect(this: AttemptSocket): void {
  this[ATTEMPT]?.settle({ kind: 'open', socket: this });
}

function onError(this: AttemptSocket, error: Error): void {
  const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
  let outcome = SILENT;
  if (code === 'ECONNREFUSED') outcome = REFUSED;
  else if (TRANSIENT.has(code)) outcome = { kind: 'failed', code };
  this[ATTEMPT]?.settle(outcome);
}

/** Closed before connecting and without an error: destroyed by cancel. */
function onClose(this: AttemptSocket): void {
  const attempt = this[ATTEMPT];
  attempt?.settle(attempt.ctx.tracker.isClosed ? CANCELLED : SILENT);
}

export function connectTcp(host: string, port: number, ctx: ConnectContext): Promise<ConnectOutcome> {
  return new Promise((resolve) => new Attempt(host, port, ctx, resolve).start());
}
