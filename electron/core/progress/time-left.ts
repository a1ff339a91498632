/**
 * How long a long run has left (issue 33, "A long run tells its time"): pure, from the steps each device
 * still has to take and what this run has timed so far. Devices proceed in parallel, so the time left is
 * not a sum over devices but the time until the LAST device finishes:
 *
 * - a step's expected duration is the median of the steps of that kind that finished in this run; before
 *   one has, a prudent prior the caller gives (firmware's reboot, the settle limit, the window's minutes);
 * - a running step has left what the steps of its kind that ran longer than it has so far took beyond
 *   that (the median of those: a device 34 min into a 35.4-min acceptance has about 1 min left, counting
 *   down); when none ran longer it is nearly done, not done: a tenth of its expected duration, at most a
 *   minute (a fixed tenth of a 35-min step said "about 4 min left" through the whole acceptance tail);
 *   with no step of its kind finished yet, its prior minus the time it ran, at least a tenth of the prior;
 * - a device's time left is its gate (`startsAfterMs`: a rollout's batch waiting for its turn) plus its
 *   remaining steps, plus, for a step only `slots[kind]` devices take at once (5 uploads in flight), the
 *   wait of its place in that step's queue: the devices ahead of it / slots × the step's duration;
 * - the run's time left is the largest device's.
 *
 * No estimate (undefined) until some step of this run has finished: the priors alone are a guess the run
 * has not confirmed yet, and "estimating…" is more honest than a wild figure.
 */
import type { RunProgressView, StepCount } from '../../../shared/format/time-left-text';
import { timeLeftWords } from '../../../shared/format/time-left-text';

export type StepState = 'done' | 'running' | 'waiting' | 'skipped';

export interface DeviceStepState {
  step: string;
  state: StepState;
  /** Running: when it started (field epoch ms), if known. */
  startedAt?: number | undefined;
}

export interface DeviceProgress {
  steps: readonly DeviceStepState[];
  /** Field ms before its first waiting step may start at all (a batch waiting for its turn). */
  startsAfterMs?: number;
}

export interface TimeLeftInput {
  devices: readonly DeviceProgress[];
  /** The step kinds, in the order a device takes them (the order of `perStep`). */
  order: readonly string[];
  /** Field ms of the steps of each kind that finished in this run. */
  observed: ReadonlyMap<string, readonly number[]>;
  /** Field ms a step of each kind is expected to take before one has finished. */
  priors: Readonly<Record<string, number>>;
  /** Steps only so many devices take at once. */
  slots?: Readonly<Record<string, number>>;
  /** Field epoch ms (a Clock's `now()`). */
  now: number;
}

export type TimeLeft = RunProgressView;

/** An overrun step is "nearly done": a tenth of its expected time, never zero… */
const OVERRUN_SHARE = 0.1;
/** …and, once steps of its kind were timed, at most a minute. */
const OVERRUN_MAX_MS = 60_000;

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const finished = (d: DeviceProgress): boolean =>
  d.steps.every((s) => s.state === 'done' || s.state === 'skipped');

function perStepCounts(input: TimeLeftInput): StepCount[] {
  const counts = new Map(input.order.map((step) => [step, { step, done: 0, running: 0, waiting: 0 }]));
  for (const device of input.devices) {
    for (const s of device.steps) {
      const c = counts.get(s.step);
      if (c === undefined || s.state === 'skipped') continue;
      c[s.state] += 1;
    }
  }
  return [...counts.values()];
}

/** Field ms the device still needs, given each step's expected duration and the queues ahead of it. */
/**
 * What a step that ran `ran` ms has left, by the steps of its kind that ran longer (see the top);
 * `sorted`: their durations in ascending order (searched, not filtered: 1,000 devices × 1,000 timings).
 */
export function runningLeft(ran: number, expected: number, sorted: readonly number[]): number {
  if (sorted.length === 0) return Math.max(expected - ran, expected * OVERRUN_SHARE);
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) > ran) hi = mid;
    else lo = mid + 1;
  }
  if (lo >= sorted.length) return Math.min(expected * OVERRUN_SHARE, OVERRUN_MAX_MS);
  const n = sorted.length - lo;
  const at = lo + Math.floor(n / 2);
  const longer = n % 2 === 1 ? (sorted[at] ?? 0) : ((sorted[at - 1] ?? 0) + (sorted[at] ?? 0)) / 2;
  return longer - ran;
}

function deviceLeft(
  device: DeviceProgress,
  expected: (step: string) => number,
  queueWait: (step: string) => number,
  input: TimeLeftInput,
  sorted: (step: string) => readonly number[],
): number {
  let left = 0;
  let gated = false;
  for (const s of device.steps) {
    if (s.state === 'done' || s.state === 'skipped') continue;
    const d = expected(s.step);
    if (s.state === 'running') {
      const ran = s.startedAt !== undefined ? Math.max(0, input.now - s.startedAt) : 0;
      left += runningLeft(ran, d, sorted(s.step));
      continue;
    }
    if (!gated) {
      left += device.startsAfterMs ?? 0;
      gated = true;
    }
    left += queueWait(s.step) + d;
  }
  return left;
}

export function estimateTimeLeft(input: TimeLeftInput): TimeLeft {
  const working = input.devices.filter((d) => d.steps.length > 0);
  const done = working.filter(finished).length;
  const perStep = perStepCounts(input);
  const anyTimed = [...input.observed.values()].some((v) => v.length > 0);
  const base = { done, total: working.length, perStep };
  if (done === working.length) return { ...base, leftMs: 0, words: timeLeftWords(0) };
  if (!anyTimed) return { ...base, words: timeLeftWords(undefined) };

  const expectedOf = new Map<string, number>();
  const expected = (step: string): number => {
    let d = expectedOf.get(step);
    if (d === undefined) {
      d = median(input.observed.get(step) ?? []) ?? input.priors[step] ?? 0;
      expectedOf.set(step, d);
    }
    return d;
  };
  const sortedOf = new Map<string, number[]>();
  const sorted = (step: string): readonly number[] => {
    let list = sortedOf.get(step);
    if (list === undefined) {
      list = [...(input.observed.get(step) ?? [])].sort((a, b) => a - b);
      sortedOf.set(step, list);
    }
    return list;
  };
  // Place in each limited step's queue: devices running it first, then the waiting ones in run order.
  const ahead = new Map(perStep.map((c) => [c.step, c.running]));
  let leftMs = 0;
  for (const device of working) {
    const places = new Map<string, number>();
    for (const s of device.steps) {
      const slots = input.slots?.[s.step];
      if (s.state !== 'waiting' || slots === undefined) continue;
      const place = ahead.get(s.step) ?? 0;
      places.set(s.step, Math.floor(place / Math.max(1, slots)) * expected(s.step));
      ahead.set(s.step, place + 1);
    }
    const left = deviceLeft(device, expected, (step) => places.get(step) ?? 0, input, sorted);
    leftMs = Math.max(leftMs, left);
  }
  const rounded = Math.round(leftMs);
  return { ...base, leftMs: rounded, words: timeLeftWords(rounded) };
}
