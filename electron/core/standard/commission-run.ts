/**
 * Commission: brings devices to their site's standard, each device through the steps it needs in the
 * plan's order (commission-plan.ts): password → firmware → settings → restart → acceptance. A pipeline
 * per device (commission-pipeline.ts): a device takes its next step as soon as its previous one is
 * verified, in groups as devices become ready, never the whole selection waiting at each step — so one
 * device is in its acceptance window while another still updates its firmware, and the run ends with the
 * last verdict. Each step is the existing write service itself — its preview, one send, its read-back,
 * its activity entry — so nothing of a write is done twice here. A device whose step fails takes no later
 * step (named with the step); the others go on. Resumable by design: a run plans from what the devices
 * show now, so running it again does only what still differs, and a device at the standard gets no write.
 *
 * The steps live in commission-steps.ts and commission-settings.ts, the devices as the run goes in
 * commission-run-state.ts.
 */
import type { CommissionDevice } from '../../../shared/domain/standard';
import type { CommissionRunDeps, CommissionRunInput } from './commission-run-types';
import type { PipelineStage } from './commission-pipeline';
import { runPipeline } from './commission-pipeline';
import type { RunState } from './commission-run-state';
import { createRunState } from './commission-run-state';
import { settingsPhase } from './commission-settings';
import {
  acceptancePhase,
  firmwarePhase,
  notAfterFailedCanary,
  passwordPhase,
  restartPhase,
  stepOutcome,
} from './commission-steps';

export type {
  AcceptanceRunner,
  CommissionRunDeps,
  CommissionRunInput,
  FirmwareRunner,
} from './commission-run-types';
export { initialDevice } from './commission-run-state';

/** Settings and restart groups under way at once, at most (each a bulk of its own concurrency). */
export const WRITE_GROUPS_AT_ONCE = 3;
/** Devices waiting that make another settings or restart group start beside one under way. */
export const WRITE_GROUP_AT_LEAST = 16;

/** The stages in the plan's order, each one step's work over a group of devices. */
export function commissionStages(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
): PipelineStage[] {
  // Which devices a settings write asked to restart: their restart group reads it.
  const restartAsked = new Set<string>();
  // Beside a group under way, another once a bulk's worth waits: a few bulks at once, a few activity
  // entries per minute, never a device waiting minutes for the slowest of the group before it.
  const groups = { max: WRITE_GROUPS_AT_ONCE, atLeast: WRITE_GROUP_AT_LEAST };
  // The rollout's canary runs alone first (its password first, its firmware while the others' passwords
  // go on); the others' rollout then starts from its verdict: none of them is updated after a failed one.
  let canaryFailed = false;
  return [
    { kind: 'password', work: (group) => passwordPhase(deps, input, run, group) },
    {
      kind: 'firmware',
      once: true,
      lead: true,
      work: async (group, release, lead) => {
        if (canaryFailed) {
          notAfterFailedCanary(run, group);
          return;
        }
        await firmwarePhase(deps, input, run, group, release);
        if (lead) canaryFailed = group.some((t) => stepOutcome(run, t.deviceId, 'firmware') === 'failed');
      },
    },
    {
      kind: 'settings',
      groups,
      work: async (group) => {
        await settingsPhase(deps, input, run, group, restartAsked);
      },
    },
    { kind: 'restart', groups, work: (group) => restartPhase(deps, input, run, group, restartAsked) },
    {
      kind: 'acceptance',
      overlap: true,
      work: (group) => acceptancePhase(deps, input, run, group),
    },
  ];
}

export async function runCommission(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
): Promise<CommissionDevice[]> {
  const run = createRunState(input, deps.clock);
  await runPipeline(run, commissionStages(deps, input, run));
  return run.ended();
}
