/**
 * The steps of a Commission run besides the settings write (commission-settings.ts): password,
 * firmware, restart, acceptance — each over one group of devices the pipeline (commission-pipeline.ts)
 * hands it, through the existing write service (its preview, one send, its read-back, its activity entry).
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type { CommissionStepKind } from '../../../shared/domain/standard';
import { message } from '../../../shared/i18n/message';
import type { PoolTarget } from '../commission/pool-plan';
import type { CommissionRunDeps, CommissionRunInput } from './commission-run-types';
import type { RunState } from './commission-run-state';
import { RESTART_STORED } from './commission-plan';

/** 1. Password: the site password, keychain first (the password service stores it before sending). */
export async function passwordPhase(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
  targets: readonly PoolTarget[],
): Promise<void> {
  if (targets.length === 0 || run.stopped()) return;
  run.tellAll(targets, 'password');
  if (input.sitePassword === undefined) {
    for (const t of targets) {
      run.setStep(
        t.deviceId,
        'password',
        'failed',
        'no site password is stored in the keychain: set the standard again',
      );
    }
    return;
  }
  const plan = await deps.commission.planPasswordChange(targets);
  await deps.commission.changePasswords(targets, input.sitePassword, {
    plan,
    siteId: input.siteId,
    asSitePassword: input.siteId,
    ...run.bulk,
    onResult: (result) => run.fromResult('password', result),
  });
}

/**
 * 2. Firmware: the staged rollout, once, over every device that needs it; each device goes on
 * (`release`) the moment the rollout concludes it, while the rollout still updates others.
 */
export async function firmwarePhase(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
  targets: readonly PoolTarget[],
  release: (deviceId: string) => void = () => undefined,
): Promise<void> {
  const firmware = input.standard.firmware;
  if (targets.length === 0 || run.stopped() || firmware === undefined) return;
  run.tellAll(targets, 'firmware');
  if (deps.firmware === undefined) {
    for (const t of targets) {
      run.setStep(
        t.deviceId,
        'firmware',
        'failed',
        'firmware updates are not available here: use minerdeck firmware upgrade',
      );
    }
    return;
  }
  // Each device once: its own verdict as the rollout gives it, else its outcome at the rollout's end.
  const waiting = new Set(targets.map((t) => t.deviceId));
  const conclude = (result: WriteResult): void => {
    if (!waiting.delete(result.deviceId)) return;
    run.fromResult('firmware', result);
    release(result.deviceId);
  };
  const outcomes = await deps.firmware(targets, firmware, input.signal, conclude);
  for (const t of targets) {
    const result = outcomes.get(t.deviceId);
    conclude(
      result ?? {
        deviceId: t.deviceId,
        address: '',
        outcome: 'failed',
        message: 'not updated (the rollout stopped)',
        text: message('outcomes.commission.rolloutStopped'),
      },
    );
  }
}

/** A device's step outcome in the run now. */
export const stepOutcome = (run: RunState, deviceId: string, kind: CommissionStepKind): string | undefined =>
  run.devices.get(deviceId)?.steps.find((s) => s.kind === kind)?.outcome;

/**
 * The rollout's canary (run alone first, commission-pipeline.ts `lead`) failed: no other device is
 * updated — what one rollout says of the devices after a failed canary.
 */
export function notAfterFailedCanary(run: RunState, targets: readonly PoolTarget[]): void {
  for (const t of targets) {
    run.setStep(
      t.deviceId,
      'firmware',
      'failed',
      'not updated: the rollout stopped before its turn',
      message('outcomes.commission.firmwareNotStarted'),
    );
  }
}

/** 4. Restart: one, only where a write asked for it or the device stored settings not in force before the run. */
export async function restartPhase(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
  targets: readonly PoolTarget[],
  restartAsked: ReadonlySet<string>,
): Promise<void> {
  // A device that stored settings not in force before this run is restarted whatever its write answered.
  const stored = (deviceId: string): boolean =>
    run.devices.get(deviceId)?.steps.some((s) => s.kind === 'restart' && s.words === RESTART_STORED) === true;
  const asked = (deviceId: string): boolean => restartAsked.has(deviceId) || stored(deviceId);
  const restart = targets.filter((t) => asked(t.deviceId));
  for (const t of targets)
    if (!asked(t.deviceId)) run.setStep(t.deviceId, 'restart', 'skipped', 'not needed');
  if (restart.length === 0 || run.stopped()) return;
  run.tellAll(restart, 'restart');
  const plan = await deps.commission.planDeviceAction('restart-mining', restart);
  await deps.commission.restartMining(restart, {
    plan,
    siteId: input.siteId,
    ...run.bulk,
    onResult: (result) => run.fromResult('restart', result),
  });
}

/** 5. Acceptance over a group of devices that took every step so far (groups' windows overlap). */
export async function acceptancePhase(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
  targets: readonly PoolTarget[],
): Promise<void> {
  const criteria = input.standard.acceptance;
  if (targets.length === 0 || run.stopped() || criteria === undefined) return;
  run.tellAll(targets, 'acceptance');
  if (deps.acceptance === undefined) {
    for (const t of targets)
      run.setStep(
        t.deviceId,
        'acceptance',
        'failed',
        'acceptance is not available here: use minerdeck accept',
      );
    return;
  }
  const verdicts = await deps.acceptance(targets, criteria, input.signal);
  for (const t of targets) {
    const verdict = verdicts.get(t.deviceId);
    run.setStep(
      t.deviceId,
      'acceptance',
      // Pending (still settling at the limit) is no failure: an answer not in yet.
      verdict?.pass === true ? 'done' : verdict?.pending === true ? 'unknown' : 'failed',
      verdict?.message ?? 'no verdict',
      verdict !== undefined ? verdict.text : message('outcomes.commission.noVerdict'),
    );
  }
}
