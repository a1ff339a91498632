/**
 * Times a run's steps as it goes (for time-left.ts): told each device's step state as the run reports it,
 * it notes when a step started running and, when it ends done, how long it took. Only steps this process
 * saw start are timed (a run picked up half-way times what it sees from then on). `now` is a Clock's, so
 * the same timing holds on the scaled field clock.
 */
import type { StepState } from './time-left';

export interface StepTimer {
  /** A device's step is in this state now (repeats are fine). */
  see(deviceId: string, step: string, state: StepState): void;
  /** When the device's running step started, if this timer saw it start. */
  startedAt(deviceId: string, step: string): number | undefined;
  /** Field ms of the finished steps of each kind. */
  observed(): ReadonlyMap<string, readonly number[]>;
}

export function createStepTimer(now: () => number): StepTimer {
  const started = new Map<string, number>();
  const observed = new Map<string, number[]>();
  const key = (deviceId: string, step: string): string => `${deviceId}\u0000${step}`;
  return {
    see(deviceId, step, state) {
      const k = key(deviceId, step);
      if (state === 'running') {
        if (!started.has(k)) started.set(k, now());
        return;
      }
      const from = started.get(k);
      started.delete(k);
      if (state !== 'done' || from === undefined) return;
      const list = observed.get(step) ?? [];
      list.push(Math.max(0, now() - from));
      observed.set(step, list);
    },
    startedAt: (deviceId, step) => started.get(key(deviceId, step)),
    observed: () => observed,
  };
}
