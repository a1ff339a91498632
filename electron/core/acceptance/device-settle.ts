/**
 * The settling phase of one device in an acceptance run: read it every `settleEveryMs` from the run's start
 * until it has settled (settling.ts), fails on what cannot wait (settle-verdict.ts), or reaches the settle
 * limit (pending). A device already settled at the start settles at its first reading: its window opens at
 * once, whatever the rest of the fleet does.
 *
 * Read more often than the window's once a minute: a restart takes 30–60 s, so a device read once a minute
 * would lose up to a minute of its window's start and its technician's afternoon; every 10 s (at most a
 * sixth of a restart lost) costs one small `/summary` per device — 20 a second on 200 devices — and
 * `/chains` only while the boards work and something on them is new.
 */
import type { AcceptanceCriteria, AcceptancePhase, CheckOutcome } from '../../../shared/domain/acceptance';
import type { MonitorTarget } from '../monitor/poll-device';
import { chainsDue } from './chains-due';
import type { AcceptanceSample } from './device-window';
import { applyModel } from './device-window';
import type { VisitState } from './device-visit';
import type { SettleProgress } from './settle-progress';
import { newSettleProgress, recordSettling } from './settle-progress';
import { cannotWait } from './settle-verdict';
import { boardsUp, CLIMB_GAP_SHARE, settledAt } from './settling';

/** How often a settling device is read (at most: never less often than the window's readings). */
export const SETTLE_EVERY_MS = 10_000;

/** What a device's phases need of the run. */
export interface PhaseContext {
  criteria: AcceptanceCriteria;
  /** The run's start (epoch ms). */
  start: number;
  settleEveryMs: number;
  /** 0: the first reading opens the window. */
  settleMs: number;
  now: () => number;
  tick: (at: number) => Promise<void>;
  isCancelled: () => boolean;
  /**
   * One reading (with its retry), through the run's limiter; undefined when the device was still busy
   * with the one before when `nextAt` came (a stale reading is skipped).
   */
  read: (
    target: MonitorTarget,
    state: VisitState,
    due: (sample: AcceptanceSample) => boolean,
    nextAt: number,
  ) => Promise<AcceptanceSample | undefined>;
  onPhase?: (phase: AcceptancePhase) => void;
}

export type SettleOutcome =
  /** Settled at `sample` (read at the grid instant `tickAt`): the window opens with it. */
  | { kind: 'settled'; sample: AcceptanceSample; tickAt: number; progress: SettleProgress }
  /** Not settled: failed at once (`failed`), or the limit came (`failed` empty: pending or unreadable). */
  | { kind: 'unsettled'; failed: CheckOutcome[]; progress: SettleProgress };

const NOT_READ_IN_TIME = 'not read in time (the readings before took too long)';

function phaseOf(deviceId: string, since: number, sample: AcceptanceSample): AcceptancePhase {
  return {
    deviceId,
    phase: 'settling',
    since: new Date(since).toISOString(),
    state: sample.minerState ?? null,
  };
}

/** Reads the device until it settles, fails on what cannot wait, or the limit comes; undefined: cancelled. */
export async function settleDevice(
  target: MonitorTarget,
  state: VisitState,
  ctx: PhaseContext,
): Promise<SettleOutcome | undefined> {
  const progress = newSettleProgress();
  const limitAt = ctx.start + ctx.settleMs;
  const climbGapMs = ctx.settleEveryMs * CLIMB_GAP_SHARE;
  let said: string | null | undefined;
  for (let at = ctx.start; ; at = Math.min(at + ctx.settleEveryMs, limitAt)) {
    await ctx.tick(at);
    if (ctx.isCancelled()) return undefined;
    const last = at >= limitAt;
    const nextAt = last ? Infinity : Math.min(at + ctx.settleEveryMs, limitAt);
    // `/chains` with the reading that opens the window (its first), and while the boards work when
    // `/summary` shows something new on them (dead chips are named there).
    const due = (sample: AcceptanceSample): boolean =>
      ctx.settleMs === 0 ||
      settledAt(sample, progress.previousHs, ctx.criteria, progress.previousAt, climbGapMs) ||
      (boardsUp(sample) && chainsDue(progress.window, sample, progress.window.summariesRead === 0));
    const sample = (await ctx.read(target, state, due, nextAt)) ?? {
      at: ctx.now(),
      errors: [NOT_READ_IN_TIME],
    };
    if (ctx.isCancelled()) return undefined;
    applyModel(progress.window, state.model, state.modelError);
    progress.window.preset = state.preset ?? null;
    if (
      ctx.settleMs === 0 ||
      settledAt(sample, progress.previousHs, ctx.criteria, progress.previousAt, climbGapMs)
    ) {
      return { kind: 'settled', sample, tickAt: at, progress };
    }
    recordSettling(progress, sample);
    const failed = cannotWait(progress.window, progress);
    if (failed.length > 0 || last) return { kind: 'unsettled', failed, progress };
    // Only changes go out: the first reading, and a new state word.
    if (sample.summary !== undefined && said !== (sample.minerState ?? null)) {
      said = sample.minerState ?? null;
      ctx.onPhase?.(phaseOf(target.deviceId, ctx.start, sample));
    }
  }
}
