/**
 * The power-profile channels (shared/ipc/channels/power.ts): the plan of a choice over fleet devices, the
 * writes — planned again, each device written only when the new plan gives it the preset the user saw —
 * with outcomes streaming as `commission:*` events and one entry in the current site's activity log, and
 * the presets the devices offer for the chooser, and the preset each fleet device runs, read only when due.
 */
import type { WriteResult } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { PowerPlanEntry } from '../../../shared/domain/power-plan';
import type { Handlers } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { CoreServices } from '../services';
import { plainResult } from './commission-channels';
import { guarded } from './plain-message';
import {
  NOT_IN_FLEET,
  distinct,
  inAskedOrder,
  outcomeTeller,
  sessionTargets,
  unreachableReasons,
} from './site-setup-targets';

type PowerHandlers = Pick<Handlers, 'power:plan' | 'power:set' | 'power:offers' | 'power:presets'>;

export type PowerChannelServices = Pick<CoreServices, 'commission' | 'fleet' | 'settings' | 'events'>;

/** Keeps only the devices the user saw with the same preset; any other planned write is skipped, said why. */
function asConfirmed(
  entries: readonly PowerPlanEntry[],
  confirmed: readonly { deviceId: string; preset: string }[],
): PowerPlanEntry[] {
  const seen = new Map(confirmed.map((c) => [c.deviceId, c.preset]));
  return entries.map((e) => {
    if (!e.send || e.preset === undefined) return e;
    const shown = seen.get(e.deviceId);
    if (shown === e.preset.name) return e;
    const detail =
      shown === undefined
        ? 'the plan you saw did not list it'
        : `the plan changed since you saw it (preset ${e.preset.name} now, ${shown} then): plan again`;
    return { ...e, send: false, detail };
  });
}

/** The settings' concurrency and the current site (its activity log), as every write request takes them. */
function bulkOptionsOf(s: PowerChannelServices): { concurrency?: number; siteId?: string } {
  const concurrency = s.settings.current().credentials.concurrency;
  const siteId = s.fleet.siteId();
  return {
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(siteId !== undefined ? { siteId } : {}),
  };
}

/** The presets the devices offer, for the chooser: the fleet's devices, read as a plan reads them. */
const presetOffers =
  (s: PowerChannelServices): PowerHandlers['power:offers'] =>
  ({ deviceIds, refresh }) =>
    guarded(async () => {
      const asked = distinct(deviceIds);
      const targets = sessionTargets(s.fleet, asked);
      const { concurrency } = bulkOptionsOf(s);
      return ok(
        await s.commission.presetOffers(targets, {
          offlineReason: await unreachableReasons(s.fleet),
          notInFleet: asked.length - targets.length,
          ...(concurrency !== undefined ? { concurrency } : {}),
          ...(refresh === true ? { refresh } : {}),
        }),
      );
    });

export function powerHandlers(s: PowerChannelServices): PowerHandlers {
  const bulkOptions = () => bulkOptionsOf(s);

  const { commission } = s;
  /** The plan in the order asked for; ids that left the fleet are skipped. */
  const plan = async (
    deviceIds: readonly string[],
    choice: Parameters<CoreServices['commission']['planPower']>[1],
  ) => {
    const targets = sessionTargets(s.fleet, deviceIds);
    const { concurrency } = bulkOptions();
    const planned = await commission.planPower(targets, choice, {
      offlineReason: await unreachableReasons(s.fleet),
      ...(concurrency !== undefined ? { concurrency } : {}),
    });
    if (!planned.ok) return planned;
    const byId = new Map(planned.value.entries.map((e) => [e.deviceId, e]));
    const entries = deviceIds.map(
      (deviceId): PowerPlanEntry =>
        byId.get(deviceId) ?? { address: '', deviceId, send: false, detail: NOT_IN_FLEET },
    );
    return ok({ targets, plan: { ...planned.value, entries } });
  };

  return {
    'power:plan': ({ deviceIds, choice }) =>
      guarded(async () => {
        const planned = await plan(distinct(deviceIds), choice);
        return planned.ok ? ok(planned.value.plan) : planned;
      }),

    'power:set': (input) =>
      guarded(async () => {
        const deviceIds = distinct(input.deviceIds);
        const planned = await plan(deviceIds, input.choice);
        if (!planned.ok) return planned;
        const { targets } = planned.value;
        const tell = outcomeTeller(s.events, 'power-profile', deviceIds.length);
        const entries = asConfirmed(planned.value.plan.entries, input.confirmed);
        const set = await commission.setPower(targets, {
          plan: { ...planned.value.plan, entries },
          ...bulkOptions(),
          onResult: (result) => tell(plainResult(result)),
        });
        if (!set.ok) return set;
        const results = inAskedOrder(deviceIds, set.value.results.map(plainResult), tell);
        // The next polls show `restart_required` without waiting for the interval.
        s.fleet.pollSoon(targets.map((t) => t.deviceId));
        const devices: WriteResult[] = results;
        return ok({
          results,
          summary: summarizeActivity(set.value.activity ?? { action: 'power-profile', devices }),
          ...(set.value.activityError !== undefined ? { activityError: set.value.activityError } : {}),
        });
      }),

    'power:offers': presetOffers(s),

    'power:presets': ({ deviceIds }) =>
      guarded(async () => ok(await commission.presetsOf(sessionTargets(s.fleet, distinct(deviceIds))))),
  };
}
