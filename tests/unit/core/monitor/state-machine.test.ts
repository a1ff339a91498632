import { describe, expect, it } from 'vitest';
import type { MachineState, PollEvent, PollFailure } from '../../../../electron/core/monitor/state-machine';
import {
  initialState,
  nextPollDelay,
  readingReason,
  transition,
  withinKeptConnection,
} from '../../../../electron/core/monitor/state-machine';
import { readStatus } from '../../../../electron/core/device/status-reader';

const OPTIONS = { offlineAfterMissedPolls: 3 };
const mining = readStatus({ miner_state: 'mining', unlocked: true });
const failing = readStatus({
  miner_state: 'failure',
  description: 'Hashboard 2 lost: check the cable ',
  failure_code: 17,
});

const answered: PollEvent = { kind: 'answered', reading: mining };
const failed = (failure: PollFailure): PollEvent => ({ kind: 'failed', failure });
const refused = failed({
  code: 'UNREACHABLE',
  text: 'refused the connection: nothing listens on that port.',
});

/** Runs events from `start`, one second apart. */
function run(start: MachineState, events: PollEvent[]): MachineState[] {
  const states: MachineState[] = [];
  let state = start;
  events.forEach((event, i) => {
    state = transition(state, event, 1000 * (i + 1), OPTIONS);
    states.push(state);
  });
  return states;
}

const online = (): MachineState => transition(initialState(0), answered, 0, OPTIONS);

describe('monitor state machine', () => {
  it('starts discovered, checks credentials on the first poll, then goes online', () => {
    const start = initialState(0);
    expect(start).toMatchObject({ state: 'discovered', reason: 'waiting for the first poll' });
    const [unlocking, up] = run(start, [{ kind: 'poll-started', opensSession: true }, answered]);
    expect(unlocking).toMatchObject({ state: 'unlocking', reason: 'checking its stored credentials' });
    expect(up).toMatchObject({
      state: 'online',
      reason: 'device reports mining',
      since: 2000,
      everOnline: true,
    });
  });

  it('does not show unlocking when a session is already open, nor after the first poll', () => {
    const start = initialState(0);
    expect(transition(start, { kind: 'poll-started', opensSession: false }, 1, OPTIONS)).toBe(start);
    const up = online();
    expect(transition(up, { kind: 'poll-started', opensSession: true }, 1, OPTIONS)).toBe(up);
  });

  it('goes offline only after N polls in a row without an answer, and says so', () => {
    const states = run(online(), [refused, refused, refused, refused]);
    expect(states.map((s) => s.state)).toEqual(['online', 'online', 'offline', 'offline']);
    expect(states.map((s) => s.missedPolls)).toEqual([1, 2, 3, 4]);
    expect(states[2]?.reason).toBe(
      'no answer for 3 polls (refused the connection: nothing listens on that port)',
    );
    // The reason stays the one of the transition; the count goes on.
    expect(states[3]?.reason).toBe(states[2]?.reason);
    expect(states[3]?.since).toBe(3000);
  });

  it('resets the count on any answer, even an unusable one', () => {
    const states = run(online(), [
      refused,
      refused,
      failed({ code: 'HTTP_ERROR', text: 'answered 500', status: 500, deviceMessage: 'busy' }),
      refused,
    ]);
    expect(states.map((s) => [s.state, s.missedPolls])).toEqual([
      ['online', 1],
      ['online', 2],
      ['error', 0],
      ['error', 1],
    ]);
  });

  it('comes back online from offline with the device state as the reason', () => {
    const [, , down, up] = run(online(), [refused, refused, refused, answered]);
    expect(down?.state).toBe('offline');
    expect(up).toMatchObject({ state: 'online', reason: 'device reports mining', missedPolls: 0 });
  });

  it('says "password changed on the device" when a password that worked is refused', () => {
    const [changed, later] = run(online(), [
      failed({ code: 'WRONG_PASSWORD', text: 'the device refused the password.', status: 403 }),
      failed({ code: 'AUTH_REQUIRED', text: 'needs its password: the device refused the stored password.' }),
    ]);
    expect(changed).toMatchObject({
      state: 'needs-password',
      reason: 'password changed on the device: it refused the stored password',
    });
    // Still needing a password: the first reason is kept.
    expect(later).toMatchObject({ state: 'needs-password', reason: changed?.reason, since: changed?.since });
  });

  it('is locked when credentials never worked, and needs-password when they stopped working', () => {
    const noPassword = failed({
      code: 'AUTH_REQUIRED',
      text: '10.0.0.5:80: needs its password: no password is stored for it.',
    });
    const [locked] = run(initialState(0), [noPassword]);
    expect(locked).toMatchObject({
      state: 'locked',
      reason: '10.0.0.5:80: needs its password: no password is stored for it',
    });
    const [revoked] = run(online(), [noPassword]);
    expect(revoked?.state).toBe('needs-password');
    expect(revoked?.reason).toMatch(/^the device no longer accepts its credentials: /);
    const [refusedAtOnce] = run(initialState(0), [
      failed({ code: 'WRONG_PASSWORD', text: 'refused', status: 403 }),
    ]);
    expect(refusedAtOnce).toMatchObject({
      state: 'needs-password',
      reason: 'the device refused the stored password',
    });
  });

  it('reports lockouts with the wait when the device gave one', () => {
    const [known] = run(online(), [
      failed({ code: 'LOCKED_OUT', text: 'locked out', retryAfterSeconds: 17 }),
    ]);
    expect(known).toMatchObject({
      state: 'locked-out',
      reason: 'locked out after wrong passwords: the device refuses unlocks for 17 s',
    });
    const [unknown] = run(online(), [failed({ code: 'LOCKED_OUT', text: 'locked out' })]);
    expect(unknown?.reason).toBe('locked out after wrong passwords: the device refuses unlocks for a while');
  });

  it('turns HTTP errors and unusable bodies into error with the device’s own words', () => {
    const [five] = run(online(), [
      failed({
        code: 'HTTP_ERROR',
        text: 'answered 500',
        status: 500,
        deviceMessage: 'Failed to read chains ',
      }),
    ]);
    expect(five).toMatchObject({ state: 'error', reason: 'answered 500: Failed to read chains' });
    const [bare] = run(online(), [failed({ code: 'HTTP_ERROR', text: 'answered 502', status: 502 })]);
    expect(bare?.reason).toBe('answered 502');
    const [json] = run(online(), [failed({ code: 'BAD_RESPONSE', text: 'answered malformed JSON.' })]);
    expect(json).toMatchObject({ state: 'error', reason: 'answered malformed JSON' });
    const [forbidden] = run(online(), [failed({ code: 'HTTP_ERROR', text: 'answered 403', status: 403 })]);
    expect(forbidden).toMatchObject({ state: 'auth-failed', reason: 'the device refused access (403)' });
  });

  it('ignores cancelled polls (the monitor is stopping)', () => {
    const up = online();
    expect(transition(up, failed({ code: 'CANCELLED', text: 'cancelled' }), 5, OPTIONS)).toBe(up);
  });

  it('names a failing device’s own description and code', () => {
    expect(readingReason(failing)).toBe(
      'device reports failure: Hashboard 2 lost: check the cable (code 17)',
    );
    expect(readingReason(readStatus({ miner_state: 'failure' }))).toBe(
      'device reports failure: no description given',
    );
    const [state] = run(online(), [{ kind: 'answered', reading: failing }]);
    expect(state).toMatchObject({ state: 'online', since: 0 });
  });
});

describe('next poll delay', () => {
  const delays = {
    intervalMs: 5000,
    jitter: 0.1,
    maxBackoffMs: 60_000,
    quickRecheckMs: 1000,
    offlineAfterMissedPolls: 3,
  };
  const middle = () => 0.5;

  it('is the interval with jitter while the device answers', () => {
    const up = online();
    expect(nextPollDelay(up, up, delays, middle)).toBe(5000);
    expect(nextPollDelay(up, up, delays, () => 0)).toBe(4500);
    expect(nextPollDelay(up, up, delays, () => 1)).toBe(5500);
  });

  it('doubles while offline, up to the cap, and rechecks quickly when the device answers again', () => {
    const states = run(
      online(),
      Array.from({ length: 9 }, () => refused),
    );
    const waits = states.map((s, i) =>
      nextPollDelay(i === 0 ? online() : (states[i - 1] ?? s), s, delays, middle),
    );
    expect(waits).toEqual([5000, 5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000, 60_000]);
    const offline = states.at(-1) ?? online();
    const back = transition(offline, answered, 99_000, OPTIONS);
    expect(nextPollDelay(offline, back, delays, middle)).toBe(1000);
  });
});

describe('withinKeptConnection', () => {
  const cadence = { intervalMs: 5000, jitter: 0.1 };

  it('moves a poll planned after the kept connection expires to the early end of the jitter window', () => {
    // The device closes idle connections after 5 s: a GET may use it until 4.75 s, planned up to 4.7 s.
    expect(withinKeptConnection(5200, 4750, cadence, () => 0)).toBe(4500);
    expect(withinKeptConnection(5200, 4750, cadence, () => 1)).toBe(4700);
    expect(withinKeptConnection(5200, 4750, cadence, () => 0.5)).toBe(4600);
  });

  it('leaves the delay alone when the connection outlasts it, or expires before the window opens', () => {
    expect(withinKeptConnection(4600, 4750, cadence, () => 0)).toBe(4600);
    expect(withinKeptConnection(5400, 60_000, cadence, () => 0)).toBe(5400);
    expect(withinKeptConnection(5400, 4000, cadence, () => 0)).toBe(5400); // a 4 s device: no reuse
    expect(withinKeptConnection(5400, 4550, cadence, () => 0)).toBe(5400); // window closes at slack
  });

  it('never polls faster than the jitter allows', () => {
    for (let kept = 4000; kept <= 6000; kept += 37) {
      for (const r of [0, 0.3, 0.99]) {
        const delay = withinKeptConnection(5500, kept, cadence, () => r);
        expect(delay).toBeGreaterThanOrEqual(4500);
        expect(delay).toBeLessThanOrEqual(5500);
      }
    }
  });
});
