/**
 * Expected disruptions in the monitor's state machine: a reboot or mining restart asked for
 * shows as `rebooting` / `restarting` instead of an offline alarm until the device answers again or the
 * deadline passes; then the usual states. Pure: times are given, no network.
 */
import { describe, expect, it } from 'vitest';
import type { ExpectedDisruption } from '../../../../electron/core/monitor/disruption';
import { mayBeDisrupted } from '../../../../electron/core/monitor/disruption';
import type { MachineState, PollEvent } from '../../../../electron/core/monitor/state-machine';
import { initialState, nextPollDelay, transition } from '../../../../electron/core/monitor/state-machine';
import { alertConditions, DEFAULT_ALERT_THRESHOLDS } from '../../../../electron/core/monitor/alerts';
import { readStatus } from '../../../../electron/core/device/status-reader';

const OPTIONS = { offlineAfterMissedPolls: 3 };
const reports = (miner_state: string): PollEvent => ({
  kind: 'answered',
  reading: readStatus({ miner_state, unlocked: true }),
});
const silent: PollEvent = {
  kind: 'failed',
  failure: { code: 'UNREACHABLE', text: 'refused the connection: nothing listens on that port.' },
};
const reboot = (at: number): ExpectedDisruption => ({
  kind: 'rebooting',
  since: at,
  downAt: at + 3_000,
  backAt: at + 93_000,
  until: at + 273_000,
});
const restart = (at: number): ExpectedDisruption => ({
  kind: 'restarting',
  since: at,
  backAt: at + 60_000,
  until: at + 240_000,
});

/** Online at 0, then the events at the given times. */
function run(events: [number, PollEvent][]): MachineState[] {
  let state = transition(initialState(0), reports('mining'), 0, OPTIONS);
  return events.map(([at, event]) => (state = transition(state, event, at, OPTIONS)));
}

const DELAYS = {
  intervalMs: 5000,
  jitter: 0,
  maxBackoffMs: 60_000,
  quickRecheckMs: 1000,
  offlineAfterMissedPolls: 3,
};

describe('state machine: expected reboot and restart', () => {
  it('a reboot: rebooting (back in about N s) while shutting down and silent, then online when it answers', () => {
    const states = run([
      [1000, { kind: 'expect', disruption: reboot(1000) }],
      [2000, reports('shutting-down')],
      [5000, silent],
      [10_000, silent],
      [15_000, silent],
      [20_000, silent],
      [25_000, reports('initializing')],
    ]);
    expect(states[0]).toMatchObject({
      state: 'rebooting',
      reason: 'rebooting (back in about 93 s)',
      since: 1000,
    });
    for (const s of states.slice(1, 6)) {
      expect(s).toMatchObject({ state: 'rebooting', reason: 'rebooting (back in about 93 s)', since: 1000 });
      expect(
        alertConditions(
          { state: s.state, reason: s.reason, reading: undefined },
          new Set(),
          DEFAULT_ALERT_THRESHOLDS,
        ).size,
      ).toBe(0);
    }
    expect(states[5]!.missedPolls).toBe(4);
    expect(states[6]).toMatchObject({
      state: 'online',
      reason: 'device reports initializing',
      missedPolls: 0,
      since: 25_000,
      expected: undefined,
    });
    // Back from a reboot: a quick recheck, as after being offline.
    expect(nextPollDelay(states[5]!, states[6]!, DELAYS, () => 0.5)).toBe(1000);
    // While rebooting, polls keep the interval (no offline backoff).
    expect(nextPollDelay(states[4]!, states[5]!, DELAYS, () => 0.5)).toBe(5000);
  });

  it('a reboot that is never seen down: answers as before the time it said stay rebooting; a booting state ends it', () => {
    const states = run([
      [1000, { kind: 'expect', disruption: reboot(1000) }],
      [2000, reports('mining')],
      [6000, reports('starting')],
    ]);
    expect(states[1]).toMatchObject({ state: 'rebooting' });
    expect(states[2]).toMatchObject({ state: 'online', reason: 'device reports starting' });
  });

  it('the deadline passes while silent: offline at once, saying it did not come back', () => {
    const d = reboot(1000);
    const states = run([
      [1000, { kind: 'expect', disruption: d }],
      [5000, silent],
      [d.until, silent],
    ]);
    expect(states[1]).toMatchObject({ state: 'rebooting', missedPolls: 1 });
    expect(states[2]).toMatchObject({
      state: 'offline',
      reason:
        'did not come back after the reboot: no answer for 2 polls (refused the connection: nothing listens on that port)',
      since: d.until,
      expected: undefined,
    });
  });

  it('a restart: restarting until the device reports mining again; a failure ends it at once', () => {
    const states = run([
      [1000, { kind: 'expect', disruption: restart(1000) }],
      [2000, reports('restarting')],
      [3000, reports('starting')],
      [4000, reports('mining')],
    ]);
    expect(states.slice(0, 3).map((s) => s.state)).toEqual(['restarting', 'restarting', 'restarting']);
    expect(states[0]!.reason).toBe('restarting mining (back in about 60 s)');
    expect(states[3]).toMatchObject({ state: 'online', reason: 'device reports mining' });

    const failing = run([
      [1000, { kind: 'expect', disruption: restart(1000) }],
      [2000, reports('failure')],
    ]);
    expect(failing[1]).toMatchObject({
      state: 'online',
      reason: expect.stringMatching(/^device reports failure/),
    });
  });

  it('a refused password ends it (the technician is needed); a 500 while booting does not', () => {
    const [, booting, refused] = run([
      [1000, { kind: 'expect', disruption: reboot(1000) }],
      [5000, { kind: 'failed', failure: { code: 'HTTP_ERROR', text: 'answered 500', status: 500 } }],
      [6000, { kind: 'failed', failure: { code: 'WRONG_PASSWORD', text: 'refused the password' } }],
    ]);
    expect(booting).toMatchObject({ state: 'rebooting' });
    expect(refused).toMatchObject({ state: 'needs-password', expected: undefined });
  });

  it('an expected disruption whose deadline has passed changes nothing', () => {
    const start = transition(initialState(0), reports('mining'), 0, OPTIONS);
    const late = { ...reboot(0), until: 500 };
    expect(transition(start, { kind: 'expect', disruption: late }, 1000, OPTIONS)).toBe(start);
  });

  it('an offline device learns of the reboot late: rebooting, and its offline alarm condition goes', () => {
    const states = run([
      [1000, silent],
      [2000, silent],
      [3000, silent],
      [3500, { kind: 'expect', disruption: reboot(500) }],
    ]);
    expect(states[2]).toMatchObject({ state: 'offline' });
    expect(states[3]).toMatchObject({ state: 'rebooting' });
    expect(
      alertConditions(
        { state: 'rebooting', reason: states[3]!.reason, reading: undefined },
        new Set(['offline']),
        DEFAULT_ALERT_THRESHOLDS,
      ).has('offline'),
    ).toBe(false);
  });

  it('looks in the activity log only for silence or a shutting-down or booting state, and only when none is known', () => {
    const up = { kind: 'answered' as const, reading: { state: { name: 'mining' } } };
    const down = { kind: 'answered' as const, reading: { state: { name: 'Shutting-Down' } } };
    const gone = { kind: 'failed' as const, failure: { code: 'TIMEOUT' } };
    const broken = { kind: 'failed' as const, failure: { code: 'HTTP_ERROR' } };
    expect([up, down, gone, broken].map((e) => mayBeDisrupted({}, e))).toEqual([false, true, true, false]);
    expect(mayBeDisrupted({ expected: reboot(0) }, gone)).toBe(false);
  });
});
