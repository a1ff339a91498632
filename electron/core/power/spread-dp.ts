/**
 * The exact part of the site budget spread (budget-spread.ts): each device's options reduced to the ones
 * that can win, worth integer values, and the dynamic programme over watts that picks the best of them.
 *
 * Values are integers (hash rate in a unit of 2⁻³⁶ of the highest option's, plus the keep bonus on the
 * option a device runs now) so that sums are exact in any order: two plannings of the same facts compare
 * the same numbers and pick the same plan, where float sums could tie one way once and the other way next.
 */

export interface Candidate {
  /** Index into the device's own options. */
  index: number;
  watts: number;
  /** The option's hash rate as given (the plan's totals). */
  hashRate: number;
  /** What the DP maximises: the hash rate in integer units, plus the keep bonus when it is the current one. */
  value: number;
  /** The preset the device runs now (it carries the keep bonus). */
  current: boolean;
}

/** One device's frontier: never empty (the caller checks), cheapest first. */
export interface Device {
  candidates: Candidate[];
  low: Candidate;
  high: Candidate;
}

/** Options by rising watts, each worth more than every cheaper one (the others never win). */
export function frontier(options: readonly Candidate[]): Candidate[] {
  const sorted = options
    .filter((c) => Number.isFinite(c.watts) && c.watts >= 0 && Number.isFinite(c.value))
    .sort((a, b) => a.watts - b.watts || b.value - a.value || a.index - b.index);
  const kept: Candidate[] = [];
  for (const c of sorted) {
    const best = kept.at(-1);
    if (best === undefined || c.value > best.value) kept.push(c);
  }
  return kept;
}

export function deviceOf(candidates: readonly Candidate[], index: number): Device {
  const kept = frontier(candidates);
  const low = kept[0];
  const high = kept.at(-1);
  if (low === undefined || high === undefined) {
    throw new RangeError(`device ${index} has no option with a watt figure`);
  }
  return { candidates: kept, low, high };
}

export const gcd = (a: number, b: number): number => {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
};

/** A device's raise to candidate `c`, in steps (exact: `step` divides every raise). */
export const raiseOf = (d: Device, c: Candidate, step: number): number =>
  Math.ceil((c.watts - d.low.watts) / step);

/** Cells × options the DP visits for `devices` over `slackW`. */
export function dpWork(devices: readonly Device[], slackW: number, step: number): number {
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
export function dpPicks(devices: readonly Device[], slackW: number, step: number): number[] {
  const cells = Math.floor(slackW / step);
  // best[x]: the most extra value with exactly x steps of slack spent so far (−∞: not reachable).
  let best = new Float64Array(1).fill(0);
  let reach = 0;
  const choices: Uint16Array[] = [];
  for (const device of devices) {
    const nextReach = Math.min(cells, reach + raiseOf(device, device.high, step));
    const next = new Float64Array(nextReach + 1).fill(-Infinity);
    const picked = new Uint16Array(nextReach + 1);
    device.candidates.forEach((candidate, j) => {
      const raise = raiseOf(device, candidate, step);
      const gain = candidate.value - device.low.value;
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
  // The most value; among equals, the least power.
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
