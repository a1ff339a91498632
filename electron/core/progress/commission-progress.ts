/**
 * A Commission run's progress and time left (time-left.ts) from the run's own view of its devices: the
 * steps each device takes (password → firmware → settings → restart → acceptance, only those it needs),
 * timed as the run reports them. Reads the devices' step outcomes only, so it holds whether the run goes
 * phase by phase or per device.
 *
 * Priors before a step of a kind finished: a password or settings write 30 s, firmware 6 min (upload,
 * install and the reboot of about 4 min, verify), a restart 1 min, acceptance the settle limit (the most
 * a device may settle) plus the window's minutes.
 */
import type { AcceptanceCriteria } from '../../../shared/domain/acceptance';
import { ACCEPTANCE_DEFAULTS } from '../../../shared/domain/acceptance-words';
import type { CommissionDevice, CommissionStepKind } from '../../../shared/domain/standard';
import { COMMISSION_STEP_KINDS } from '../../../shared/domain/standard';
import { createStepTimer } from './step-timer';
import type { DeviceProgress, StepState, TimeLeft } from './time-left';
import { estimateTimeLeft } from './time-left';

const MINUTE = 60_000;

export function commissionPriors(
  acceptance: AcceptanceCriteria | undefined,
): Record<CommissionStepKind, number> {
  const settle = acceptance?.settleMinutes ?? ACCEPTANCE_DEFAULTS.settleMinutes;
  return {
    password: 0.5 * MINUTE,
    firmware: 6 * MINUTE,
    settings: 0.5 * MINUTE,
    restart: MINUTE,
    acceptance: (settle + (acceptance?.minutes ?? ACCEPTANCE_DEFAULTS.minutes)) * MINUTE,
  };
}

const OPEN_OUTCOMES = new Set(['pending', 'running']);

function stepState(device: CommissionDevice, outcome: string): StepState {
  if (outcome === 'done') return 'done';
  // A device that ended (failed, stopped) takes none of its remaining steps.
  if (!OPEN_OUTCOMES.has(device.outcome)) return 'skipped';
  if (outcome === 'running') return 'running';
  return outcome === 'pending' ? 'waiting' : 'skipped';
}

export interface CommissionProgress {
  /**
   * One device changed: its steps are timed now. Cheap, so a run calls it on every change and makes the
   * estimate (which reads every device) only when it shows one: a 1,000-device Commission told about 10,000
   * changes, each estimate over every device (docs/benchmarks.md "field").
   */
  see(device: CommissionDevice): void;
  /** The run's devices now: their steps are timed, and the estimate made at the clock's now. */
  estimate(devices: readonly CommissionDevice[]): TimeLeft;
}

export function createCommissionProgress(options: {
  now: () => number;
  acceptance?: AcceptanceCriteria | undefined;
}): CommissionProgress {
  const timer = createStepTimer(options.now);
  const priors = commissionPriors(options.acceptance);
  const see = (device: CommissionDevice): void => {
    for (const s of device.steps) timer.see(device.deviceId, s.kind, stepState(device, s.outcome));
  };
  return {
    see,
    estimate(devices) {
      const progress: DeviceProgress[] = devices.map((device) => {
        see(device);
        return {
          steps: device.steps.map((s) => ({
            step: s.kind,
            state: stepState(device, s.outcome),
            startedAt: timer.startedAt(device.deviceId, s.kind),
          })),
        };
      });
      return estimateTimeLeft({
        devices: progress,
        order: COMMISSION_STEP_KINDS,
        observed: timer.observed(),
        priors,
        now: options.now(),
      });
    },
  };
}
