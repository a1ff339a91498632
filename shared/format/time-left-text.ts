/**
 * A long run's time left in words (issue 33, "A long run tells its time"): "about 38 min left",
 * "about 1 h 10 min left", "less than a minute left", and "estimating…" while there is no estimate yet.
 * Zod-free: the core computes these words, the CLI prints them, the window shows them as they came.
 */

/** Said while the run has not yet timed a step of its own (no estimate is better than a wild one). */
export const ESTIMATING_WORDS = 'estimating…';

/** Minutes are rounded up: "about 1 min" never hides 1 min 50 s. */
export function timeLeftWords(leftMs: number | undefined): string {
  if (leftMs === undefined || !Number.isFinite(leftMs) || leftMs < 0) return ESTIMATING_WORDS;
  if (leftMs < 60_000) return 'less than a minute left';
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''} left`;
}

/** One step's count in a progress line: "firmware 120/1000", "acceptance 40 watching". */
export interface StepCount {
  step: string;
  done: number;
  running: number;
  waiting: number;
}

/** What a long run reports about itself (core's estimate, carried in the run's view and events). */
export interface RunProgressView {
  /** Devices with nothing left to do (whatever their outcome) of those the run works on. */
  done: number;
  total: number;
  perStep: StepCount[];
  /** Field milliseconds left; absent while estimating. */
  leftMs?: number;
  /** `timeLeftWords(leftMs)`. */
  words: string;
}

/**
 * "firmware 120/1000 · settings 80 · acceptance 40 watching · about 38 min left": per step the devices
 * that finished it of those that take it, and how many are at it now when the step is long (`verb`).
 */
export function progressLine(
  progress: RunProgressView,
  verbs: Readonly<Record<string, string>> = {},
): string {
  const parts = progress.perStep
    .filter((s) => s.done + s.running + s.waiting > 0)
    .map((s) => {
      const of = `${s.step} ${s.done}/${s.done + s.running + s.waiting}`;
      return s.running > 0 ? `${of} (${s.running} ${verbs[s.step] ?? 'running'})` : of;
    });
  return [...parts, progress.words].join(' · ');
}
