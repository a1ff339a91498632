/**
 * The settling rules (issue 32): a device settles in a mining state with its hash rate up (at the
 * criterion's share of nominal, or no longer climbing over two consecutive readings); readings before are
 * evidence only; what cannot wait (a missing board, dead chips, a stopped fan, a failure lasting a minute)
 * fails it at once; the settle limit gives `pending` with words a technician can act on.
 */
import { describe, expect, it } from 'vitest';
import { defaultCriteria } from '../../../../shared/domain/acceptance';
import type { AcceptanceSample } from '../../../../electron/core/acceptance/device-window';
import { applyModel } from '../../../../electron/core/acceptance/device-window';
import { newSettleProgress, recordSettling } from '../../../../electron/core/acceptance/settle-progress';
import {
  cannotWait,
  limitWords,
  pendingWords,
  unsettledVerdict,
} from '../../../../electron/core/acceptance/settle-verdict';
import { settledAt } from '../../../../electron/core/acceptance/settling';

const criteria = defaultCriteria();
const NOMINAL = 200_000; // GH/s
const T0 = new Date(2026, 10, 28, 14, 5, 0).getTime();

function reading(
  seconds: number,
  state: string | undefined,
  realtime: number | undefined,
  extra: Partial<AcceptanceSample> = {},
): AcceptanceSample {
  return {
    at: T0 + seconds * 1000,
    summary: {
      hashRate: {
        unit: 'GH/s',
        ...(realtime !== undefined ? { realtime } : {}),
        nominal: NOMINAL,
      },
      fans: [
        { id: 0, rpm: 5000, status: 'ok' },
        { id: 1, rpm: 5000, status: 'ok' },
      ],
      pools: [],
      boards: [{ id: 1 }, { id: 2 }, { id: 3 }],
    },
    summaryListsBoards: true,
    ...(state !== undefined ? { minerState: state } : {}),
    ...extra,
  };
}

describe('settledAt', () => {
  it('waits while the device restarts, starts or tunes, whatever its hash rate', () => {
    for (const state of ['restarting', 'starting', 'initializing', 'auto-tuning', 'stopped', 'failure']) {
      expect(settledAt(reading(0, state, NOMINAL), NOMINAL * 1e9, criteria), state).toBe(false);
    }
  });

  it('settles a mining device at the criterion’s share of nominal at once', () => {
    expect(settledAt(reading(0, 'mining', NOMINAL * 0.95), null, criteria)).toBe(true);
    expect(settledAt(reading(0, 'mining', NOMINAL * 0.94), null, criteria)).toBe(false);
  });

  it('settles a device below the share once its hash rate stops climbing over two readings', () => {
    // Climbing: each reading higher than the last (more than the 1 % wobble).
    expect(settledAt(reading(10, 'mining', 120_000), 100_000e9, criteria)).toBe(false);
    // Flat (within 1 %) or lower: it has topped out, and is judged on what it does.
    expect(settledAt(reading(20, 'mining', 120_500), 120_000e9, criteria)).toBe(true);
    expect(settledAt(reading(20, 'mining', 110_000), 120_000e9, criteria)).toBe(true);
    expect(settledAt(reading(20, 'mining', 125_000), 120_000e9, criteria)).toBe(false);
  });

  it('draws no conclusion from two readings bunched together (a stalled laptop): the climb may go on', () => {
    const at10 = reading(10, 'mining', 100_000).at;
    // 10 s after the last reading: flat, it has topped out.
    expect(settledAt(reading(20, 'mining', 100_500), 100_000e9, criteria, at10, 5_000)).toBe(true);
    // 1 s after it, the same flat rise says nothing yet.
    expect(settledAt(reading(11, 'mining', 100_500), 100_000e9, criteria, at10, 5_000)).toBe(false);
    // At the share of nominal it is settled however close the readings.
    expect(settledAt(reading(11, 'mining', NOMINAL * 0.95), 100_000e9, criteria, at10, 5_000)).toBe(true);
  });

  it('takes a device that reports no state by its hash rate, and one without a hash rate as settled', () => {
    expect(settledAt(reading(0, undefined, NOMINAL), null, criteria)).toBe(true);
    expect(settledAt(reading(0, 'mining', undefined), null, criteria)).toBe(true);
    expect(settledAt({ at: T0, errors: ['/summary: timed out'] }, null, criteria)).toBe(false);
  });

  it('uses the criterion: a lower share settles a tuning-level hash rate once mining', () => {
    expect(
      settledAt(reading(0, 'mining', NOMINAL * 0.86), null, { ...criteria, minHashratePercent: 85 }),
    ).toBe(true);
  });
});

describe('the settling phase', () => {
  it('keeps its readings as evidence; a climbing reading then a flat one settle', () => {
    const progress = newSettleProgress();
    recordSettling(progress, reading(0, 'restarting', 0));
    recordSettling(progress, reading(10, 'mining', 50_000));
    expect(progress.previousHs).toBe(50e12);
    expect(settledAt(reading(20, 'mining', 50_200), progress.previousHs, criteria)).toBe(true);
    expect(progress.settling).toEqual([
      { at: new Date(T0).toISOString(), state: 'restarting', hashRateThs: 0 },
      { at: new Date(T0 + 10_000).toISOString(), state: 'mining', hashRateThs: 50 },
    ]);
  });

  it('a failed reading breaks "two consecutive readings"', () => {
    const progress = newSettleProgress();
    recordSettling(progress, reading(0, 'mining', 50_000));
    recordSettling(progress, { at: T0 + 10_000, errors: ['/summary: timed out'] });
    expect(progress.previousHs).toBeNull();
  });

  it('fails at once on a missing board, dead chips or a stopped fan seen while the boards work', () => {
    const progress = newSettleProgress();
    applyModel(progress.window, { numChains: 3, fans: 2, hashRateUnit: 'GH/s' });
    // Restarting with no boards listed: no missing board (a restarting device powers its boards down).
    const down = reading(0, 'restarting', 0);
    down.summary = { ...down.summary!, boards: [] };
    recordSettling(progress, down);
    expect(cannotWait(progress.window, progress)).toEqual([]);
    const tuning = reading(10, 'auto-tuning', 120_000);
    tuning.summary = {
      ...tuning.summary!,
      boards: [{ id: 1 }, { id: 2 }],
      fans: [
        { id: 0, rpm: 0, status: 'lost' },
        { id: 1, rpm: 5000, status: 'ok' },
      ],
    };
    tuning.chains = {
      boards: [
        { id: 1, chips: 65, dead: [4, 9] },
        { id: 2, chips: 65, dead: [] },
      ],
    };
    recordSettling(progress, tuning);
    const failed = cannotWait(progress.window, progress).map((c) => c.words);
    expect(failed).toEqual([
      '2 of 3 hash boards present (board 3 missing)',
      '2 chips not hashing (board 1: chips 4 and 9)',
      'fan 0 (0 rpm, lost) not turning',
    ]);
  });

  it('fails a failure state once it has lasted a minute, by the device’s own state time too', () => {
    const progress = newSettleProgress();
    recordSettling(progress, reading(0, 'failure', 0));
    expect(cannotWait(progress.window, progress)).toEqual([]);
    recordSettling(progress, reading(30, 'failure', 0, { minerStateSeconds: 75 }));
    const [words] = cannotWait(progress.window, progress).map((c) => c.words);
    expect(words).toMatch(/^the miner in failure for a minute \(since \d\d:\d\d\)$/);
  });

  it('is pending at the limit with what it was still doing and since when', () => {
    const progress = newSettleProgress();
    recordSettling(progress, reading(0, 'auto-tuning', 150_000, { minerStateSeconds: 0 }));
    recordSettling(progress, reading(600, 'auto-tuning', 160_000, { minerStateSeconds: 600 }));
    expect(pendingWords(progress, 15)).toBe(
      'still tuning after 15 min (auto-tuning since 14:05): not judged yet',
    );
    const verdict = unsettledVerdict(progress.window, progress, [], {
      deviceId: 'd1',
      address: 'http://10.0.0.7',
      startedAt: new Date(T0),
      endedAt: new Date(T0 + 900_000),
      criteria,
      limitMinutes: 15,
    });
    expect(verdict).toMatchObject({
      verdict: 'pending',
      reasons: ['still tuning after 15 min (auto-tuning since 14:05): not judged yet'],
      settledAt: null,
    });
    expect(verdict.settling).toHaveLength(2);
  });

  it('says a climbing hash rate and a restart in their own words; fails a device never read', () => {
    const climbing = newSettleProgress();
    recordSettling(climbing, reading(0, 'mining', 100_000));
    expect(pendingWords(climbing, 0.25)).toMatch(
      /^hash rate still climbing \(50 % of nominal\) after 15 s \(mining since \d\d:\d\d\): not judged yet$/,
    );
    const restarting = newSettleProgress();
    recordSettling(restarting, reading(0, 'restarting', 0));
    expect(pendingWords(restarting, 15)).toMatch(/^still restarting after 15 min/);
    const silent = newSettleProgress();
    recordSettling(silent, { at: T0, errors: ['/summary: no answer'] });
    const verdict = unsettledVerdict(silent.window, silent, [], {
      deviceId: 'd1',
      address: 'http://10.0.0.7',
      startedAt: new Date(T0),
      endedAt: new Date(T0),
      criteria,
      limitMinutes: 15,
    });
    expect(verdict.verdict).toBe('fail');
    expect(verdict.reasons[0]).toMatch(/^the device could not be read/);
    expect(limitWords(1.5)).toBe('1.5 min');
  });
});
