/**
 * Whether a device has settled, from its readings (issue 32). A device just given a restart, a reboot or an
 * untuned preset reports `restarting`/`starting` with no hash rate for 30–60 s, then climbs for minutes, and
 * tunes itself (`auto-tuning`, at reduced rate) for tens of minutes: averaging those readings in would fail
 * every healthy device. So a device's window opens only when it has settled —
 *
 * - its miner state is a mining one (not restarting, starting, initializing, auto-tuning, stopped, failure),
 *   or it reports none (older firmware: the hash rate alone decides), and
 * - its hash rate is up: at or above the criterion's share of nominal, or no longer climbing over two
 *   consecutive readings (the later one no more than CLIMB_TOLERANCE above the earlier one: a device that
 *   tops out below the criterion is judged — and failed — on what it does, not waited for).
 *
 * Pure: the run (device-settle.ts) keeps the progress, these only read it.
 */
import type { AcceptanceCriteria, SettlingReading } from '../../../shared/domain/acceptance';
import { minerStateLook } from '../../../shared/domain/miner-states';
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import type { AcceptanceSample } from './device-window';
import { terahashes } from './rules/words';

/**
 * A real-time hash rate wobbles by a percent or two between readings; a rise smaller than this is not a
 * climb.
 */
export const CLIMB_TOLERANCE = 0.01;

/**
 * Two readings closer than this say nothing about a climb: readings bunched after a stall of the laptop
 * (a loaded machine, a sleep, a scaled test clock) show no rise mid-climb, and the window opened on them
 * failed healthy devices on their average hash rate. Half the settling readings' spacing: a run reading
 * more often (tests) passes its own half (`device-settle.ts`).
 */
export const CLIMB_GAP_SHARE = 0.5;

/** A device (or one of its boards) in a failure state this long fails at once, settled or not. */
export const FAILURE_LASTS_MS = 60_000;

/** The hash rates of one reading, in H/s; undefined where the device did not say. */
export function sampleRates(sample: AcceptanceSample): { realtimeHs?: number; nominalHs?: number } {
  const rate = sample.summary?.hashRate;
  if (rate === undefined) return {};
  const unit = rate.unit;
  const realtime = rate.realtime === undefined ? undefined : toHashesPerSecond(rate.realtime, unit);
  const nominal = rate.nominal === undefined ? undefined : toHashesPerSecond(rate.nominal, unit);
  return {
    ...(realtime !== undefined ? { realtimeHs: realtime } : {}),
    ...(nominal !== undefined && nominal > 0 ? { nominalHs: nominal } : {}),
  };
}

/** The reading's state says the device mines (or says nothing about its state). */
export function inMiningState(sample: AcceptanceSample): boolean {
  if (sample.summary === undefined) return false;
  if (sample.minerState === undefined) return true;
  const kind = minerStateLook(sample.minerState).kind;
  return kind === 'mining' || kind === 'unknown';
}

/** The boards work in this state (a restarting device powers them down and may list none). */
export function boardsUp(sample: AcceptanceSample): boolean {
  if (sample.summary === undefined) return false;
  if (sample.minerState === undefined) return true;
  const kind = minerStateLook(sample.minerState).kind;
  return kind === 'mining' || kind === 'tuning' || kind === 'unknown';
}

/** The device or one of its boards reports a failure state in this reading. */
export function inFailure(sample: AcceptanceSample): boolean {
  if (sample.minerState !== undefined && minerStateLook(sample.minerState).kind === 'failure') return true;
  const boards = [...(sample.summary?.boards ?? []), ...(sample.chains?.boards ?? [])];
  return boards.some((board) => board.state === 'failure');
}

/**
 * Settled at this reading: a mining state and the hash rate up. `previousHs` is the real-time rate of the
 * reading just before, when it too was read in a mining state (null otherwise), taken at `previousAt`
 * (when known: a reading less than `minGapMs` after it cannot say the climb ended).
 */
export function settledAt(
  sample: AcceptanceSample,
  previousHs: number | null,
  criteria: AcceptanceCriteria,
  previousAt?: number | null,
  minGapMs = 0,
): boolean {
  if (!inMiningState(sample)) return false;
  const { realtimeHs, nominalHs } = sampleRates(sample);
  // No hash rate said: nothing to wait for (the window's hash-rate check says what is missing).
  if (realtimeHs === undefined) return true;
  if (nominalHs !== undefined && realtimeHs >= (nominalHs * criteria.minHashratePercent) / 100) return true;
  if (previousAt !== undefined && previousAt !== null && sample.at - previousAt < minGapMs) return false;
  return previousHs !== null && realtimeHs <= previousHs * (1 + CLIMB_TOLERANCE);
}

/** The settling reading the evidence keeps. */
export function settlingReading(sample: AcceptanceSample): SettlingReading {
  const { realtimeHs } = sampleRates(sample);
  return {
    at: new Date(sample.at).toISOString(),
    state: sample.minerState ?? null,
    hashRateThs: realtimeHs === undefined ? null : terahashes(realtimeHs),
  };
}

/** The settle limit in ms: absent = the default (15 min); 0 = judge from the first reading. */
export function settleLimitMs(criteria: AcceptanceCriteria, fallbackMinutes: number): number {
  return Math.round((criteria.settleMinutes ?? fallbackMinutes) * 60_000);
}
