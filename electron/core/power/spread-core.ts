/**
 * The site budget spread past the work bound (budget-spread.ts): a problem too large for the exact DP in
 * about a second (thousands of devices with a slack of megawatts) is solved the way large multiple-choice
 * knapsacks are (a "core"): first the linear relaxation — each device's candidates reduced to their upper
 * convex hull, the hull's raises taken fleet-wide by value per watt while they fit — which gives both a plan
 * within one raise of the best and an upper bound on the best; then the devices whose choice is closest to
 * the margin (their next or last raise nearest the relaxation's price per watt) are planned again by the
 * exact DP, as many as fit the work bound, the others kept. Works on the integer values of spread-dp.ts.
 */
import type { Candidate, Device } from './spread-dp';
import { dpPicks, dpWork } from './spread-dp';

/** Where the relaxation leaves one device. */
interface Margin {
  device: Device;
  /** Its candidate now (index into its frontier). */
  pick: number;
  /** Value per watt of its last raise taken (∞: none) and of the first it could not take (−∞: none). */
  lastRate: number;
  nextRate: number;
  blocked: boolean;
}

/** One raise along a device's upper convex hull, to its candidate `to`. */
interface HullRaise {
  margin: Margin;
  to: number;
  watts: number;
  gain: number;
  /** Value per watt of the raise. */
  rate: number;
}

/** The indices of a device's candidates on the upper convex hull of (watts, value), cheapest first. */
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
        (b.at.watts - a.at.watts) * (c.value - a.at.value) -
        (b.at.value - a.at.value) * (c.watts - a.at.watts);
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

/** The linear relaxation: every device's pick along its hull, the slack left, the price and the bound. */
function relax(devices: readonly Device[], slackW: number) {
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
      const gain = point.at.value - from.value;
      return { margin, to: point.index, watts, gain, rate: gain / watts };
    });
  });
  // By value per watt; one device's raises keep their order (their rates fall along its hull).
  raises.sort((a, b) => b.rate - a.rate || a.to - b.to);
  let left = slackW;
  let bound: number | undefined;
  /** The relaxation's price: value per watt of the raise it took a fraction of. */
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
  const lowest = devices.reduce((sum, d) => sum + d.low.value, 0);
  // Every raise fitted: the hull's top for every device, which no spread beats.
  return { margins, left, price, bestValue: lowest + (bound ?? gained) };
}

/** The relaxation's bound on the best total value over `slackW` (no spread of these devices beats it). */
export function relaxedBest(devices: readonly Device[], slackW: number): number {
  return relax(devices, slackW).bestValue;
}

/**
 * Past the work bound: the linear relaxation's plan, then the exact DP over the devices nearest its margin
 * (as many as the work bound allows), the others kept where the relaxation put them. Returns each device's
 * pick (index into its frontier) and the relaxation's bound on the best value.
 */
export function spreadByCore(
  devices: readonly Device[],
  slackW: number,
  step: number,
  maxWork: number,
): { picks: number[]; bestValue: number } {
  const { margins, left, price, bestValue } = relax(devices, slackW);
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
  return { picks: margins.map((m) => m.pick), bestValue };
}
