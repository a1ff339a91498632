/**
 * One device's monitoring state, as a pure function of what the last poll saw. Pure so every transition
 * and its reason — the words a technician reads next to the device — is unit-tested without a network.
 *
 * Rules worth knowing:
 * - a device goes `offline` only after N polls in a row without an answer (one lost packet is not news);
 *   until then it keeps its state and only `missedPolls` counts up;
 * - an answer of any kind (even a 500) resets the count: the device is there;
 * - `needs-password` and `locked` keep their first reason while nothing changes, so a later poll that
 *   only hears "still no password" does not hide why it started ("password changed on the device").
 */
import type { MonitorState } from '../../../shared/domain/monitor';
import type { DeviceReading } from '../../../shared/domain/reading';
import type { ExpectedDisruption } from './disruption';
import { answerStillDisrupted, disruptionWords, isDisruptionKind, overdueWords } from './disruption';

export interface MachineState {
  state: MonitorState;
  reason: string;
  /** When the state began (epoch ms). */
  since: number;
  missedPolls: number;
  /** Credentials worked at least once this run: a later refusal means something changed on the device. */
  everOnline: boolean;
  lastAnswerAt?: number;
  /** A reboot or mining restart asked for: silence is expected until it ends (disruption.ts). */
  expected?: ExpectedDisruption;
}

/** A failed poll, reduced to what the reasons need; `text` is the error message without the address. */
export interface PollFailure {
  code: string;
  text: string;
  status?: number;
  deviceMessage?: string;
  retryAfterSeconds?: number;
}

export type PollEvent =
  /** `opensSession`: no session and no API key known to work, so this poll checks credentials first. */
  | { kind: 'poll-started'; opensSession: boolean }
  /** Only the device's state is needed (a full DeviceReading will do). */
  | { kind: 'answered'; reading: Pick<DeviceReading, 'state'> }
  | { kind: 'failed'; failure: PollFailure }
  /** A reboot or mining restart was asked for (by this process, or found in the activity log). */
  | { kind: 'expect'; disruption: ExpectedDisruption };

export interface MachineOptions {
  /** Polls in a row without an answer before the device is `offline`. */
  offlineAfterMissedPolls: number;
}

/** Failures that mean "nobody answered"; everything else is an answer, however unusable. */
const NO_ANSWER = new Set(['UNREACHABLE', 'TIMEOUT']);
/** States whose first reason is kept while the device keeps failing the same way. */
const STICKY = new Set<MonitorState>(['needs-password', 'locked', 'locked-out', 'offline']);

export function initialState(now: number): MachineState {
  return {
    state: 'discovered',
    reason: 'waiting for the first poll',
    since: now,
    missedPolls: 0,
    everOnline: false,
  };
}

/** "device reports mining", or "device reports failure: <its description> (code 3)". */
export function readingReason(reading: Pick<DeviceReading, 'state'>): string {
  const { state } = reading;
  if (state.kind !== 'failure') return `device reports ${state.name}`;
  const description = state.description?.trim() || 'no description given';
  const code = state.failureCode === undefined ? '' : ` (code ${state.failureCode})`;
  return `device reports failure: ${description}${code}`;
}

const withoutPeriod = (text: string): string => text.trim().replace(/\.$/, '');

function failureOutcome(prev: MachineState, failure: PollFailure): { state: MonitorState; reason: string } {
  const text = withoutPeriod(failure.text);
  switch (failure.code) {
    case 'WRONG_PASSWORD':
      return prev.everOnline
        ? {
            state: 'needs-password',
            reason: 'password changed on the device: it refused the stored password',
          }
        : { state: 'needs-password', reason: 'the device refused the stored password' };
    case 'AUTH_REQUIRED':
      // After a refused password the session manager answers every poll "needs its password": that is
      // still the refusal, not a device that never had credentials (`locked`), so the state stays.
      if (prev.state === 'needs-password') return { state: 'needs-password', reason: prev.reason };
      return prev.everOnline
        ? { state: 'needs-password', reason: `the device no longer accepts its credentials: ${text}` }
        : { state: 'locked', reason: text };
    case 'LOCKED_OUT': {
      const wait = failure.retryAfterSeconds;
      return {
        state: 'locked-out',
        reason:
          wait === undefined
            ? 'locked out after wrong passwords: the device refuses unlocks for a while'
            : `locked out after wrong passwords: the device refuses unlocks for ${wait} s`,
      };
    }
    case 'HTTP_ERROR': {
      const said = failure.deviceMessage === undefined ? '' : `: ${failure.deviceMessage.trim()}`;
      if (failure.status === 403)
        return { state: 'auth-failed', reason: `the device refused access (403)${said}` };
      return { state: 'error', reason: `answered ${failure.status ?? '?'}${said}` };
    }
    default:
      return { state: 'error', reason: text };
  }
}

/**
 * `prev` moved to `state` (its `since` kept when the state stays; a sticky state keeps its reason). A
 * module function, not a closure in `transition`: that runs twice for every poll.
 */
function moved(
  prev: MachineState,
  now: number,
  state: MonitorState,
  reason: string,
  patch: Partial<MachineState> = {},
): MachineState {
  const same = state === prev.state;
  const keepReason = same && STICKY.has(state);
  return {
    ...prev,
    ...patch,
    state,
    reason: keepReason ? prev.reason : reason,
    since: same ? prev.since : now,
  };
}

/** Failures that end a disruption at once: the device answers, and needs the technician. */
const ENDS_DISRUPTION = new Set([
  'WRONG_PASSWORD',
  'AUTH_REQUIRED',
  'LOCKED_OUT',
  'TLS_CHANGED',
  'TLS_UNTRUSTED',
]);

/**
 * A poll's outcome while a reboot or restart is expected: the state it keeps, or undefined when the
 * disruption is over and the event is judged as usual.
 */
function duringDisruption(
  prev: MachineState,
  d: ExpectedDisruption,
  event: Exclude<PollEvent, { kind: 'poll-started' | 'expect' }>,
  now: number,
): MachineState | undefined {
  if (event.kind === 'answered') {
    if (!answerStillDisrupted(d, event.reading.state.name, now)) return undefined;
    return moved(prev, now, d.kind, prev.reason, { missedPolls: 0, everOnline: true, lastAnswerAt: now });
  }
  const { failure } = event;
  if (failure.code === 'CANCELLED') return prev;
  if (NO_ANSWER.has(failure.code)) {
    return { ...prev, missedPolls: prev.missedPolls + 1, expected: { ...d, wentDown: true } };
  }
  if (ENDS_DISRUPTION.has(failure.code) || (failure.code === 'HTTP_ERROR' && failure.status === 403)) {
    return undefined;
  }
  // A booting web server may answer 500s or garbage for a moment: still the disruption.
  return { ...prev, missedPolls: 0, lastAnswerAt: now };
}

/**
 * The deadline passed with the device still in its disruption: silent, it is offline at once (it has been
 * gone long enough); anything else is judged as usual.
 */
function afterDeadline(
  prev: MachineState,
  d: ExpectedDisruption,
  event: Exclude<PollEvent, { kind: 'poll-started' | 'expect' }>,
  now: number,
  options: MachineOptions,
): MachineState {
  const base: MachineState = { ...prev, expected: undefined };
  if (event.kind === 'failed' && NO_ANSWER.has(event.failure.code) && prev.state === d.kind) {
    const missedPolls = prev.missedPolls + 1;
    const polls = missedPolls === 1 ? '1 poll' : `${missedPolls} polls`;
    const why = `${overdueWords(d)}: no answer for ${polls} (${withoutPeriod(event.failure.text)})`;
    return moved(base, now, 'offline', why, { missedPolls });
  }
  return transition(base, event, now, options);
}

/** The next state; returns `prev` itself when nothing changed (cancelled polls, a miss below N). */
export function transition(
  prev: MachineState,
  event: PollEvent,
  now: number,
  options: MachineOptions,
): MachineState {
  const d = prev.expected;
  if (d !== undefined && event.kind !== 'poll-started' && event.kind !== 'expect') {
    if (now >= d.until) return afterDeadline(prev, d, event, now, options);
    const kept = duringDisruption(prev, d, event, now);
    if (kept !== undefined) return kept;
    // Over: judged as usual, from the state before it (a rebooted device needs a quick recheck too).
    return transition({ ...prev, expected: undefined }, event, now, options);
  }
  switch (event.kind) {
    case 'expect': {
      const next = event.disruption;
      if (next.until <= now) return prev;
      return moved(prev, now, next.kind, disruptionWords(next, now), { expected: next });
    }
    case 'poll-started':
      return prev.state === 'discovered' && event.opensSession
        ? moved(prev, now, 'unlocking', 'checking its stored credentials')
        : prev;
    case 'answered':
      return moved(prev, now, 'online', readingReason(event.reading), {
        missedPolls: 0,
        everOnline: true,
        lastAnswerAt: now,
      });
    case 'failed': {
      const { failure } = event;
      if (failure.code === 'CANCELLED') return prev;
      if (NO_ANSWER.has(failure.code)) {
        const missedPolls = prev.missedPolls + 1;
        if (missedPolls < options.offlineAfterMissedPolls && prev.state !== 'offline') {
          return { ...prev, missedPolls };
        }
        const polls = missedPolls === 1 ? '1 poll' : `${missedPolls} polls`;
        return moved(prev, now, 'offline', `no answer for ${polls} (${withoutPeriod(failure.text)})`, {
          missedPolls,
        });
      }
      const next = failureOutcome(prev, failure);
      return moved(prev, now, next.state, next.reason, { missedPolls: 0, lastAnswerAt: now });
    }
  }
}

export interface DelayOptions {
  intervalMs: number;
  /** Share of the interval each delay may move either way (0.1 → ±10 %), so polls spread out. */
  jitter: number;
  maxBackoffMs: number;
  /** Delay of the confirming poll right after an offline device answers again. */
  quickRecheckMs: number;
  offlineAfterMissedPolls: number;
}

/** `ms` moved at random by up to `jitter` of itself either way (0.1 → ±10 %), so polls spread out. */
export const jittered = (ms: number, jitter: number, random: () => number): number =>
  Math.round(ms * (1 + jitter * (2 * random() - 1)));

/**
 * Milliseconds until the device's next poll: the interval (with jitter); doubling while offline up to
 * the cap, so a dead device costs little; and a quick recheck when it comes back, to confirm its state
 * (a rebooted device shows `initializing` first and has lost its session).
 */
export function nextPollDelay(
  prev: MachineState,
  next: MachineState,
  options: DelayOptions,
  random: () => number,
): number {
  const spread = (ms: number): number => jittered(ms, options.jitter, random);
  if ((prev.state === 'offline' || isDisruptionKind(prev.state)) && next.state !== prev.state) {
    return options.quickRecheckMs;
  }
  if (next.state === 'offline') {
    const beyond = Math.max(0, next.missedPolls - options.offlineAfterMissedPolls);
    return Math.min(options.maxBackoffMs, spread(options.intervalMs * 2 ** (beyond + 1)));
  }
  return spread(options.intervalMs);
}

/** A poll planned this long before its kept connection expires still finds it (timer lateness). */
const KEPT_CONNECTION_SLACK_MS = 50;

/**
 * The next poll's delay moved, within the jitter, to before the device's kept connection expires.
 * Devices that close an idle connection after about the interval (Node's and actix-web's servers: 5 s,
 * announced as `Keep-Alive: timeout=5`) would otherwise cost a new TCP connection on every poll — a third
 * of the monitor's CPU at 2,000 devices (benchmark) and a handshake for the device. Polled at the early
 * end of the jitter window instead (4.5–4.7 s at 5 s ± 10 %), each poll reuses the connection; the fleet
 * stays spread (the delay is still random) and never polls faster than the jitter allows.
 *
 * `delayMs` and `keptForMs` are counted from the same moment (the poll's start). Unchanged when the
 * connection lasts past the planned poll anyway, or expires before the jitter window opens.
 */
export function withinKeptConnection(
  delayMs: number,
  keptForMs: number,
  options: Pick<DelayOptions, 'intervalMs' | 'jitter'>,
  random: () => number,
): number {
  const earliest = options.intervalMs * (1 - options.jitter);
  const latest = keptForMs - KEPT_CONNECTION_SLACK_MS;
  if (delayMs <= latest || latest <= earliest) return delayMs;
  return Math.round(earliest + random() * (latest - earliest));
}
