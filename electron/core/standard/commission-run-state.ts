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
import type { MessageRef } from '../../../shared/i18n/message';
import { message as said } from '../../../shared/i18n/message';
import type { PoolTarget } from '../commission/pool-plan';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { CommissionRunInput } from './commission-run-types';
import { stepCounts } from './commission-summary';

export function initialDevice(entry: CommissionPlanEntry): CommissionDevice {
  const base = { deviceId: entry.deviceId, address: entry.address };
  if (entry.skip !== undefined) return { ...base, outcome: 'skipped', steps: [], message: entry.detail };
  if (entry.steps.length === 0) {
    const text = said('outcomes.commission.noChange');
    return { ...base, outcome: 'unchanged', steps: [], message: 'no change', text };
  }
  return {
    ...base,
    outcome: 'pending',
    steps: entry.steps.map((s) => ({ ...s, outcome: 'pending', message: '' })),
    message: entry.detail,
  };
}

const stripAddress = (message: string): string => message.replace(/^\[?[\w.:-]+\]?:\d+:\s*/, '');

/** The step's words with their key and values when given; a step told without them keeps none. */
function withText(step: CommissionStepOutcome, text: MessageRef | undefined): CommissionStepOutcome {
  if (text !== undefined) return { ...step, text };
  const { text: _old, ...rest } = step;
  return rest;
}

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
    text?: MessageRef,
  ): void => {
    const device = devices.get(deviceId);
    if (device === undefined) return;
    const at = new Date(clock.now()).toISOString();
    const steps = device.steps.map((s) =>
      s.kind === kind ? withText({ ...timed(s, outcome, at), outcome, message }, text) : s,
    );
    const step = steps.find((s) => s.kind === kind);
    let next: CommissionDevice = { ...device, steps, outcome: 'running' };
    if (outcome === 'failed' || outcome === 'unknown') {
      next = {
        ...next,
        outcome,
        failedStep: kind,
        message: `${step?.words ?? kind}: ${stripAddress(message)}`,
        text: said('outcomes.commission.stepFailed', { step: kind, reason: text ?? stripAddress(message) }),
        // Later steps are not taken on a device that failed one.
        steps: steps.map((s) =>
          s.outcome === 'pending'
            ? { ...s, outcome: 'skipped', message: 'not taken', text: said('outcomes.commission.notTaken') }
            : s,
        ),
      };
    } else if (steps.every((s) => s.outcome === 'done' || s.outcome === 'skipped')) {
      next = {
        ...next,
        outcome: 'done',
        message: 'at the standard',
        text: said('outcomes.commission.atStandard'),
      };
    }
    devices.set(deviceId, next);
    input.onDevice?.(next, kind);
  };

  const stopped = (): boolean => signal?.aborted === true;
  const tellAll = (targets: readonly PoolTarget[], kind: CommissionStepKind) => {
    for (const t of targets) setStep(t.deviceId, kind, 'running', '');
  };
  const fromResult = (kind: CommissionStepKind, result: WriteResult) =>
    setStep(
      result.deviceId,
      kind,
      result.outcome === 'skipped' ? 'failed' : result.outcome,
      result.message,
      result.text,
    );

  /** Stopped: whatever did not start is skipped, said so. */
  const ended = (): CommissionDevice[] =>
    [...devices.values()].map((d) =>
      d.outcome === 'pending' || d.outcome === 'running'
        ? {
            ...d,
            outcome: d.steps.some((s) => s.outcome === 'done') ? 'unknown' : 'skipped',
            message: 'stopped before every step was taken: run Commission again to finish',
            text: said('outcomes.commission.stoppedEarly'),
          }
        : d,
    );

  /** Per step, how many devices wait for it, run it, are done with it or failed it — at any moment. */
  const counts = () => stepCounts([...devices.values()]);

  return { devices, targetOf, bulk, setStep, stopped, tellAll, fromResult, ended, counts };
}
