/**
 * Spreading a site's power budget over its devices (`profile set --site-kw K`): one preset per device so
 * that the sum of their watts is ≤ the budget and the total hash rate is the highest possible. This is a
 * multiple-choice knapsack, solved exactly by dynamic programming over watts:
 *
 * - every device starts at its lowest preset; the DP spends the rest of the budget (the slack) on raising
 *   devices, in steps of the greatest common divisor of all the raises — 10 W for real preset lists, whose
 *   names are watt figures in tens — so no rounding happens and the answer is the optimum;
 * - presets that draw more and give no more hash rate than another of the same device are dropped first
 *   (they are never part of an optimum), and a budget that covers every device's highest preset, or not
 *   even their lowest, is answered without the DP;
 * - a problem too large for an exact answer in about a second (thousands of devices with a slack of
 *   megawatts) is solved at a coarser step with each raise rounded **up** to it: the budget still holds,
 *   and the plan names the step (`stepW`), being optimal for watts counted at that step.
 *
 * Optimality against brute force is checked on small cases (tests/unit/core/power/budget-spread.test.ts).
 */

export interface SpreadOption {
  watts: number;
  /** Expected hash rate (any unit, the same for every device). */
  hashRate: number;
}

export type SpreadResult =
  | {
      ok: true;
      /** Per device, the index into its own `options`. */
      choice: number[];
      watts: number;
      hashRate: number;
      /** The watt step the slack was spread at; exact when it is the gcd of the raises. */
      stepW: number;
      exact: boolean;
    }
  | { ok: false; minWatts: number };

/** Cells × options the DP may visit for an exact answer (about a second of work on a laptop). */
export const DEFAULT_MAX_WORK = 600_000_000;

interface Candidate {
  /** Index into the device's own options. */
  index: number;
  watts: number;
  hashRate: number;
}

/** Options by rising watts, each giving more hash rate than every cheaper one (the others never win). */
function frontier(options: readonly SpreadOption[]): Candidate[] {
  const sorted = options
    .map((o, index) => ({ index, watts: Math.ceil(o.watts), hashRate: o.hashRate }))
    .filter((c) => Number.isFinite(c.watts) && c.watts >= 0 && Number.isFinite(c.hashRate))
    .sort((a, b) => a.watts - b.watts || b.hashRate - a.hashRate || a.index - b.index);
  const kept: Candidate[] = [];
  for (const c of sorted) {
    const best = kept.at(-1);
    if (best === undefined || c.hashRate > best.hashRate) kept.push(c);
  }
  return kept;
}

const gcd = (a: number, b: number): number => {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
};

/** One device's frontier: never empty (the caller checks), cheapest first. */
interface Device {
  candidates: Candidate[];
  low: Candidate;
  high: Candidate;
}

function deviceOf(options: readonly SpreadOption[], index: number): Device {
  const candidates = frontier(options);
  const low = candidates[0];
  const high = candidates.at(-1);
  if (low === undefined || high === undefined) {
    throw new RangeError(`device ${index} has no option with a watt figure`);
  }
  return { candidates, low, high };
}

/** The result of picking `picks[i]` (an index into device i's frontier) for every device. */
function result(
  devices: readonly Device[],
  picks: readonly number[],
  stepW: number,
  exact: boolean,
): SpreadResult {
  let watts = 0;
  let hashRate = 0;
  const choice = devices.map((device, i) => {
    const c = device.candidates[picks[i] ?? 0] ?? device.low;
    watts += c.watts;
    hashRate += c.hashRate;
    return c.index;
  });
  return { ok: true, choice, watts, hashRate, stepW, exact };
}

/**
 * The best preset per device for `budgetW`. Every device needs at least one option with a finite watt
 * figure (the caller leaves the others out of the plan). `{ok: false}` when even the lowest presets
 * together exceed the budget.
 */
export function spreadBudget(
  options: readonly (readonly SpreadOption[])[],
  budgetW: number,
  limits: { maxWork?: number } = {},
): SpreadResult {
  const devices = options.map(deviceOf);
  const minWatts = devices.reduce((sum, d) => sum + d.low.watts, 0);
  const budget = Math.floor(budgetW);
  if (minWatts > budget) return { ok: false, minWatts };
  const maxWatts = devices.reduce((sum, d) => sum + d.high.watts, 0);
  if (maxWatts <= budget) {
    return result(
      devices,
      devices.map((d) => d.candidates.length - 1),
      1,
      true,
    );
  }

  let step =
    devices.reduce((g, d) => d.candidates.reduce((h, c) => gcd(h, c.watts - d.low.watts), g), 0) || 1;
  const slackW = budget - minWatts;
  const work = (s: number) => {
    const cells = Math.floor(slackW / s);
    let reach = 0;
    let total = 0;
    for (const d of devices) {
      reach = Math.min(cells, reach + Math.ceil((d.high.watts - d.low.watts) / s));
      total += (reach + 1) * d.candidates.length;
    }
    return total;
  };
  const maxWork = limits.maxWork ?? DEFAULT_MAX_WORK;
  const exactStep = step;
  // A step beyond the slack leaves every device at its lowest preset: the least work there is.
  while (step <= slackW && work(step) > maxWork) step *= 2;
  return spreadAtStep(devices, slackW, step, step === exactStep);
}

/** The DP over the slack in units of `step` (raises rounded up to it, so the budget always holds). */
function spreadAtStep(
  devices: readonly Device[],
  slackW: number,
  step: number,
  exact: boolean,
): SpreadResult {
  const cells = Math.floor(slackW / step);
  const raiseOf = (d: Device, c: Candidate) => Math.ceil((c.watts - d.low.watts) / step);
  // best[x]: the most extra hash rate with exactly x steps of slack spent so far (−∞: not reachable).
  let best = new Float64Array(1).fill(0);
  let reach = 0;
  const choices: Uint16Array[] = [];
  for (const device of devices) {
    const nextReach = Math.min(cells, reach + raiseOf(device, device.high));
    const next = new Float64Array(nextReach + 1).fill(-Infinity);
    const picked = new Uint16Array(nextReach + 1);
    device.candidates.forEach((candidate, j) => {
      const raise = raiseOf(device, candidate);
      const gain = candidate.hashRate - device.low.hashRate;
      const last = Math.min(reach, nextReach - raise);
      for (let y = 0; y <= last; y++) {
        const value = (best[y] ?? -Infinity) + gain;
        if (value > (next[y + raise] ?? Infinity)) {
          next[y + raise] = value;
          picked[y + raise] = j;
        }
      }
    });
    choices.push(picked);
    best = next;
    reach = nextReach;
  }
  // The most hash rate; among equals, the least power.
  let at = 0;
  for (let x = 1; x <= reach; x++) if ((best[x] ?? -Infinity) > (best[at] ?? -Infinity)) at = x;
  const picks = new Array<number>(devices.length).fill(0);
  for (let i = devices.length - 1; i >= 0; i--) {
    const device = devices[i];
    const j = choices[i]?.[at] ?? 0;
    picks[i] = j;
    if (device !== undefined) at -= raiseOf(device, device.candidates[j] ?? device.low);
  }
  return result(devices, picks, step, exact);
}
