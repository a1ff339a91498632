/**
 * A firmware rollout's progress and time left (time-left.ts) from its plan and each device's latest
 * step as the rollout reports it (`FirmwareEvent`s of kind `device`): upload → install (taking the image,
 * rebooting) → verify. Only what the events say is read, so it holds for any pacing.
 *
 * - Uploads are limited to the rollout's uploads in flight (5): queued devices wait by the upload time
 *   this run measured (the link's throughput, as each upload shares it).
 * - A batch waits for its turn (the pacing the lead agreed, docs/commissioning.md): batch k+1 may start
 *   once batch k−1 is clean, so a device whose batch has U earlier batches not yet clean waits about
 *   (U − 1) install-and-verify cycles; behind a canary not yet clean, at least one (`trust: canary`: only that).
 * Priors before a step of a kind finished: upload the image at 5 MB/s (at least 30 s), install and reboot
 * 4 min, verify 1 min.
 */
import type { FirmwareDeviceStep, FirmwarePlan } from '../../../shared/domain/firmware';
import { createStepTimer } from './step-timer';
import type { DeviceProgress, DeviceStepState, StepState, TimeLeft } from './time-left';
import { estimateTimeLeft, median } from './time-left';

export const ROLLOUT_STEPS = ['upload', 'install', 'verify'] as const;
type RolloutStep = (typeof ROLLOUT_STEPS)[number];

const MINUTE = 60_000;
const PRIOR_UPLOAD_BYTES_PER_MS = 5_000; // 5 MB/s

export function rolloutPriors(imageBytes: number): Record<RolloutStep, number> {
  return {
    upload: Math.max(0.5 * MINUTE, imageBytes / PRIOR_UPLOAD_BYTES_PER_MS),
    install: 4 * MINUTE,
    verify: MINUTE,
  };
}

/** Where each of the three steps is for a device at this rollout step. */
const STATES: Record<FirmwareDeviceStep, readonly [StepState, StepState, StepState]> = {
  waiting: ['waiting', 'waiting', 'waiting'],
  uploading: ['running', 'waiting', 'waiting'],
  rebooting: ['done', 'running', 'waiting'],
  verifying: ['done', 'done', 'running'],
  'certificate-changed': ['done', 'done', 'running'],
  verified: ['done', 'done', 'done'],
  failed: ['skipped', 'skipped', 'skipped'],
  skipped: ['skipped', 'skipped', 'skipped'],
  'not-started': ['skipped', 'skipped', 'skipped'],
  unknown: ['skipped', 'skipped', 'skipped'],
};

export interface RolloutProgress {
  /** A device's step changed: its steps are timed now (cheap; the estimate reads every device). */
  see(deviceId: string, at: FirmwareDeviceStep): void;
  /** Each device's latest step (absent: not reached yet); the estimate at the clock's now. */
  estimate(latest: ReadonlyMap<string, FirmwareDeviceStep>): TimeLeft;
}

export function createRolloutProgress(options: {
  plan: FirmwarePlan;
  now: () => number;
  uploadsInFlight?: number;
}): RolloutProgress {
  const { plan } = options;
  const timer = createStepTimer(options.now);
  const priors = rolloutPriors(plan.image.bytes);
  const working = plan.devices.filter((d) => d.role !== 'skip');
  const expected = (step: RolloutStep): number => median(timer.observed().get(step) ?? []) ?? priors[step];

  const stepsOf = (deviceId: string, role: string, at: FirmwareDeviceStep): DeviceStepState[] => {
    const states = STATES[at];
    // A device an earlier run updated is only verified: it has no upload of this run.
    const kinds = role === 'verify' ? ROLLOUT_STEPS.slice(1) : ROLLOUT_STEPS;
    const offset = role === 'verify' ? 1 : 0;
    return kinds.map((step, i) => {
      const state = states[i + offset] ?? 'waiting';
      timer.see(deviceId, step, state);
      return { step, state, startedAt: timer.startedAt(deviceId, step) };
    });
  };

  const roleOf = new Map(working.map((d) => [d.deviceId, d.role]));
  return {
    see(deviceId, at) {
      const role = roleOf.get(deviceId);
      if (role !== undefined) stepsOf(deviceId, role, at);
    },
    estimate(latest) {
      const atOf = (id: string): FirmwareDeviceStep => latest.get(id) ?? 'waiting';
      // Batches (plan steps) not yet clean, in order: a device's batch waits for its turn behind them.
      const unclean = plan.steps.map((s) =>
        s.deviceIds.some((id) => {
          const at = atOf(id);
          return at !== 'verified' && STATES[at][2] !== 'skipped';
        }),
      );
      const cycle = expected('install') + expected('verify');
      const gateOf = (stepIndex: number | undefined): number => {
        if (stepIndex === undefined) return 0;
        const canaryAhead = plan.steps[0]?.kind === 'canary' && stepIndex > 0 && unclean[0] === true;
        // Trusting the canary, a batch waits for no batch's verdicts: only the canary's.
        if (plan.settings.trust === 'canary') return canaryAhead ? cycle : 0;
        const before = unclean.slice(0, stepIndex).filter(Boolean).length;
        return Math.max(before - 1, canaryAhead ? 1 : 0, 0) * cycle;
      };
      const devices: DeviceProgress[] = working.map((d) => ({
        steps: stepsOf(d.deviceId, d.role, atOf(d.deviceId)),
        startsAfterMs: gateOf(d.step),
      }));
      return estimateTimeLeft({
        devices,
        order: ROLLOUT_STEPS,
        observed: timer.observed(),
        priors,
        slots: { upload: options.uploadsInFlight ?? plan.settings.uploadsInFlight },
        now: options.now(),
      });
    },
  };
}
