/**
 * Spreading a site's power budget over its devices (`profile set --site-kw K`, a standard's site budget):
 * one preset per device so that the sum of their watts is ≤ the budget and the total hash rate is the
 * highest possible. This is a multiple-choice knapsack, solved exactly by dynamic programming over watts
 * (spread-dp.ts):
 *
 * - every device starts at its lowest preset; the DP spends the rest of the budget (the slack) on raising
 *   devices, in steps of the greatest common divisor of all the raises — 10 W for real preset lists, whose
 *   names are watt figures in tens — so no rounding happens and the answer is the optimum;
 * - presets that draw more and are worth no more than another of the same device are dropped first (they
 *   are never part of an optimum), and a budget that covers every device's highest preset, or not even
 *   their lowest, is answered without the DP;
 * - a problem too large for an exact answer in about a second is solved by the relaxation and a core of
 *   devices near its margin (spread-core.ts), which names how far below the best it can at most be.
 *
 * The plan holds still (docs/commissioning.md, "Site budget"): planning again after the plan was applied
 * changes nothing. Three rules make it so:
 * - a device's preset it runs now (`current`) is worth a keep bonus of KEEP_TOLERANCE of its hash rate: a
 *   move must gain more than that to be planned, so among plans as good as each other (within the
 *   tolerance) the one that moves fewest devices wins, and an applied plan is its own best next time (its
 *   bonus went with it). The tolerance is below what the facts can tell apart (the firmware's hash-rate
 *   figures are whole TH/s on 100–300 TH/s, a tuned preset's measured rate varies by percents);
 * - values are integers (spread-dp.ts), so sums do not depend on the order they are added in;
 * - devices are planned in the order of their keys (device ids), never the order they were listed in.
 *
 * Optimality against brute force is checked on small cases (tests/unit/core/power/budget-spread.test.ts).
 */
import type { Candidate, Device } from './spread-dp';
import { deviceOf, dpPicks, dpWork, gcd } from './spread-dp';
import { relaxedBest, spreadByCore } from './spread-core';

export interface SpreadOption {
  watts: number;
  /** Expected hash rate (any unit, the same for every device). */
  hashRate: number;
}

export interface SpreadSettings {
  /** Cells × options the DP may visit (DEFAULT_MAX_WORK). */
  maxWork?: number;
  /** Per device, the index into its options of the preset it runs now (undefined: none of them). */
  current?: readonly (number | undefined)[];
  /** Per device, what names it (its device id): devices are planned in this order, not the input's. */
  keys?: readonly string[];
}

export type SpreadResult =
  | {
      ok: true;
      /** Per device, the index into its own `options`. */
      choice: number[];
      watts: number;
      hashRate: number;
      /** The watt step the slack was spread at: the gcd of the raises (no rounding). */
      stepW: number;
      /** Proven the most hash rate possible (the DP over every device), within the keep tolerance. */
      exact: boolean;
      /**
       * When not exact: no spread can give more than this (the linear relaxation's bound); the plan is
       * within `bestHashRate − hashRate` of the best.
       */
      bestHashRate?: number;
    }
  | { ok: false; minWatts: number };

/** Cells × options the DP may visit for an exact answer (about a second of work on a laptop). */
export const DEFAULT_MAX_WORK = 600_000_000;

/** The keep bonus of the preset a device runs now, as a share of its hash rate (0.1 %). */
export const KEEP_TOLERANCE = 1e-3;

/** Integer values: 2⁻³⁶ of the highest hash rate is far below any difference that matters, and sums stay exact. */
const VALUE_BITS = 36;

/** The input's device indices in key order (the input's order among equal or missing keys). */
function plannedOrder(count: number, keys: readonly string[] | undefined): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  if (keys === undefined) return order;
  const key = (i: number): string => keys[i] ?? '';
  return order.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
}

/** One device's options as candidates worth integer values, `current` with the keep bonus. */
function candidatesOf(
  options: readonly SpreadOption[],
  current: number | undefined,
  unit: number,
  bonus: boolean,
): Candidate[] {
  return options.map((o, index) => {
    const units = Math.round(o.hashRate / unit);
    const now = index === current;
    const keep = bonus && now ? Math.max(1, Math.round((KEEP_TOLERANCE * o.hashRate) / unit)) : 0;
    return { index, watts: Math.ceil(o.watts), hashRate: o.hashRate, value: units + keep, current: now };
  });
}

/** The result of picking `picks[k]` (an index into the frontier of the k-th device planned). */
function result(
  devices: readonly Device[],
  order: readonly number[],
  picks: readonly number[],
  stepW: number,
  bestHashRate?: number,
): SpreadResult {
  let watts = 0;
  let hashRate = 0;
  const choice = new Array<number>(devices.length).fill(0);
  devices.forEach((device, k) => {
    const c = device.candidates[picks[k] ?? 0] ?? device.low;
    watts += c.watts;
    hashRate += c.hashRate;
    choice[order[k] ?? k] = c.index;
  });
  if (bestHashRate === undefined) return { ok: true, choice, watts, hashRate, stepW, exact: true };
  // The plan can reach the bound (rounding aside): then it is the best after all.
  const exact = hashRate >= bestHashRate * (1 - 1e-12);
  return { ok: true, choice, watts, hashRate, stepW, exact, ...(exact ? {} : { bestHashRate }) };
}

/**
 * The best preset per device for `budgetW`. Every device needs at least one option with a finite watt
 * figure (the caller leaves the others out of the plan). `{ok: false}` when even the lowest presets
 * together exceed the budget.
 */
export function spreadBudget(
  options: readonly (readonly SpreadOption[])[],
  budgetW: number,
  settings: SpreadSettings = {},
): SpreadResult {
  const order = plannedOrder(options.length, settings.keys);
  const top = Math.max(0, ...options.flatMap((list) => list.map((o) => o.hashRate)).filter(Number.isFinite));
  // Never 0 (a denormal top would make every value infinite).
  const unit = top > 0 ? Math.max(top * 2 ** -VALUE_BITS, Number.MIN_VALUE) : 1;
  const build = (bonus: boolean): Device[] =>
    order.map((i) => deviceOf(candidatesOf(options[i] ?? [], settings.current?.[i], unit, bonus), i));
  const devices = build(true);
  const minWatts = devices.reduce((sum, d) => sum + d.low.watts, 0);
  const budget = Math.floor(budgetW);
  if (minWatts > budget) return { ok: false, minWatts };
  const maxWatts = devices.reduce((sum, d) => sum + d.high.watts, 0);
  if (maxWatts <= budget) {
    return result(
      devices,
      order,
      devices.map((d) => d.candidates.length - 1),
      1,
    );
  }
  const step =
    devices.reduce((g, d) => d.candidates.reduce((h, c) => gcd(h, c.watts - d.low.watts), g), 0) || 1;
  const slackW = budget - minWatts;
  const maxWork = settings.maxWork ?? DEFAULT_MAX_WORK;
  if (dpWork(devices, slackW, step) <= maxWork) {
    return result(devices, order, dpPicks(devices, slackW, step), step);
  }
  const core = spreadByCore(devices, slackW, step, maxWork);
  const picks = keepWhenAsGood(devices, core.picks, budget);
  // The bound on hash rate alone (no keep bonus), with the rounding of every device's value.
  const plain = settings.current === undefined ? undefined : build(false);
  const bestValue =
    (plain === undefined
      ? core.bestValue
      : relaxedBest(plain, budget - plain.reduce((sum, d) => sum + d.low.watts, 0))) + devices.length;
  return result(devices, order, picks, step, bestValue * unit);
}

/**
 * Past the work bound the core is not proven the best: when every device's current preset is on its
 * frontier, within the budget and worth at least the core's plan, that plan stays (nothing better was found).
 */
function keepWhenAsGood(devices: readonly Device[], picks: number[], budget: number): number[] {
  let watts = 0;
  let kept = 0;
  let planned = 0;
  const current: number[] = [];
  for (const [k, d] of devices.entries()) {
    const at = d.candidates.findIndex((c) => c.current);
    const c = d.candidates[at];
    if (c === undefined) return picks;
    current.push(at);
    watts += c.watts;
    kept += c.value;
    planned += d.candidates[picks[k] ?? 0]?.value ?? 0;
  }
  return watts <= budget && kept >= planned ? current : picks;
}
