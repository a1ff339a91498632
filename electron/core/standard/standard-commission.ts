/**
 * One Commission preview over devices: facts (device-facts.ts) → drift (drift.ts) → each device's steps
 * (commission-plan.ts), with the presets the power rule gives them for the run (commission-run.ts).
 * The shells (CLI `commission`, `standard:*` channels) call this, then `runCommission` with its entries.
 */
import type { CommissionPlan, DeviceDrift, SiteStandard } from '../../../shared/domain/standard';
import type { PoolTarget } from '../commission/pool-plan';
import { groupPlan, planEntry } from './commission-plan';
import type { FactsDeps, FactsInput } from './device-facts';
import type { DeviceFacts } from './drift';
import { gatherFacts } from './device-facts';
import { driftOf } from './drift';

export interface PlannedCommission {
  plan: CommissionPlan;
  /** What was read of each device (drift.ts compares these). */
  facts: DeviceFacts[];
  drifts: DeviceDrift[];
  /** The preset each device gets under the standard's power rule. */
  presets: Map<string, string>;
}

export async function planCommission(
  deps: FactsDeps,
  siteId: string,
  standard: SiteStandard,
  targets: readonly PoolTarget[],
  input: Omit<FactsInput, 'standard'>,
): Promise<PlannedCommission> {
  const facts = await gatherFacts(deps, targets, { ...input, standard });
  const drifts = facts.map((f) => driftOf(standard, f));
  const entries = facts.map((f, i) => planEntry(standard, drifts[i] ?? driftOf(standard, f), f));
  const presets = new Map(
    facts.flatMap((f) => (f.power !== undefined ? [[f.deviceId, f.power.wanted] as const] : [])),
  );
  return { plan: { siteId, entries, groups: groupPlan(entries) }, facts, drifts, presets };
}
