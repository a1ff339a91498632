/**
 * What a run keeps of one device while it settles: its readings for the evidence (the settling phase), the
 * readings taken while its boards worked folded into a window (for what cannot wait: settle-verdict.ts),
 * the hash rate of its last mining reading (for "no longer climbing"), since when it is in its state, and
 * since when it is in a failure state.
 */
import type { SettlingReading } from '../../../shared/domain/acceptance';
import type { AcceptanceSample, DeviceWindow } from './device-window';
import { addSample, newWindow } from './device-window';
import { boardsUp, inFailure, inMiningState, sampleRates, settlingReading } from './settling';

/** The evidence keeps at most this many settling readings: the first ones and the latest ones. */
export const MAX_SETTLING_READINGS = 120;

export interface SettleProgress {
  /** Every reading counted (taken, failed); only those taken while the boards worked folded in. */
  window: DeviceWindow;
  settling: SettlingReading[];
  /** The last reading whose `/summary` was read. */
  lastRead?: AcceptanceSample;
  /** The last reading's real-time hash rate (H/s) when it was read in a mining state; else null. */
  previousHs: number | null;
  /** When that reading was taken (field ms), with `previousHs`. */
  previousAt: number | null;
  /** Since when (ms) the device is in its last reading's state. */
  stateSince: number | null;
  /** Since when the device (or a board) is in a failure state, and when that was last seen. */
  failure: { what: string; since: number; lastAt: number } | null;
}

export const newSettleProgress = (): SettleProgress => ({
  window: newWindow(undefined),
  settling: [],
  previousHs: null,
  previousAt: null,
  stateSince: null,
  failure: null,
});

function keep(progress: SettleProgress, reading: SettlingReading): void {
  const list = progress.settling;
  // A long settle keeps its start and its latest readings; the middle says least.
  if (list.length >= MAX_SETTLING_READINGS) list.splice(MAX_SETTLING_READINGS / 2, 1);
  list.push(reading);
}

/** Since when the device is in the sample's state: its own `miner_state_time` or the first reading in it. */
function trackState(progress: SettleProgress, sample: AcceptanceSample): void {
  const before = progress.lastRead?.minerState;
  const own =
    sample.minerStateSeconds === undefined ? undefined : sample.at - sample.minerStateSeconds * 1000;
  if (own !== undefined) progress.stateSince = own;
  else if (before !== sample.minerState || progress.stateSince === null) progress.stateSince = sample.at;
}

function trackFailure(progress: SettleProgress, sample: AcceptanceSample): void {
  if (!inFailure(sample)) {
    progress.failure = null;
    return;
  }
  const minerFailed = sample.minerState?.trim().toLowerCase() === 'failure';
  const what = minerFailed ? 'the miner' : 'a hash board';
  // The device's own state time says how long a miner failure has lasted already.
  const own =
    minerFailed && sample.minerStateSeconds !== undefined
      ? sample.at - sample.minerStateSeconds * 1000
      : undefined;
  const since = Math.min(progress.failure?.since ?? sample.at, own ?? sample.at);
  progress.failure = { what, since, lastAt: sample.at };
}

/** Folds one settling reading in (it did not settle the device). */
export function recordSettling(progress: SettleProgress, sample: AcceptanceSample): void {
  if (boardsUp(sample)) addSample(progress.window, sample);
  else addSample(progress.window, { at: sample.at, ...(sample.errors ? { errors: sample.errors } : {}) });
  if (sample.summary === undefined) {
    // A reading that failed breaks "two consecutive readings".
    progress.previousHs = null;
    progress.previousAt = null;
    keep(progress, { at: new Date(sample.at).toISOString(), state: null, hashRateThs: null });
    return;
  }
  trackState(progress, sample);
  trackFailure(progress, sample);
  progress.lastRead = sample;
  progress.previousHs = inMiningState(sample) ? (sampleRates(sample).realtimeHs ?? null) : null;
  progress.previousAt = progress.previousHs === null ? null : sample.at;
  keep(progress, settlingReading(sample));
}
