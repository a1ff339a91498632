/**
 * Keeps the laptop awake while a long run goes on (issue 33): a Commission or a firmware rollout of a
 * hall lasts an hour, and a laptop that sleeps half-way stops the run's polls and windows. One blocker
 * for however many runs (ref-counted: two runs, one blocker), released when the last run ends.
 *
 * Core knows nothing of Electron: main gives it Electron's `powerSaveBlocker` behind `KeepAwake`
 * (`start('prevent-app-suspension')` / `stop(id)`), and this module follows the runs through the app's
 * events: `standard:progress` (running → done/cancelled) and `firmware:progress` → `firmware:done`.
 */
import type { AppEvent } from '../../../shared/ipc/events';
import type { EventHub } from '../events/event-hub';

/** What the platform offers: start a blocker (its id), stop it. */
export interface KeepAwake {
  start(): number;
  stop(id: number): void;
}

export interface AwakeHolds {
  /** A run began: the laptop stays awake until every run that began has ended. */
  hold(runId: string): void;
  release(runId: string): void;
  /** Whether a blocker is on now. */
  active(): boolean;
  /** Releases every hold (the app quits). */
  releaseAll(): void;
}

export function createAwakeHolds(platform: KeepAwake): AwakeHolds {
  const runs = new Set<string>();
  let blocker: number | undefined;
  const settle = (): void => {
    if (runs.size > 0 && blocker === undefined) blocker = platform.start();
    else if (runs.size === 0 && blocker !== undefined) {
      platform.stop(blocker);
      blocker = undefined;
    }
  };
  return {
    hold(runId) {
      runs.add(runId);
      settle();
    },
    release(runId) {
      runs.delete(runId);
      settle();
    },
    active: () => blocker !== undefined,
    releaseAll() {
      runs.clear();
      settle();
    },
  };
}

/** Holds for one event: which run began or ended, if any. */
export function followRun(holds: AwakeHolds, event: AppEvent): void {
  if (event.type === 'standard:progress') {
    const key = `commission:${event.payload.runId}`;
    if (event.payload.status === 'running') holds.hold(key);
    else holds.release(key);
  } else if (event.type === 'firmware:progress') holds.hold(`firmware:${event.payload.runId}`);
  else if (event.type === 'firmware:done') holds.release(`firmware:${event.payload.runId}`);
}

/** Follows the app's runs on its event hub; answers the function that stops following and releases. */
export function keepAwakeDuringRuns(events: Pick<EventHub, 'subscribe'>, platform: KeepAwake): () => void {
  const holds = createAwakeHolds(platform);
  const unsubscribe = events.subscribe((batch) => {
    for (const event of batch) followRun(holds, event);
  });
  return () => {
    unsubscribe();
    holds.releaseAll();
  };
}
