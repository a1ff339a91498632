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
 *   megawatts) is solved the way large multiple-choice knapsacks are (a "core"): first the linear
 *   relaxation — each device's presets reduced to their upper convex hull, the hull's raises taken fleet-wide
 *   by hash rate per watt while they fit — which gives both a plan within one raise of the best and an upper
 *   bound on the best; then the devices whose choice is closest to the margin (their next or last raise
 *   nearest the relaxation's price per watt) are planned again by the exact DP, as many as fit the work
 *   bound, the others kept. The plan is then at least as good as the relaxation's and names how far below
 *   the bound it can at most be (`bestHashRate`): on real sites a few parts in a million.
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
      /** The watt step the slack was spread at: the gcd of the raises (no rounding). */
      stepW: number;
      /** Proven the most hash rate possible (the DP over every device). */
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
  bestHashRate?: number,
): SpreadResult {
  let watts = 0;
  let hashRate = 0;
  const choice = devices.map((device, i) => {
    const c = device.candidates[picks[i] ?? 0] ?? device.low;
    watts += c.watts;
    hashRate += c.hashRate;
    return c.index;
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
    );
  }
  const step =
    devices.reduce((g, d) => d.candidates.reduce((h, c) => gcd(h, c.watts - d.low.watts), g), 0) || 1;
  const slackW = budget - minWatts;
  const maxWork = limits.maxWork ?? DEFAULT_MAX_WORK;
  if (dpWork(devices, slackW, step) <= maxWork) {
    return result(devices, dpPicks(devices, slackW, step), step);
  }
  return spreadByCore(devices, slackW, step, maxWork);
}

/** A device's raise to candidate `c`, in steps (exact: `step` divides every raise). */
const raiseOf = (d: Device, c: Candidate, step: number): number => Math.ceil((c.watts - d.low.watts) / step);

/** Cells × options the DP visits for `devices` over `slackW`. */
function dpWork(devices: readonly Device[], slackW: number, step: number): number {
  const cells = Math.floor(slackW / step);
  let reach = 0;
  let total = 0;
  for (const d of devices) {
    reach = Math.min(cells, reach + raiseOf(d, d.high, step));
    total += (reach + 1) * d.candidates.length;
  }
  return total;
}

/** The DP over `slackW`, every device from its lowest candidate: per device, its best candidate's index. */
function dpPicks(devices: readonly Device[], slackW: number, step: number): number[] {
  const cells = Math.floor(slackW / step);
  // best[x]: the most extra hash rate with exactly x steps of slack spent so far (−∞: not reachable).
  let best = new Float64Array(1).fill(0);
  let reach = 0;
  const choices: Uint16Array[] = [];
  for (const device of devices) {
    const nextReach = Math.min(cells, reach + raiseOf(device, device.high, step));
    const next = new Float64Array(nextReach + 1).fill(-Infinity);
    const picked = new Uint16Array(nextReach + 1);
    device.candidates.forEach((candidate, j) => {
      const raise = raiseOf(device, candidate, step);
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
    if (device !== undefined) at -= raiseOf(device, device.candidates[j] ?? device.low, step);
  }
  return picks;
}

/** One raise along a device's upper convex hull, to its candidate `to`. */
interface HullRaise {
  margin: Margin;
  to: number;
  watts: number;
  gain: number;
  /** Hash rate per watt of the raise. */
  rate: number;
}

/** The indices of a device's candidates on the upper convex hull of (watts, hash rate), cheapest first. */
function hullOf(candidates: readonly Candidate[]): { index: number; at: Candidate }[] {
  const hull: { index: number; at: Candidate }[] = [];
  candidates.forEach((c, index) => {
    // Drop the last hull point while it lies on or under the line from the one before it to c.
    for (
      let b = hull.at(-1), a = hull.at(-2);
      a !== undefined && b !== undefined;
      b = hull.at(-1), a = hull.at(-2)
    ) {
      const cross =
        (b.at.watts - a.at.watts) * (c.hashRate - a.at.hashRate) -
        (b.at.hashRate - a.at.hashRate) * (c.watts - a.at.watts);
      if (cross < 0) break;
      hull.pop();
    }
    hull.push({ index, at: c });
  });
  return hull;
}

/** How many presets a core device may move up or down from the relaxation's choice, widest first. */
const CORE_REACHES = [Infinity, 8, 4, 2, 1];

/**
 * A device's candidates within `reach` presets of its pick, as a device of its own for the DP (`from`: the
 * first one's index in the whole frontier), and how far the pick is above the window's lowest (W).
 */
function windowAround(margin: Margin, reach: number): { device: Device; from: number; raisedW: number } {
  const { candidates } = margin.device;
  const at = candidates[margin.pick] ?? margin.device.low;
  const from = Math.max(0, margin.pick - reach);
  const window = candidates.slice(from, Math.min(candidates.length, margin.pick + reach + 1));
  const low = window[0] ?? at;
  return {
    device: { candidates: window, low, high: window.at(-1) ?? at },
    from,
    raisedW: at.watts - low.watts,
  };
}

/** Where the relaxation leaves one device. */
interface Margin {
  device: Device;
  /** Its candidate now (index into its frontier). */
  pick: number;
  /** Hash rate per watt of its last raise taken (∞: none) and of the first it could not take (−∞: none). */
  lastRate: number;
  nextRate: number;
  blocked: boolean;
}

/**
 * Past the work bound: the linear relaxation's plan and bound, then the exact DP over the devices nearest
 * its margin (as many as the work bound allows), the others kept where the relaxation put them.
 */
function spreadByCore(
  devices: readonly Device[],
  slackW: number,
  step: number,
  maxWork: number,
): SpreadResult {
  const margins: Margin[] = devices.map((device) => ({
    device,
    pick: 0,
    lastRate: Infinity,
    nextRate: -Infinity,
    blocked: false,
  }));
  const raises: HullRaise[] = margins.flatMap((margin) => {
    const hull = hullOf(margin.device.candidates);
    return hull.slice(1).map((point, k): HullRaise => {
      const from = hull[k]?.at ?? point.at;
      const watts = point.at.watts - from.watts;
      const gain = point.at.hashRate - from.hashRate;
      return { margin, to: point.index, watts, gain, rate: gain / watts };
    });
  });
  // By hash rate per watt; one device's raises keep their order (their rates fall along its hull).
  raises.sort((a, b) => b.rate - a.rate || a.to - b.to);
  let left = slackW;
  let bound: number | undefined;
  /** The relaxation's price: hash rate per watt of the raise it took a fraction of. */
  let price = 0;
  let gained = 0;
  for (const raise of raises) {
    const { margin } = raise;
    if (margin.blocked) continue;
    if (raise.watts <= left) {
      left -= raise.watts;
      gained += raise.gain;
      margin.pick = raise.to;
      margin.lastRate = raise.rate;
      continue;
    }
    // The first raise that does not fit ends the relaxation: a fraction of it tops the bound.
    if (bound === undefined) {
      bound = gained + left * raise.rate;
      price = raise.rate;
    }
    margin.blocked = true;
    margin.nextRate = raise.rate;
  }
  const lowest = devices.reduce((sum, d) => sum + d.low.hashRate, 0);
  // Every raise fitted: the hull's top for every device, which no spread beats.
  const best = lowest + (bound ?? gained);

  // The core: devices by how near their margin is to the price, nearest first, each free to move `reach`
  // presets from where the relaxation put it (an optimum rarely strays more than a few from it).
  const nearness = (m: Margin): number =>
    Math.min(Math.abs(m.lastRate - price), Math.abs(m.nextRate - price));
  const order = [...margins].sort((a, b) => nearness(a) - nearness(b));
  const coreOf = (size: number, reach: number) => {
    const core = order.slice(0, size).map((margin) => ({ margin, ...windowAround(margin, reach) }));
    return { core, slack: left + core.reduce((sum, c) => sum + c.raisedW, 0) };
  };
  const work = (size: number, reach: number): number => {
    const { core, slack } = coreOf(size, reach);
    return dpWork(
      core.map((c) => c.device),
      slack,
      step,
    );
  };
  // Every device with the widest reach that fits the work bound; else the most devices at the narrowest.
  let reach = CORE_REACHES.find((w) => work(devices.length, w) <= maxWork);
  let size = devices.length;
  if (reach === undefined) {
    reach = CORE_REACHES.at(-1) ?? 0;
    let low = 0;
    let high = devices.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (work(mid, reach) <= maxWork) low = mid;
      else high = mid - 1;
    }
    size = low;
  }
  if (size > 0) {
    const { core, slack } = coreOf(size, reach);
    // The relaxation's choices for the core are one feasible answer of this DP: it can only do better.
    const picks = dpPicks(
      core.map((c) => c.device),
      slack,
      step,
    );
    core.forEach((c, k) => (c.margin.pick = c.from + (picks[k] ?? c.margin.pick - c.from)));
  }
  return result(
    devices,
    margins.map((m) => m.pick),
    step,
    best,
  );
}
