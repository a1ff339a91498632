/**
 * The site-setup channels: pool presets of the current site, "Set pools…" (a preview, then one
 * write per device the preview listed, read back), the locate LED, mining restart and reboot. Each write
 * is planned again when it is asked for — a device that went offline since the preview is skipped, one
 * the preview skipped stays skipped — its outcomes stream as `commission:*` events, and the request goes
 * into the current site's activity log. Reboots and restarts tell the fleet's monitor (commission
 * services), so those devices show `rebooting` / `restarting` instead of an offline alarm.
 */
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { PoolPlanEntry } from '../../../shared/domain/pools';
import type { Handlers } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { CommissionServices } from '../commission/commission-services';
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionTarget } from '../credentials/session-target';
import type { CoreServices } from '../services';
import { plainResult } from './commission-channels';
import { guarded } from './plain-message';
import {
  NOT_IN_FLEET,
  distinct,
  inAskedOrder,
  outcomeTeller,
  poolTargets,
  sessionTargets,
  unreachableReasons,
} from './site-setup-targets';

type SiteSetupHandlers = Pick<
  Handlers,
  | 'commission:pool-presets'
  | 'commission:pool-preset-save'
  | 'commission:pool-preset-delete'
  | 'commission:pools-plan'
  | 'commission:pools-set'
  | 'commission:action-plan'
  | 'commission:locate'
  | 'commission:restart-mining'
  | 'commission:reboot'
>;

export type SiteSetupChannelServices = Pick<
  CoreServices,
  'commission' | 'fleet' | 'inventory' | 'settings' | 'events'
>;

/** A fresh plan in the order asked for; ids that left the fleet are skipped. */
function inOrder<E extends WritePlanEntry>(
  deviceIds: readonly string[],
  entries: readonly E[],
): (E | WritePlanEntry)[] {
  const byId = new Map(entries.map((e) => [e.deviceId, e]));
  return deviceIds.map(
    (deviceId) => byId.get(deviceId) ?? { address: '', deviceId, send: false, detail: NOT_IN_FLEET },
  );
}

/** Only what the preview listed: a device it skipped is not written to now, even if it could be. */
function onlyConfirmed<E extends WritePlanEntry>(plan: readonly E[], confirmed: readonly string[]): E[] {
  const approved = new Set(confirmed);
  return plan.map((e) =>
    e.send && !approved.has(e.deviceId) ? { ...e, send: false, detail: 'the preview did not list it' } : e,
  );
}

export function siteSetupHandlers(s: SiteSetupChannelServices): SiteSetupHandlers {
  const { commission, inventory } = s;
  const siteId = (): string | undefined => s.fleet.siteId();
  const bulkOptions = () => {
    const concurrency = s.settings.current().credentials.concurrency;
    const site = siteId();
    return {
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(site !== undefined ? { siteId: site } : {}),
    };
  };

  async function planPools(
    deviceIds: readonly string[],
    pools: Parameters<CommissionServices['planPools']>[1],
  ): Promise<Result<{ targets: PoolTarget[]; plan: (PoolPlanEntry | WritePlanEntry)[] }>> {
    const targets = await poolTargets(s.fleet, s.inventory, deviceIds);
    const planned = await commission.planPools(targets, pools, {
      offlineReason: await unreachableReasons(s.fleet),
    });
    return planned.ok ? ok({ targets, plan: inOrder(deviceIds, planned.value) }) : planned;
  }

  async function planAction(
    action: 'locate' | 'restart-mining' | 'reboot',
    deviceIds: readonly string[],
    options: { on?: boolean; minutes?: number } = {},
  ): Promise<{ targets: SessionTarget[]; plan: WritePlanEntry[] }> {
    const targets = sessionTargets(s.fleet, deviceIds);
    const plan = await commission.planDeviceAction(action, targets, {
      offlineReason: await unreachableReasons(s.fleet),
      ...options,
    });
    return { targets, plan: inOrder(deviceIds, plan) };
  }

  async function power(
    action: 'restart-mining' | 'reboot',
    input: { deviceIds: string[]; confirmed: string[] },
  ) {
    const deviceIds = distinct(input.deviceIds);
    return guarded(async () => {
      const tell = outcomeTeller(s.events, action, deviceIds.length);
      const { targets, plan } = await planAction(action, deviceIds);
      const outcome = await commission[action === 'reboot' ? 'reboot' : 'restartMining'](targets, {
        plan: onlyConfirmed(plan, input.confirmed),
        ...bulkOptions(),
        onResult: (result) => tell(plainResult(result)),
      });
      const results = inAskedOrder(deviceIds, outcome.results.map(writeResultOf), tell);
      return ok({
        results,
        summary: summarizeActivity(outcome.activity ?? { action, devices: results }),
        ...(outcome.until !== undefined ? { until: outcome.until } : {}),
        ...(outcome.activityError !== undefined ? { activityError: outcome.activityError } : {}),
      });
    });
  }

  return {
    'commission:pool-presets': async () => inventory.poolPresets(siteId()),
    'commission:pool-preset-save': async (input) => inventory.savePoolPreset(siteId(), input),
    'commission:pool-preset-delete': async (input) => inventory.deletePoolPreset(siteId(), input.name),

    'commission:pools-plan': async ({ deviceIds, pools }) =>
      guarded(async () => {
        const planned = await planPools(distinct(deviceIds), pools);
        return planned.ok ? ok(planned.value.plan) : planned;
      }),

    'commission:pools-set': async (input) => {
      const deviceIds = distinct(input.deviceIds);
      return guarded(async () => {
        const planned = await planPools(deviceIds, input.pools);
        if (!planned.ok) return planned;
        const tell = outcomeTeller(s.events, 'pools', deviceIds.length);
        const { targets, plan } = planned.value;
        const set = await commission.setPools(targets, input.pools, {
          plan: onlyConfirmed(plan, input.confirmed),
          ...bulkOptions(),
          onResult: (result) => tell(plainResult(result)),
        });
        if (!set.ok) return set;
        const results = inAskedOrder(deviceIds, set.value.results.map(plainResult), tell);
        // The next polls show `restart_required` and the pools in use without waiting for the interval.
        s.fleet.pollSoon(targets.map((t) => t.deviceId));
        return ok({
          results,
          summary: summarizeActivity(set.value.activity ?? { action: 'pools', devices: results }),
          ...(set.value.activityError !== undefined ? { activityError: set.value.activityError } : {}),
        });
      });
    },

    'commission:action-plan': async ({ action, deviceIds }) =>
      guarded(async () => ok((await planAction(action, distinct(deviceIds))).plan)),

    'commission:locate': async (input) => {
      const deviceIds = distinct(input.deviceIds);
      return guarded(async () => {
        const tell = outcomeTeller(s.events, 'locate', deviceIds.length);
        const minutes = input.minutes !== undefined ? { minutes: input.minutes } : {};
        const { targets, plan } = await planAction('locate', deviceIds, {
          on: input.on,
          ...minutes,
        });
        // Harmless and idempotent: no confirmation, every device the plan can reach gets it.
        const outcome = await commission.locate(targets, {
          plan,
          on: input.on,
          ...minutes,
          ...bulkOptions(),
          onResult: (result) => tell(plainResult(result)),
        });
        const results = inAskedOrder(deviceIds, outcome.results.map(ledResultOf), tell);
        s.fleet.pollSoon(targets.map((t) => t.deviceId));
        return ok({
          results,
          summary: summarizeActivity(
            outcome.activity ?? {
              action: 'locate',
              devices: results,
              ...(outcome.offAt !== undefined ? { until: outcome.offAt } : {}),
            },
          ),
          ...(outcome.offAt !== undefined ? { offAt: outcome.offAt } : {}),
          ...(outcome.activityError !== undefined ? { activityError: outcome.activityError } : {}),
        });
      });
    },

    'commission:restart-mining': (input) => power('restart-mining', input),
    'commission:reboot': (input) => power('reboot', input),
  };
}

/** The fields a window shows, said plainly (no internal timings). */
function writeResultOf(result: WriteResult): WriteResult {
  const { address, deviceId, outcome, message, error } = plainResult(result);
  return { address, deviceId, outcome, message, ...(error !== undefined ? { error } : {}) };
}

function ledResultOf(result: WriteResult & { ledOn?: boolean }): WriteResult & { ledOn?: boolean } {
  return {
    ...writeResultOf(result),
    ...(result.ledOn !== undefined ? { ledOn: result.ledOn } : {}),
  };
}
