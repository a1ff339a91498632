/**
 * Commission: brings devices to their site's standard, phase by phase over the selection, in the order of
 * the steps (commission-plan.ts): password → firmware → settings → restart → acceptance. Each phase is the
 * existing write service itself — its preview, one send, its read-back, its activity entry — so nothing of
 * a write is done twice here. A device whose step fails takes no later step (named with the step); the
 * others go on. Resumable by design: a run plans from what the devices show now, so running it again
 * does only what still differs, and a device at the standard gets no write at all.
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type {
  CommissionDevice,
  CommissionPlanEntry,
  CommissionStepKind,
  CommissionStepOutcome,
  SiteStandard,
} from '../../../shared/domain/standard';
import { actionActivity } from '../commission/action-bulk';
import type { ActionDeps } from '../commission/action-write';
import type { CommissionServices } from '../commission/commission-services';
import { poolActivity } from '../commission/pool-apply';
import type { PoolTarget } from '../commission/pool-plan';
import { runBulk } from '../credentials/bulk';
import type { InventoryServices } from '../inventory/inventory-services';
import type { PoolSlotBody } from '../device/client';
import { applySettings } from './settings-apply';

/** Runs acceptance over devices; answers per device id whether it passed and, if not, why. */
export type AcceptanceRunner = (
  targets: readonly PoolTarget[],
  criteria: NonNullable<SiteStandard['acceptance']>,
  signal: AbortSignal | undefined,
) => Promise<Map<string, { pass: boolean; pending?: boolean; message: string }>>;

/** Runs the standard's firmware over devices (staged); answers per device id its outcome. */
export type FirmwareRunner = (
  targets: readonly PoolTarget[],
  firmware: NonNullable<SiteStandard['firmware']>,
  signal: AbortSignal | undefined,
) => Promise<Map<string, WriteResult>>;

export interface CommissionRunDeps extends ActionDeps {
  commission: Pick<
    CommissionServices,
    | 'planPasswordChange'
    | 'changePasswords'
    | 'planPools'
    | 'setPools'
    | 'planPower'
    | 'setPower'
    | 'planDeviceAction'
    | 'restartMining'
  >;
  inventory?: Pick<InventoryServices, 'recordActivity'>;
  acceptance?: AcceptanceRunner;
  firmware?: FirmwareRunner;
  now: () => Date;
}

export interface CommissionRunInput {
  siteId: string;
  standard: SiteStandard;
  /** The plan's entries to carry out (a device with no step is `unchanged`, a skipped one `skipped`). */
  entries: readonly CommissionPlanEntry[];
  targets: readonly PoolTarget[];
  /** The preset each device gets under the standard's power rule (from the plan's facts). */
  presets: ReadonlyMap<string, string>;
  sitePassword: string | undefined;
  signal?: AbortSignal;
  concurrency?: number;
  /** A device changed (a step started or ended). */
  onDevice?: (device: CommissionDevice, phase: CommissionStepKind) => void;
}

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

export async function runCommission(
  deps: CommissionRunDeps,
  input: CommissionRunInput,
): Promise<CommissionDevice[]> {
  const { standard, siteId, signal } = input;
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
    const steps = device.steps.map((s) => (s.kind === kind ? { ...s, outcome, message } : s));
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

  /** The devices still going whose next pending step is `kind`. */
  const due = (kind: CommissionStepKind): PoolTarget[] =>
    [...devices.values()]
      .filter(
        (d) =>
          (d.outcome === 'pending' || d.outcome === 'running') &&
          d.steps.some((s) => s.kind === kind && s.outcome === 'pending'),
      )
      .flatMap((d) => {
        const target = targetOf.get(d.deviceId);
        return target === undefined ? [] : [target];
      });

  const stopped = (): boolean => signal?.aborted === true;
  const tellAll = (targets: readonly PoolTarget[], kind: CommissionStepKind) => {
    for (const t of targets) setStep(t.deviceId, kind, 'running', '');
  };
  const fromResult = (kind: CommissionStepKind, result: WriteResult) =>
    setStep(result.deviceId, kind, result.outcome === 'skipped' ? 'failed' : result.outcome, result.message);

  // 1. Password: the site password, keychain first (the password service stores it before sending).
  let targets = due('password');
  if (targets.length > 0 && !stopped()) {
    tellAll(targets, 'password');
    if (input.sitePassword === undefined) {
      for (const t of targets) {
        setStep(
          t.deviceId,
          'password',
          'failed',
          'no site password is stored in the keychain: set the standard again',
        );
      }
    } else {
      const plan = await deps.commission.planPasswordChange(targets);
      await deps.commission.changePasswords(targets, input.sitePassword, {
        plan,
        siteId,
        asSitePassword: siteId,
        ...bulk,
        onResult: (result) => fromResult('password', result),
      });
    }
  }

  // 2. Firmware: the staged rollout over every device that needs it.
  targets = due('firmware');
  if (targets.length > 0 && !stopped() && standard.firmware !== undefined) {
    tellAll(targets, 'firmware');
    if (deps.firmware === undefined) {
      for (const t of targets) {
        setStep(
          t.deviceId,
          'firmware',
          'failed',
          'firmware updates are not available here: use minerdeck firmware upgrade',
        );
      }
    } else {
      const outcomes = await deps.firmware(targets, standard.firmware, signal);
      for (const t of targets) {
        const result = outcomes.get(t.deviceId);
        if (result === undefined)
          setStep(t.deviceId, 'firmware', 'failed', 'not updated (the rollout stopped)');
        else fromResult('firmware', result);
      }
    }
  }

  // 3. Settings: pools and preset, one write per device.
  targets = due('settings');
  const restartAsked = new Set<string>();
  if (targets.length > 0 && !stopped()) {
    tellAll(targets, 'settings');
    const wordsOf = (t: PoolTarget) =>
      devices.get(t.deviceId)?.steps.find((s) => s.kind === 'settings')?.words ?? '';
    const both = targets.filter((t) => /pools|workers/.test(wordsOf(t)) && /preset/.test(wordsOf(t)));
    const poolsOnly = targets.filter((t) => /pools|workers/.test(wordsOf(t)) && !/preset/.test(wordsOf(t)));
    const presetOnly = targets.filter((t) => !/pools|workers/.test(wordsOf(t)));
    const settingsResult = (result: WriteResult & { restartRequired?: boolean }) => {
      if (result.outcome === 'done' && result.restartRequired === true) restartAsked.add(result.deviceId);
      fromResult('settings', result);
    };
    const pools = standard.pools;
    if (pools !== undefined && (poolsOnly.length > 0 || both.length > 0)) {
      const planned = await deps.commission.planPools([...poolsOnly, ...both], pools);
      const plan = planned.ok ? planned.value : [];
      const slotsOf = new Map(plan.map((p) => [p.deviceId, p]));
      if (poolsOnly.length > 0) {
        const onlyIds = new Set(poolsOnly.map((t) => t.deviceId));
        const set = await deps.commission.setPools(poolsOnly, pools, {
          plan: plan.filter((p) => onlyIds.has(p.deviceId)),
          siteId,
          ...bulk,
          onResult: settingsResult,
        });
        if (!set.ok) for (const t of poolsOnly) setStep(t.deviceId, 'settings', 'failed', set.error.message);
      }
      if (both.length > 0) {
        const at = deps.now().toISOString();
        const outcomes = await runBulk(
          both,
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
            ...bulk,
            onOutcome: (o) => {
              if (o.ok) settingsResult(o.value);
              else setStep(o.item.deviceId, 'settings', 'failed', o.error.message);
            },
          },
        );
        const results = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
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
    }
    if (presetOnly.length > 0 && standard.power !== undefined) {
      const planned = await deps.commission.planPower(presetOnly, standard.power, bulk);
      if (!planned.ok) {
        for (const t of presetOnly) setStep(t.deviceId, 'settings', 'failed', planned.error.message);
      } else {
        const set = await deps.commission.setPower(presetOnly, {
          plan: planned.value,
          siteId,
          ...bulk,
          onResult: settingsResult,
        });
        if (!set.ok) for (const t of presetOnly) setStep(t.deviceId, 'settings', 'failed', set.error.message);
      }
    }
  }

  // 4. Restart: one, only where a write asked for it.
  targets = due('restart');
  const restart = targets.filter((t) => restartAsked.has(t.deviceId));
  for (const t of targets)
    if (!restartAsked.has(t.deviceId)) setStep(t.deviceId, 'restart', 'skipped', 'not needed');
  if (restart.length > 0 && !stopped()) {
    tellAll(restart, 'restart');
    const plan = await deps.commission.planDeviceAction('restart-mining', restart);
    await deps.commission.restartMining(restart, {
      plan,
      siteId,
      ...bulk,
      onResult: (result) => fromResult('restart', result),
    });
  }

  // 5. Acceptance over the devices that took every step so far.
  targets = due('acceptance');
  if (targets.length > 0 && !stopped() && standard.acceptance !== undefined) {
    tellAll(targets, 'acceptance');
    if (deps.acceptance === undefined) {
      for (const t of targets)
        setStep(t.deviceId, 'acceptance', 'failed', 'acceptance is not available here: use minerdeck accept');
    } else {
      const verdicts = await deps.acceptance(targets, standard.acceptance, signal);
      for (const t of targets) {
        const verdict = verdicts.get(t.deviceId);
        setStep(
          t.deviceId,
          'acceptance',
          // Pending (still settling at the limit) is no failure: an answer not in yet.
          verdict?.pass === true ? 'done' : verdict?.pending === true ? 'unknown' : 'failed',
          verdict?.message ?? 'no verdict',
        );
      }
    }
  }

  // Stopped: whatever did not start is skipped, said so.
  return [...devices.values()].map((d) =>
    d.outcome === 'pending' || d.outcome === 'running'
      ? {
          ...d,
          outcome: d.steps.some((s) => s.outcome === 'done') ? 'unknown' : 'skipped',
          message: 'stopped before every step was taken: run Commission again to finish',
        }
      : d,
  );
}
