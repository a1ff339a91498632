/**
 * The site standard for the app's window (`standard:*` channels): the standard itself, each fleet
 * device's drift — kept per device so the Standard column does not read 200 devices at every look, read
 * again on `refresh` (desk-facts.ts) — the Commission preview (desk-plan.ts), and one Commission run at a
 * time in the background (desk-run.ts), its progress streamed as `standard:progress` / `standard:device`
 * events and the drift it changed as `standard:drift`. Cancel stops the run between steps.
 */
import type { CommissionPlan, CommissionRun, StandardView } from '../../../shared/domain/standard';
import type { StandardDriftOutput, StandardSetInput } from '../../../shared/ipc/channels/standard';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { createDeskFacts } from './desk-facts';
import type { StandardDeskOptions } from './desk-options';
import { deskContext } from './desk-options';
import { deskDrift, deskPlan } from './desk-plan';
import type { CommissionStart, RunHolder } from './desk-run';
import { copyRun, startCommission } from './desk-run';
import { CHOOSE_IMAGE_FIRST } from './standard-services';

export type { StandardDeskOptions } from './desk-options';
export { RUN_GOING_ON } from './desk-run';
export { acceptancePending, countsOf, runSummary } from './commission-summary';

export interface StandardDesk {
  get(site: string | undefined): Promise<Result<StandardView>>;
  set(input: StandardSetInput): Promise<Result<StandardView>>;
  drift(deviceIds: readonly string[] | undefined, refresh: boolean): Promise<Result<StandardDriftOutput>>;
  plan(deviceIds: readonly string[], currentPassword: string | undefined): Promise<Result<CommissionPlan>>;
  commission(input: CommissionStart): Promise<Result<CommissionRun>>;
  current(): CommissionRun | null;
  cancel(): boolean;
  /** Resolves when the run going on (if any) has ended. */
  settled(): Promise<void>;
  dispose(): Promise<void>;
}

export function createStandardDesk(options: StandardDeskOptions): StandardDesk {
  const { standard } = options;
  const { fleet } = options.services;
  const ctx = deskContext(options);
  const kept = createDeskFacts(ctx);
  const holder: RunHolder = {};

  return {
    get: (site) => standard.view(site),

    async set(input) {
      if (input.firmware !== undefined && input.firmware !== null && 'image' in input.firmware) {
        const path = options.chosenImagePath?.();
        if (path === undefined)
          return errWithText('INVALID_INPUT', CHOOSE_IMAGE_FIRST, message('errors.standard.chooseImage'));
        // A new image keeps the site's pacing (set at the office with `standard set --batch …`).
        const kept = await standard.standard(input.site);
        const pacing = input.firmware.pacing ?? (kept.ok ? kept.value.standard?.firmware?.pacing : undefined);
        const firmware = { version: input.firmware.version, imagePath: path };
        input = { ...input, firmware: pacing !== undefined ? { ...firmware, pacing } : firmware };
      }
      const set = await standard.set(input);
      if (!set.ok) return set;
      // The standard changed: every kept device's drift may have.
      const found = await standard.standard(set.value.siteId);
      if (found.ok && found.value.site.id === fleet.siteId()) {
        const drifts = await kept.siteDrift(found.value.site.id, found.value.standard);
        kept.emitDrift(found.value.site.id, drifts, drifts);
      }
      return set;
    },

    drift: (deviceIds, refresh) => deskDrift(ctx, kept, deviceIds, refresh),

    async plan(deviceIds, currentPassword) {
      const planned = await deskPlan(ctx, kept, deviceIds, currentPassword);
      return planned.ok ? ok(planned.value.plan) : planned;
    },

    commission: (input) => startCommission(ctx, kept, holder, input),

    current: () => (holder.run === undefined ? null : copyRun(holder.run.view)),

    cancel() {
      if (holder.run?.view.status !== 'running') return false;
      holder.run.controller.abort();
      return true;
    },

    settled: () => holder.run?.ending ?? Promise.resolve(),

    async dispose() {
      holder.run?.controller.abort();
      await holder.run?.ending;
    },
  };
}
