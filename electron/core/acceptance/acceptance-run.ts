/**
 * An acceptance run: the devices are watched for the window (`criteria.minutes`), each read at the start,
 * about once a minute, and at the end (device-visit.ts), every reading folded into the device's window
 * (device-window.ts); when a device's last reading is in, its verdict settles (verdict.ts) and is handed
 * to `onVerdict` at once, so a terminal or the window shows verdicts as they come.
 *
 * Cheap at fleet scale: one timer per reading for the whole run (every device waits on the same tick),
 * visits through one limiter (bounded concurrency), nothing kept per device but its window. A device
 * still busy with a reading when the next one is due skips the stale one (said as a failed reading), so a
 * fleet of silent devices cannot stretch the run; a reading that failed is tried once more when that fits
 * before the next one. Cancel through `signal`: every wait and every request in flight stops, and the run
 * answers `cancelled` with no verdicts.
 */
import pLimit from 'p-limit';
import type { AcceptanceCriteria, AcceptanceVerdict } from '../../../shared/domain/acceptance';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { MonitorTarget } from '../monitor/poll-device';
import type { AcceptanceSample, DeviceWindow } from './device-window';
import { chainsDue } from './chains-due';
import { addSample, applyModel, newWindow } from './device-window';
import type { VisitDeps, VisitState } from './device-visit';
import { newVisitState, visitDevice } from './device-visit';
import { verdictOf } from './verdict';

/** The "about once a minute". */
export const DEFAULT_SAMPLE_EVERY_MS = 60_000;

/**
 * Test knob, not part of any contract (the CLI's flags, the window's choices): the spacing of the readings
 * in ms, so a test watches a short window with several readings — the CLI run as a child process, the app
 * in the browser harness.
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
  /** Every request of one visit within this (default 5 s, and never more than half the spacing). */
  timeoutMs?: number;
  /** Visits in flight at once, fleet-wide (default 128). */
  concurrency?: number;
  signal?: AbortSignal;
  /** A device's verdict, as soon as its last reading is in. */
  onVerdict?: (verdict: AcceptanceVerdict) => void;
  now?: () => number;
}

export interface AcceptanceRunOutcome {
  /** In the targets' order; empty when cancelled. */
  verdicts: AcceptanceVerdict[];
  cancelled: boolean;
  startedAt: Date;
  endedAt: Date;
}

/** Offsets of the readings from the start: 0, every `everyMs`, and the end (`durationMs`). */
export function readingOffsets(durationMs: number, everyMs: number): number[] {
  const offsets: number[] = [];
  for (let at = 0; at < durationMs; at += everyMs) offsets.push(at);
  offsets.push(durationMs);
  return offsets;
}

/** Resolves at `at` (epoch ms) or when the signal aborts, whichever comes first. */
function tickAt(at: number, now: () => number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, at - now()));
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runAcceptance(
  targets: readonly MonitorTarget[],
  options: AcceptanceRunOptions,
): Promise<AcceptanceRunOutcome> {
  const now = options.now ?? Date.now;
  const { signal, criteria } = options;
  const durationMs = Math.round(criteria.minutes * 60_000);
  const everyMs = Math.max(1, options.sampleEveryMs ?? sampleEveryFromEnv() ?? DEFAULT_SAMPLE_EVERY_MS);
  const timeoutMs = Math.max(1, Math.min(options.timeoutMs ?? DEFAULT_VISIT_TIMEOUT_MS, everyMs / 2));
  const limit = pLimit(options.concurrency ?? DEFAULT_ACCEPTANCE_CONCURRENCY);
  const retryPauseMs = Math.min(1_000, everyMs / 10);
  const isCancelled = (): boolean => signal?.aborted === true;
  const start = now();
  const startedAt = new Date(start);
  const offsets = readingOffsets(durationMs, everyMs);
  // One timer per reading for the whole fleet, made lazily as the run gets there.
  const ticks = new Map<number, Promise<void>>();
  const tick = (index: number): Promise<void> => {
    let found = ticks.get(index);
    if (found === undefined) {
      found = tickAt(start + (offsets[index] ?? durationMs), now, signal);
      ticks.set(index, found);
    }
    return found;
  };

  // Each visit has its own controller, aborted from the one listener on the run's signal: requests never
  // add listeners to a signal shared by the whole fleet (thousands of them would be a leak warning).
  const visiting = new Set<AbortController>();
  const abortVisits = (): void => {
    for (const controller of visiting) controller.abort();
  };
  signal?.addEventListener('abort', abortVisits, { once: true });

  async function visit(
    target: MonitorTarget,
    state: VisitState,
    chainsDue: (sample: AcceptanceSample) => boolean,
  ): Promise<AcceptanceSample> {
    const controller = new AbortController();
    visiting.add(controller);
    try {
      return await visitDevice(options, target, state, now(), {
        timeoutMs,
        signal: controller.signal,
        chainsDue,
      });
    } finally {
      visiting.delete(controller);
    }
  }

  async function watch(target: MonitorTarget): Promise<AcceptanceVerdict | undefined> {
    const window: DeviceWindow = newWindow(undefined);
    const state = newVisitState();
    for (let index = 0; index < offsets.length; index += 1) {
      await tick(index);
      if (isCancelled()) return undefined;
      const last = index === offsets.length - 1;
      const nextAt = start + (offsets[index + 1] ?? Infinity);
      // `/chains` at the first and last readings, between them only when `/summary` asks for it.
      const due = (sample: AcceptanceSample): boolean => chainsDue(window, sample, index === 0 || last);
      const sample = await limit(async () => {
        // Still busy when the next reading is due: this one is stale, the next one counts.
        if (!last && now() >= nextAt) return undefined;
        const first = await visit(target, state, due);
        // A read that failed is tried once more after a short pause, when that fits before the next
        // reading: one lost answer on a busy LAN is no proof that the device cannot be read.
        if (first.errors === undefined || now() + retryPauseMs + timeoutMs >= nextAt) return first;
        await tickAt(now() + retryPauseMs, now, signal);
        return isCancelled() ? first : visit(target, state, due);
      });
      if (isCancelled()) return undefined;
      if (sample === undefined) {
        addSample(window, { at: now(), errors: ['not read in time (the readings before took too long)'] });
        continue;
      }
      applyModel(window, state.model, state.modelError);
      window.preset = state.preset ?? null;
      addSample(window, sample);
    }
    const verdict = verdictOf(window, criteria, {
      deviceId: target.deviceId,
      address: formatDeviceAddress(target.address),
      startedAt,
      endedAt: new Date(now()),
    });
    options.onVerdict?.(verdict);
    return verdict;
  }

  const settled = await Promise.all(targets.map(watch));
  signal?.removeEventListener('abort', abortVisits);
  const cancelled = isCancelled();
  return {
    verdicts: cancelled ? [] : settled.filter((v): v is AcceptanceVerdict => v !== undefined),
    cancelled,
    startedAt,
    endedAt: new Date(now()),
  };
}
