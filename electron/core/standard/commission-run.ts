/**
 * Commission: brings devices to their site's standard, phase by phase over the selection, in the order of
 * the steps (commission-plan.ts): password → firmware → settings → restart → acceptance. Each phase is the
 * existing write service itself — its preview, one send, its read-back, its activity entry — so nothing of
 * a write is done twice here. A device whose step fails takes no later step (named with the step); the
 * others go on. Resumable by design: a run plans from what the devices show now, so running it again
 * does only what still differs, and a device at the standard gets no write at all.
 *
 * The phases live in commission-steps.ts and commission-settings.ts, the devices as the run goes in
 * commission-run-state.ts.
 */
import type { CommissionDevice } from '../../../shared/domain/standard';
import type { CommissionRunDeps, CommissionRunInput } from './commission-run-types';
import { createRunState } from './commission-run-state';
import { settingsPhase } from './commission-settings';
import { acceptancePhase, firmwarePhase, passwordPhase, restartPhase } from './commission-steps';

export type {
  AcceptanceRunner,
  CommissionRunDeps,
  CommissionRunInput,
  FirmwareRunner,
} from './commission-run-types';
export { initialDevice } from './commission-run-state';

export async function runCommission(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
): Promise<CommissionDevice[]> {
  const run = createRunState(input);
  await passwordPhase(deps, input, run);
  await firmwarePhase(deps, input, run);
  const restartAsked = await settingsPhase(deps, input, run);
  await restartPhase(deps, input, run, restartAsked);
  await acceptancePhase(deps, input, run);
  return run.ended();
}
