/**
 * 3. A Commission run's settings phase: pools and preset, one write per device — `setPools` for a device
 * whose pools (or workers) differ alone, `setPower` for one whose preset differs alone, and one POST of
 * both (settings-apply.ts) for one where both differ, over one group of devices the pipeline hands it.
 * Adds to `restartAsked` the devices that said a restart is required (and answers it).
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type { PoolSpec } from '../../../shared/domain/pools';
import { actionActivity } from '../commission/action-bulk';
import { poolActivity } from '../commission/pool-apply';
import type { PoolTarget } from '../commission/pool-plan';
import { runBulk } from '../credentials/bulk';
import type { PoolSlotBody } from '../device/client';
import type { CommissionRunDeps, CommissionRunInput } from './commission-run-types';
import type { RunState } from './commission-run-state';
import { applySettings } from './settings-apply';

type SettingsResult = (result: WriteResult & { restartRequired?: boolean }) => void;

export async function settingsPhase(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
  targets: readonly PoolTarget[],
  restartAsked: Set<string> = new Set<string>(),
): Promise<Set<string>> {
  const { standard, siteId } = input;
  if (targets.length === 0 || run.stopped()) return restartAsked;
  run.tellAll(targets, 'settings');
  const wordsOf = (t: PoolTarget) =>
    run.devices.get(t.deviceId)?.steps.find((s) => s.kind === 'settings')?.words ?? '';
  const both = targets.filter((t) => /pools|workers/.test(wordsOf(t)) && /preset/.test(wordsOf(t)));
  const poolsOnly = targets.filter((t) => /pools|workers/.test(wordsOf(t)) && !/preset/.test(wordsOf(t)));
  const presetOnly = targets.filter((t) => !/pools|workers/.test(wordsOf(t)));
  const settingsResult: SettingsResult = (result) => {
    if (result.outcome === 'done' && result.restartRequired === true) restartAsked.add(result.deviceId);
    run.fromResult('settings', result);
  };
  const pools = standard.pools;
  if (pools !== undefined && (poolsOnly.length > 0 || both.length > 0)) {
    const planned = await deps.commission.planPools([...poolsOnly, ...both], pools);
    const plan = planned.ok ? planned.value : [];
    if (poolsOnly.length > 0) {
      const onlyIds = new Set(poolsOnly.map((t) => t.deviceId));
      const set = await deps.commission.setPools(poolsOnly, pools, {
        plan: plan.filter((p) => onlyIds.has(p.deviceId)),
        siteId,
        ...run.bulk,
        onResult: settingsResult,
      });
      if (!set.ok)
        for (const t of poolsOnly) run.setStep(t.deviceId, 'settings', 'failed', set.error.message);
    }
    if (both.length > 0) await writeBoth(deps, input, run, { both, pools, plan, settingsResult });
  }
  if (presetOnly.length > 0 && standard.power !== undefined) {
    const planned = await deps.commission.planPower(presetOnly, standard.power, run.bulk);
    if (!planned.ok) {
      for (const t of presetOnly) run.setStep(t.deviceId, 'settings', 'failed', planned.error.message);
    } else {
      const set = await deps.commission.setPower(presetOnly, {
        plan: planned.value,
        siteId,
        ...run.bulk,
        onResult: settingsResult,
      });
      if (!set.ok)
        for (const t of presetOnly) run.setStep(t.deviceId, 'settings', 'failed', set.error.message);
    }
  }
  return restartAsked;
}

type PoolsPlan = Extract<
  Awaited<ReturnType<CommissionRunDeps['commission']['planPools']>>,
  { ok: true }
>['value'];

/** Pools and preset in one POST per device, then one activity entry for each part. */
async function writeBoth(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
  run: RunState,
  part: { both: PoolTarget[]; pools: PoolSpec[]; plan: PoolsPlan; settingsResult: SettingsResult },
): Promise<void> {
  const { siteId } = input;
  const { pools, settingsResult } = part;
  const slotsOf = new Map(part.plan.map((p) => [p.deviceId, p]));
  const at = deps.now().toISOString();
  const outcomes = await runBulk(
    part.both,
    async (target, bulkSignal) => {
      const entry = slotsOf.get(target.deviceId);
      const preset = input.presets.get(target.deviceId);
      const base = { deviceId: target.deviceId, address: entry?.address ?? '' };
      if (entry?.slots === undefined || !entry.send || preset === undefined) {
        return {
          ...base,
          outcome: 'failed' as const,
          message: entry?.detail ?? 'not planned: preview again',
        };
      }
      const body: PoolSlotBody[] = entry.slots.map((slot, i) => ({
        url: slot.url,
        user: slot.user,
        pass: slot.url === '' ? '' : (pools[i]?.password ?? ''),
      }));
      return applySettings(deps, target, { pools: body, preset }, bulkSignal);
    },
    {
      ...run.bulk,
      onOutcome: (o) => {
        if (o.ok) settingsResult(o.value);
        else run.setStep(o.item.deviceId, 'settings', 'failed', o.error.message);
      },
    },
  );
  const results = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  // The preset was read back as configured: the fleet row says so until the device runs it (without
  // this it showed the old preset for the watch's ten minutes after a Commission).
  for (const r of results) {
    const preset = input.presets.get(r.deviceId);
    if (r.outcome === 'done' && preset !== undefined) deps.commission.presetConfigured(r.deviceId, preset);
  }
  // One write, two parts: a pools entry and a power-profile entry, as the report and the activity
  // view read each part (both say it was one settings write of the site standard).
  const presetsSet = [...new Set(results.map((r) => input.presets.get(r.deviceId) ?? '?'))].join(', ');
  const pooled = poolActivity({ siteId, at, pools }, results);
  await deps.inventory?.recordActivity({
    ...pooled,
    what: `site standard, with power preset ${presetsSet} in one write: ${pooled.what}`.slice(0, 500),
  });
  await deps.inventory?.recordActivity(
    actionActivity(
      {
        siteId,
        at,
        action: 'power-profile',
        what: `preset ${presetsSet} (site standard: with the pools, one write)`.slice(0, 500),
      },
      results,
    ),
  );
}
