import { describe, expect, it } from 'vitest';
import { ESTIMATE_EVERY_MS, throttleEstimate } from '../../../../electron/core/progress/estimate-throttle';
import { createCommissionProgress } from '../../../../electron/core/progress/commission-progress';
import { createRolloutProgress } from '../../../../electron/core/progress/rollout-progress';
import { createStepTimer } from '../../../../electron/core/progress/step-timer';
import type { DeviceProgress, StepState } from '../../../../electron/core/progress/time-left';
import { estimateTimeLeft, median } from '../../../../electron/core/progress/time-left';
import type { FirmwareDeviceStep, FirmwarePlan } from '../../../../shared/domain/firmware';
import type { CommissionDevice } from '../../../../shared/domain/standard';
import { ESTIMATING_WORDS, progressLine, timeLeftWords } from '../../../../shared/format/time-left-text';

const MIN = 60_000;

/** A fake field clock: time moves only when the test says. */
function fakeClock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

const device = (...states: [string, StepState, number?][]): DeviceProgress => ({
  steps: states.map(([step, state, startedAt]) => ({ step, state, startedAt })),
});

describe('time left in words', () => {
  it('says 30 s, 38 min and 70 min as a technician reads them; nothing known is "estimating…"', () => {
    expect(timeLeftWords(30_000)).toBe('less than a minute left');
    expect(timeLeftWords(38 * MIN)).toBe('about 38 min left');
    expect(timeLeftWords(37 * MIN + 10_000)).toBe('about 38 min left');
    expect(timeLeftWords(70 * MIN)).toBe('about 1 h 10 min left');
    expect(timeLeftWords(120 * MIN)).toBe('about 2 h left');
    expect(timeLeftWords(undefined)).toBe(ESTIMATING_WORDS);
  });

  it('says per step the devices done of those that take it, and how many are at it', () => {
    const line = progressLine(
      {
        done: 80,
        total: 1000,
        perStep: [
          { step: 'firmware', done: 120, running: 30, waiting: 850 },
          { step: 'settings', done: 80, running: 0, waiting: 70 },
          { step: 'restart', done: 0, running: 0, waiting: 0 },
          { step: 'acceptance', done: 0, running: 40, waiting: 100 },
        ],
        leftMs: 38 * MIN,
        words: timeLeftWords(38 * MIN),
      },
      { acceptance: 'watching', firmware: 'updating' },
    );
    expect(line).toBe(
      'firmware 120/1000 (30 updating) · settings 80/150 · acceptance 0/140 (40 watching) · about 38 min left',
    );
  });
});

describe('estimateTimeLeft', () => {
  const order = ['upload', 'install', 'verify'];
  const priors = { upload: 2 * MIN, install: 4 * MIN, verify: MIN };

  it('has no estimate before the run timed a step of its own', () => {
    const left = estimateTimeLeft({
      devices: [device(['upload', 'running', 0], ['install', 'waiting'], ['verify', 'waiting'])],
      order,
      observed: new Map(),
      priors,
      now: MIN,
    });
    expect(left.leftMs).toBeUndefined();
    expect(left.words).toBe(ESTIMATING_WORDS);
    expect(left.perStep).toEqual([
      { step: 'upload', done: 0, running: 1, waiting: 0 },
      { step: 'install', done: 0, running: 0, waiting: 1 },
      { step: 'verify', done: 0, running: 0, waiting: 1 },
    ]);
  });

  it('is the time until the last device finishes, not a sum over devices', () => {
    const devices = Array.from({ length: 100 }, () =>
      device(['upload', 'done'], ['install', 'running', 0], ['verify', 'waiting']),
    );
    const left = estimateTimeLeft({
      devices,
      order,
      observed: new Map([['install', [3 * MIN, 5 * MIN, 4 * MIN]]]),
      priors,
      now: MIN, // each has rebooted for 1 min of its 4
    });
    expect(left.leftMs).toBe(3 * MIN + MIN);
    expect(left.done).toBe(0);
    expect(left.total).toBe(100);
  });

  it('queues the steps only so many take at once (5 uploads in flight)', () => {
    const devices = Array.from({ length: 10 }, () => device(['upload', 'waiting']));
    const left = estimateTimeLeft({
      devices,
      order: ['upload'],
      observed: new Map([['upload', [MIN]]]),
      priors,
      slots: { upload: 5 },
      now: 0,
    });
    // Places 0–4 start at once, 5–9 after one upload: the last ends after two.
    expect(left.leftMs).toBe(2 * MIN);
  });

  it('a step running past its expected time is nearly done, not done', () => {
    const left = estimateTimeLeft({
      devices: [device(['install', 'running', 0])],
      order,
      observed: new Map([['install', [4 * MIN]]]),
      priors,
      now: 10 * MIN,
    });
    expect(left.leftMs).toBe(0.4 * MIN);
  });

  it('counts down through a long step’s tail by the steps that ran longer (not a tenth of it)', () => {
    // The 1,000-device run's acceptance: steps of about 35.4 min; the last devices said "about 4 min
    // left" (a tenth of 35.4) from minute 31.9 to their end.
    const observed = new Map([['install', [35 * MIN, 35.4 * MIN, 35.8 * MIN, 36 * MIN]]]);
    const at = (ran: number): number | undefined =>
      estimateTimeLeft({ devices: [device(['install', 'running', 0])], order, observed, priors, now: ran })
        .leftMs;
    expect(at(34 * MIN)).toBe(1.6 * MIN); // the median of 35, 35.4, 35.8, 36 min less 34
    expect(at(35.5 * MIN)).toBe(0.4 * MIN); // of 35.8 and 36
    expect(at(35.9 * MIN)).toBe(0.1 * MIN);
    expect(at(37 * MIN)).toBe(MIN); // past every one: nearly done, at most a minute
  });

  it('a finished run has nothing left', () => {
    const left = estimateTimeLeft({
      devices: [device(['upload', 'done'], ['install', 'skipped'])],
      order,
      observed: new Map(),
      priors,
      now: 0,
    });
    expect(left).toMatchObject({ done: 1, total: 1, leftMs: 0 });
  });

  it('median', () => {
    expect(median([])).toBeUndefined();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe('step timer', () => {
  it('times a step from running to done on the clock it is given', () => {
    const clock = fakeClock();
    const timer = createStepTimer(clock.now);
    timer.see('a', 'install', 'running');
    clock.advance(3 * MIN);
    timer.see('a', 'install', 'running'); // a repeat does not restart it
    clock.advance(MIN);
    timer.see('a', 'install', 'done');
    timer.see('b', 'install', 'done'); // never seen running: not timed
    expect(timer.observed().get('install')).toEqual([4 * MIN]);
  });
});

const plan = (n: number): FirmwarePlan => ({
  image: { name: 'fw.bin', bytes: 64_000_000, sha256: 'a'.repeat(64) },
  settings: {
    keepSettings: true,
    canary: 1,
    batch: 10,
    growth: 1,
    maxBatch: 10,
    maxOffline: 10,
    deadlineMinutes: 15,
    uploadsInFlight: 5,
    retryFailed: false,
  },
  models: [],
  devices: Array.from({ length: n }, (_, i) => ({
    deviceId: `d${i}`,
    address: `10.0.0.${i}`,
    role: i === 0 ? ('canary' as const) : ('batch' as const),
    step: i === 0 ? 0 : 1 + Math.floor((i - 1) / 10),
    detail: '',
  })),
  steps: [
    { kind: 'canary', name: 'canary', deviceIds: ['d0'] },
    ...Array.from({ length: Math.ceil((n - 1) / 10) }, (_, b) => ({
      kind: 'batch' as const,
      name: `batch ${b + 1}`,
      deviceIds: Array.from({ length: 10 }, (_, i) => `d${1 + b * 10 + i}`).filter(
        (id) => Number(id.slice(1)) < n,
      ),
    })),
  ],
  uploads: n,
  batchSizes: [1, ...Array.from({ length: Math.ceil((n - 1) / 10) }, (_, b) => Math.min(10, n - 1 - b * 10))],
});

describe('a rollout half through firmware', () => {
  it('gives a plausible estimate on a fixed fake clock', () => {
    const clock = fakeClock();
    const p = plan(41); // canary + 4 batches of 10
    const progress = createRolloutProgress({ plan: p, now: clock.now });
    const latest = new Map<string, FirmwareDeviceStep>();
    const at = (ids: number[], step: FirmwareDeviceStep) => {
      for (const i of ids) latest.set(`d${i}`, step);
      return progress.estimate(latest);
    };
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
    expect(at([0], 'uploading').words).toBe(ESTIMATING_WORDS);
    clock.advance(MIN);
    at([0], 'rebooting');
    clock.advance(4 * MIN);
    at([0], 'verifying');
    clock.advance(MIN);
    at([0], 'verified');
    // Batches 1 and 2 went through on the same timings.
    for (const batch of [range(1, 11), range(11, 21)]) {
      at(batch, 'uploading');
      clock.advance(MIN);
      at(batch, 'rebooting');
      clock.advance(4 * MIN);
      at(batch, 'verifying');
      clock.advance(MIN);
      at(batch, 'verified');
    }
    const half = at(range(21, 31), 'uploading');
    expect(half.done).toBe(21);
    expect(half.total).toBe(41);
    expect(half.perStep[0]).toEqual({ step: 'upload', done: 21, running: 10, waiting: 10 });
    // Batch 3 uploads (1 min) → reboots (4) → verifies (1); batch 4 uploads after it, its own cycle after:
    // between one and two full cycles of 6 min.
    expect(half.leftMs).toBeGreaterThanOrEqual(6 * MIN);
    expect(half.leftMs).toBeLessThanOrEqual(14 * MIN);
    expect(half.words).toMatch(/^about \d+ min left$/);
  });
});

describe('a Commission run', () => {
  const dev = (id: string, outcomes: string[]): CommissionDevice => {
    const kinds = ['password', 'settings', 'acceptance'] as const;
    const open = outcomes.some((o) => o === 'pending' || o === 'running');
    return {
      deviceId: id,
      address: id,
      outcome: open ? 'running' : 'done',
      steps: kinds.map((kind, i) => ({
        kind,
        words: kind,
        outcome: (outcomes[i] ?? 'pending') as CommissionDevice['steps'][number]['outcome'],
        message: '',
      })),
      message: '',
    };
  };

  it('counts the acceptance window in: the settle limit and the minutes before a window finished', () => {
    const clock = fakeClock();
    const progress = createCommissionProgress({
      now: clock.now,
      acceptance: {
        minutes: 30,
        minHashratePercent: 95,
        maxChipTempC: 85,
        maxRejectedPercent: 2,
        settleMinutes: 10,
      },
    });
    expect(progress.estimate([dev('a', ['running']), dev('b', ['running'])]).words).toBe(ESTIMATING_WORDS);
    clock.advance(20_000);
    progress.estimate([dev('a', ['done', 'running']), dev('b', ['done', 'running'])]);
    clock.advance(10_000);
    const left = progress.estimate([dev('a', ['done', 'done', 'running']), dev('b', ['done', 'running'])]);
    // b: its settings ran the 10 s timed on a (overrun: a tenth left, 1 s), then acceptance: the settle
    // limit and the window (10 + 30 min), no window having finished yet.
    expect(left.leftMs).toBe(40 * MIN + 1_000);
    expect(left.words).toBe('about 41 min left');
    expect(left.perStep.find((s) => s.step === 'acceptance')).toEqual({
      step: 'acceptance',
      done: 0,
      running: 1,
      waiting: 1,
    });
  });

  it('times each device as it changes (`see`), so an estimate made seldom learns the same durations', () => {
    const clock = fakeClock();
    const seen = createCommissionProgress({ now: clock.now });
    const every = createCommissionProgress({ now: clock.now });
    const steps = [
      [dev('a', ['running']), dev('b', ['running'])],
      [dev('a', ['done', 'running']), dev('b', ['running'])],
      [dev('a', ['done', 'done', 'running']), dev('b', ['done', 'running'])],
    ];
    for (const devices of steps) {
      for (const d of devices) seen.see(d);
      every.estimate(devices);
      clock.advance(7_000);
    }
    const last = steps[2]!;
    // Only `see` between: the estimate at the end knows password 7 s and settings 7 s as `every` does.
    expect(seen.estimate(last)).toEqual(every.estimate(last));
    expect(seen.estimate(last).leftMs).toBeGreaterThan(0);
  });
});

describe('throttleEstimate', () => {
  it('makes the estimate again only after a second of real time, or when asked for a fresh one', () => {
    let now = 0;
    let made = 0;
    const estimate = throttleEstimate(() => (made += 1), { now: () => now });
    expect(estimate.get()).toBe(1);
    now += ESTIMATE_EVERY_MS - 1;
    expect(estimate.get()).toBe(1);
    expect(estimate.get(true)).toBe(2);
    now += ESTIMATE_EVERY_MS;
    expect(estimate.get()).toBe(3);
    expect(made).toBe(3);
  });

  it('makes an estimate that knows no time yet afresh at every change', () => {
    let made = 0;
    const estimate = throttleEstimate(() => (made += 1), { now: () => 0, reusable: (n) => n >= 3 });
    expect([estimate.get(), estimate.get(), estimate.get(), estimate.get()]).toEqual([1, 2, 3, 3]);
  });

  it('once the second is over, tells a fresh one of the last change (the window is never left behind)', async () => {
    let made = 0;
    const told: number[] = [];
    const estimate = throttleEstimate(() => (made += 1), { trailing: (value) => told.push(value) });
    expect(estimate.get()).toBe(1);
    expect(estimate.get()).toBe(1); // a change within the second: the last one, and a fresh one armed
    expect(estimate.get()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, ESTIMATE_EVERY_MS + 200));
    expect(told).toEqual([2]);
    expect(estimate.get()).toBe(2);
  });
});
