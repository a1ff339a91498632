/**
 * The devices of a Commission run as it goes: each device's steps and outcome (with each step's start and
 * end times), and the rule that a device whose step failed takes no later step. Shared by the run's
 * pipeline (commission-pipeline.ts) and its steps (commission-steps.ts, commission-settings.ts).
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type {
  CommissionDevice,
  CommissionPlanEntry,
  CommissionStepKind,
  CommissionStepOutcome,
} from '../../../shared/domain/standard';
import type { PoolTarget } from '../commission/pool-plan';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { CommissionRunInput } from './commission-run-types';
import { stepCounts } from './commission-summary';

export function initialDevice(entry: CommissionPlanEntry): CommissionDevice {
  const base = { deviceId: entry.deviceId, address: entry.address };
  if (entry.skip !== undefined) return { ...base, outcome: 'skipped', steps: [], message: entry.detail };
  if (entry.steps.length === 0) return { ...base, outcome: 'unchanged', steps: [], message: 'no change' };
  return {
    ...base,
    outcome: 'pending',
    steps: entry.steps.map((s) => ({ ...s, outcome: 'pending', message: '' })),
    message: entry.detail,
  };
}

const stripAddress = (message: string): string => message.replace(/^\[?[\w.:-]+\]?:\d+:\s*/, '');

export type RunState = ReturnType<typeof createRunState>;

/** A step's times: started when it first runs, ended when its outcome comes (a step not taken has none). */
function timed(
  step: CommissionStepOutcome,
  outcome: CommissionStepOutcome['outcome'],
  at: string,
): CommissionStepOutcome {
  if (outcome === 'pending') return step;
  if (outcome === 'running') return step.startedAt !== undefined ? step : { ...step, startedAt: at };
  return { ...step, startedAt: step.startedAt ?? at, endedAt: at };
}

export function createRunState(input: CommissionRunInput, clock: Pick<Clock, 'now'> = REAL_CLOCK) {
  const { signal } = input;
  const devices = new Map(input.entries.map((e) => [e.deviceId, initialDevice(e)]));
  const targetOf = new Map(input.targets.map((t) => [t.deviceId, t]));
  const bulk = {
    ...(signal !== undefined ? { signal } : {}),
    ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
  };

  const setStep = (
    deviceId: string,
    kind: CommissionStepKind,
    outcome: CommissionStepOutcome['outcome'],
    message: string,
  ): void => {
    const device = devices.get(deviceId);
    if (device === undefined) return;
    const at = new Date(clock.now()).toISOString();
    const steps = device.steps.map((s) =>
      s.kind === kind ? { ...timed(s, outcome, at), outcome, message } : s,
    );
    const step = steps.find((s) => s.kind === kind);
    let next: CommissionDevice = { ...device, steps, outcome: 'running' };
    if (outcome === 'failed' || outcome === 'unknown') {
      next = {
        ...next,
        outcome,
        failedStep: kind,
        message: `${step?.words ?? kind}: ${stripAddress(message)}`,
        // Later steps are not taken on a device that failed one.
        steps: steps.map((s) =>
          s.outcome === 'pending' ? { ...s, outcome: 'skipped', message: 'not taken' } : s,
        ),
      };
    } else if (steps.every((s) => s.outcome === 'done' || s.outcome === 'skipped')) {
      next = { ...next, outcome: 'done', message: 'at the standard' };
    }
    devices.set(deviceId, next);
    input.onDevice?.(next, kind);
  };

  const stopped = (): boolean => signal?.aborted === true;
  const tellAll = (targets: readonly PoolTarget[], kind: CommissionStepKind) => {
    for (const t of targets) setStep(t.deviceId, kind, 'running', '');
  };
  const fromResult = (kind: CommissionStepKind, result: WriteResult) =>
    setStep(result.deviceId, kind, result.outcome === 'skipped' ? 'failed' : result.outcome, result.message);

  /** Stopped: whatever did not start is skipped, said so. */
  const ended = (): CommissionDevice[] =>
    [...devices.values()].map((d) =>
      d.outcome === 'pending' || d.outcome === 'running'
        ? {
            ...d,
            outcome: d.steps.some((s) => s.outcome === 'done') ? 'unknown' : 'skipped',
            message: 'stopped before every step was taken: run Commission again to finish',
          }
        : d,
    );

  /** Per step, how many devices wait for it, run it, are done with it or failed it — at any moment. */
  const counts = () => stepCounts([...devices.values()]);

  return { devices, targetOf, bulk, setStep, stopped, tellAll, fromResult, ended, counts };
}
