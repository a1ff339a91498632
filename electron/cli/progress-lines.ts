/**
 * A long run's progress lines on stderr (issue 33): "firmware 120/1000 (30 running) · settings 80/1000 ·
 * about 38 min left". Never on stdout (its lines are the devices' outcomes, `--json`'s among them), kept
 * when stderr is not a terminal (CI logs) but at most one line per 30 s of field time: the first at
 * once, then when a step changes or a tick comes, once 30 s passed since the last line. A line that says
 * nothing new is held back for up to 5 minutes. The run's estimate (core's time-left.ts) says the words.
 */
import type { Clock } from '../core/clock/clock';
import type { RunProgressView } from '../../shared/format/time-left-text';
import { progressLine } from '../../shared/format/time-left-text';

export const PROGRESS_LINE_EVERY_MS = 30_000;
/** A line that repeats the last one is printed at most this often (the run is alive). */
export const SAME_LINE_EVERY_MS = 5 * 60_000;

export interface ProgressLines {
  /** Whether a line could be printed now (the estimate behind one reads every device: made only then). */
  due(): boolean;
  /** The run changed (or a tick came): a line if one is due. */
  offer(progress: RunProgressView): void;
}

export function createProgressLines(options: {
  now: () => number;
  write: (line: string) => void;
  verbs?: Readonly<Record<string, string>>;
}): ProgressLines {
  let lastAt: number | undefined;
  let lastLine = '';
  return {
    due: () => lastAt === undefined || options.now() - lastAt >= PROGRESS_LINE_EVERY_MS,
    offer(progress) {
      const at = options.now();
      const line = progressLine(progress, options.verbs);
      if (lastAt !== undefined) {
        const since = at - lastAt;
        if (since < PROGRESS_LINE_EVERY_MS) return;
        if (line === lastLine && since < SAME_LINE_EVERY_MS) return;
      }
      lastAt = at;
      lastLine = line;
      options.write(line);
    },
  };
}

/**
 * Progress lines for a run in the CLI: `changed()` after each of the run's events, and a tick every 30 s
 * of field time (an acceptance window or a reboot changes no device for minutes). `stop()` at the end.
 */
export function startProgressLines(options: {
  clock: Clock;
  write: (line: string) => void;
  estimate: () => RunProgressView;
  verbs?: Readonly<Record<string, string>>;
}): { changed(): void; stop(): void } {
  const lines = createProgressLines({
    now: () => options.clock.now(),
    write: options.write,
    ...(options.verbs !== undefined ? { verbs: options.verbs } : {}),
  });
  const stopped = new AbortController();
  void (async () => {
    while (!stopped.signal.aborted) {
      await options.clock.sleep(PROGRESS_LINE_EVERY_MS, stopped.signal);
      if (!stopped.signal.aborted) lines.offer(options.estimate());
    }
  })();
  return {
    changed: () => {
      if (lines.due()) lines.offer(options.estimate());
    },
    stop: () => stopped.abort(),
  };
}
