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

function result(devices: Candidate[][], picks: number[], stepW: number, exact: boolean): SpreadResult {
  let watts = 0;
  let hashRate = 0;
  const choice = devices.map((candidates, i) => {
    const c = candidates[picks[i]!]!;
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
  const devices = options.map(frontier);
  const empty = devices.findIndex((d) => d.length === 0);
  if (empty >= 0) throw new RangeError(`device ${empty} has no option with a watt figure`);
  const minWatts = devices.reduce((sum, d) => sum + d[0]!.watts, 0);
  const budget = Math.floor(budgetW);
  if (minWatts > budget) return { ok: false, minWatts };
  const highest = devices.map((d) => d.length - 1);
  const maxWatts = devices.reduce((sum, d) => sum + d.at(-1)!.watts, 0);
  if (maxWatts <= budget) return result(devices, highest, 1, true);

  let step = devices.reduce((g, d) => d.reduce((h, c) => gcd(h, c.watts - d[0]!.watts), g), 0) || 1;
  const slackW = budget - minWatts;
  const work = (s: number) => {
    const cells = Math.floor(slackW / s);
    let reach = 0;
    let total = 0;
    for (const d of devices) {
      reach = Math.min(cells, reach + Math.ceil((d.at(-1)!.watts - d[0]!.watts) / s));
      total += (reach + 1) * d.length;
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
function spreadAtStep(devices: Candidate[][], slackW: number, step: number, exact: boolean): SpreadResult {
  const cells = Math.floor(slackW / step);
  // best[x]: the most extra hash rate with exactly x steps of slack spent so far (−∞: not reachable).
  let best = new Float64Array(1).fill(0);
  let reach = 0;
  const choices: Uint16Array[] = [];
  for (const candidates of devices) {
    const base = candidates[0]!;
    const raises = candidates.map((c) => Math.ceil((c.watts - base.watts) / step));
    const gains = candidates.map((c) => c.hashRate - base.hashRate);
    const nextReach = Math.min(cells, reach + raises.at(-1)!);
    const next = new Float64Array(nextReach + 1).fill(-Infinity);
    const picked = new Uint16Array(nextReach + 1);
    for (let j = 0; j < candidates.length; j++) {
      const raise = raises[j]!;
      const gain = gains[j]!;
      const last = Math.min(reach, nextReach - raise);
      for (let y = 0; y <= last; y++) {
        const value = best[y]! + gain;
        if (value > next[y + raise]!) {
          next[y + raise] = value;
          picked[y + raise] = j;
        }
      }
    }
    choices.push(picked);
    best = next;
    reach = nextReach;
  }
  // The most hash rate; among equals, the least power.
  let at = 0;
  for (let x = 1; x <= reach; x++) if (best[x]! > best[at]!) at = x;
  const picks = new Array<number>(devices.length);
  for (let i = devices.length - 1; i >= 0; i--) {
    const j = choices[i]![at]!;
    picks[i] = j;
    at -= Math.ceil((devices[i]![j]!.watts - devices[i]![0]!.watts) / step);
  }
  return result(devices, picks, step, exact);
}
