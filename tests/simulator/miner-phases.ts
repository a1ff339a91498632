/**
 * Miner states that follow each other on the clock after a mining restart or a reboot
 * (`restarting` → `starting` → `mining`). Stored as start times and applied when a body is built, so a
 * restarting device needs no timer: an idle fleet of thousands costs nothing.
 */
import type { MinerState } from './bodies';

export interface MinerPhase {
  state: string;
  /** When the phase begins (ms). */
  from: number;
}

/** States in which the hash boards work; in the others hash rate is 0, as on a stopped or failed miner. */
export const HASHING_STATES: ReadonlySet<string> = new Set(['mining', 'auto-tuning']);

/**
 * Replaces any planned phases; a failure description belongs to the state being left. The hash rate climbs
 * from the first hashing phase on (device-timing.ts `climbShare`); a plan with none (going down) has no climb.
 */
export function planPhases(miner: MinerState, phases: MinerPhase[]): void {
  miner.phases = [...phases].sort((a, b) => a.from - b.from);
  miner.failure = undefined;
  miner.climbFrom = miner.phases.find((p) => HASHING_STATES.has(p.state))?.from;
}

/** Moves the miner into every phase whose time has come (`since` = the phase's start, not the read). */
export function settlePhases(miner: MinerState, now: number): void {
  const phases = miner.phases;
  if (!phases) return;
  while (phases.length > 0 && phases[0]!.from <= now) {
    const phase = phases.shift()!;
    miner.state = phase.state;
    miner.since = phase.from;
  }
  if (phases.length === 0) miner.phases = undefined;
}

/** `first` for the first half of `seconds` from `start`, then `second`, then `mining`. */
export function twoPhasesThenMining(
  first: string,
  second: string,
  start: number,
  seconds: number,
): MinerPhase[] {
  const ms = seconds * 1000;
  return [
    { state: first, from: start },
    { state: second, from: start + ms / 2 },
    { state: 'mining', from: start + ms },
  ];
}
