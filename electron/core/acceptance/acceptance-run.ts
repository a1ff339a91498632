/**
 * An acceptance run: each device settles first (device-settle.ts: read every 10 s until it mines with its
 * hash rate up, for at most the settle limit), then is watched for its window (`criteria.minutes` from
 * when it settled), read about once a minute and at the end (device-visit.ts), every reading folded into
 * the device's window (device-window.ts); when a device's last reading is in, its verdict (verdict.ts, or
 * settle-verdict.ts for a device that did not settle) is handed to `onVerdict` at once, so a terminal or
 * the window shows verdicts as they come.
 *
 * Cheap at fleet scale: every reading falls on the run's grid, one timer per instant for the whole fleet
 * (run-ticks.ts), visits through one limiter (bounded concurrency), nothing kept per device but its window.
 * A device still busy with a reading when the next one is due skips the stale one (said as a failed
 * reading), so a fleet of silent devices cannot stretch the run; a reading that failed is tried once more
 * when that fits before the next one. Cancel through `signal`: every wait and every request in flight
 * stops, and the run answers `cancelled` with no verdicts.
 */
import pLimit from 'p-limit';
import type {
  AcceptanceCriteria,
  AcceptancePhase,
  AcceptanceVerdict,
} from '../../../shared/domain/acceptance';
import { ACCEPTANCE_DEFAULTS } from '../../../shared/domain/acceptance';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { MonitorTarget } from '../monitor/poll-device';
import type { PhaseContext } from './device-settle';
import { SETTLE_EVERY_MS } from './device-settle';
import type { AcceptanceSample } from './device-window';
import type { VisitDeps, VisitState } from './device-visit';
import { visitDevice } from './device-visit';
import { watchDevice } from './device-watch';
import { sharedTicks, tickAt } from './run-ticks';
import { settleLimitMs } from './settling';

export { readingOffsets } from './device-watch';

/** The "about once a minute". */
export const DEFAULT_SAMPLE_EVERY_MS = 60_000;

/**
 * Test knob, not part of any contract (the CLI's flags, the window's choices): the spacing of the readings
 * in ms, so a test watches a short window with several readings — the CLI run as a child process, the app
 * in the browser harness. Settling devices are read at most this far apart too.
 */
export const SAMPLE_EVERY_ENV = 'MINERDECK_ACCEPTANCE_SAMPLE_MS';

function sampleEveryFromEnv(): number | undefined {
  const value = process.env[SAMPLE_EVERY_ENV];
  return value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}
export const DEFAULT_VISIT_TIMEOUT_MS = 5_000;
export const DEFAULT_ACCEPTANCE_CONCURRENCY = 128;

export interface AcceptanceRunOptions extends VisitDeps {
  criteria: AcceptanceCriteria;
  /** Time between readings (default one minute); tests and benchmarks shorten it. */
  sampleEveryMs?: number;
  /** Time between readings while a device settles (default 10 s, never more than `sampleEveryMs`). */
  settleEveryMs?: number;
  /** Every request of one visit within this (default 5 s, and never more than half the spacing). */
  timeoutMs?: number;
  /** Visits in flight at once, fleet-wide (default 128). */
  concurrency?: number;
  signal?: AbortSignal;
  /** A device's verdict, as soon as its last reading is in. */
  onVerdict?: (verdict: AcceptanceVerdict) => void;
  /** A device began settling, its settling state changed, or its window opened. */
  onPhase?: (phase: AcceptancePhase) => void;
  /**
   * The run's clock (default the real one): every spacing, window and timeout above is field time on it,
   * so a run on a scaled clock (the simulator's field clock) takes 1/scale of the real time.
   */
  clock?: Clock;
}

export interface AcceptanceRunOutcome {
  /** In the targets' order; empty when cancelled. */
  verdicts: AcceptanceVerdict[];
  cancelled: boolean;
  startedAt: Date;
  endedAt: Date;
}

/** The readings' spacings: the window's, the settling one's, and a visit's time limit. */
function spacings(options: AcceptanceRunOptions): {
  everyMs: number;
  settleEveryMs: number;
  timeoutMs: number;
} {
  const everyMs = Math.max(1, options.sampleEveryMs ?? sampleEveryFromEnv() ?? DEFAULT_SAMPLE_EVERY_MS);
  const settleEveryMs = Math.max(1, Math.min(options.settleEveryMs ?? SETTLE_EVERY_MS, everyMs));
  const timeoutMs = Math.max(
    1,
    Math.min(options.timeoutMs ?? DEFAULT_VISIT_TIMEOUT_MS, everyMs / 2, settleEveryMs / 2),
  );
  return { everyMs, settleEveryMs, timeoutMs };
}

/**
 * One reading of a device (with its retry) through the run's limiter. Each visit has its own controller,
 * aborted from the one listener on the run's signal: requests never add listeners to a signal shared by
 * the whole fleet (thousands of them would be a leak warning). `stop` removes that listener.
 */
function fleetReader(
  options: AcceptanceRunOptions,
  clock: Clock,
  timing: { timeoutMs: number; retryPauseMs: number },
): { read: PhaseContext['read']; stop: () => void } {
  const { signal } = options;
  const now = clock.now;
  const limit = pLimit(options.concurrency ?? DEFAULT_ACCEPTANCE_CONCURRENCY);
  const visiting = new Set<AbortController>();
  const abortVisits = (): void => {
    for (const controller of visiting) controller.abort();
  };
  signal?.addEventListener('abort', abortVisits, { once: true });

  async function visit(
    target: MonitorTarget,
    state: VisitState,
    due: (sample: AcceptanceSample) => boolean,
  ): Promise<AcceptanceSample> {
    const controller = new AbortController();
    visiting.add(controller);
    try {
      return await visitDevice(options, target, state, now(), {
        timeoutMs: timing.timeoutMs,
        clock,
        signal: controller.signal,
        chainsDue: due,
      });
    } finally {
      visiting.delete(controller);
    }
  }

  const read: PhaseContext['read'] = (target, state, due, nextAt) =>
    limit(async () => {
      // Still busy when the next reading is due: this one is stale, the next one counts.
      if (now() >= nextAt) return undefined;
      const first = await visit(target, state, due);
      // A read that failed is tried once more after a short pause, when that fits before the next
      // reading: one lost answer on a busy LAN is no proof that the device cannot be read.
      if (first.errors === undefined || now() + timing.retryPauseMs + timing.timeoutMs >= nextAt) {
        return first;
      }
      await tickAt(now() + timing.retryPauseMs, clock, signal);
      return signal?.aborted === true ? first : visit(target, state, due);
    });
  return { read, stop: () => signal?.removeEventListener('abort', abortVisits) };
}

export async function runAcceptance(
  targets: readonly MonitorTarget[],
  options: AcceptanceRunOptions,
): Promise<AcceptanceRunOutcome> {
  const clock = options.clock ?? REAL_CLOCK;
  const now = clock.now;
  const { signal, criteria } = options;
  const { everyMs, settleEveryMs, timeoutMs } = spacings(options);
  const isCancelled = (): boolean => signal?.aborted === true;
  const start = now();
  const startedAt = new Date(start);
  const reader = fleetReader(options, clock, {
    timeoutMs,
    retryPauseMs: Math.min(1_000, settleEveryMs / 10),
  });
  const settleMs = settleLimitMs(criteria, ACCEPTANCE_DEFAULTS.settleMinutes);
  const tick = sharedTicks(clock, signal);
  const settled = await Promise.all(
    targets.map((target) =>
      watchDevice(target, {
        criteria,
        start,
        settleEveryMs,
        settleMs,
        settleMinutes: settleMs / 60_000,
        durationMs: Math.round(criteria.minutes * 60_000),
        everyMs,
        startedAt,
        now,
        tick,
        isCancelled,
        read: reader.read,
        ...(options.onPhase !== undefined ? { onPhase: options.onPhase } : {}),
        ...(options.onVerdict !== undefined ? { onVerdict: options.onVerdict } : {}),
      }),
    ),
  );
  reader.stop();
  const cancelled = isCancelled();
  return {
    verdicts: cancelled ? [] : settled.filter((v): v is AcceptanceVerdict => v !== undefined),
    cancelled,
    startedAt,
    endedAt: new Date(now()),
  };
}
