/**
 * The standard desk's reads: the Commission preview (unlock with a current password if given, read the
 * devices, plan their steps) and the drift the Standard column shows (kept facts, read again on refresh).
 */
import type { CommissionPlanEntry, DeviceDrift } from '../../../shared/domain/standard';
import type { StandardDriftOutput } from '../../../shared/ipc/channels/standard';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { groupPlan } from './commission-plan';
import { unlockWithCurrent } from './current-password';
import type { DeskFacts } from './desk-facts';
import type { DeskContext } from './desk-options';
import { summarizeDrift } from './drift';

/** The preview with what a run needs besides: the targets, presets, site password and the facts read. */
export async function deskPlan(
  ctx: DeskContext,
  kept: DeskFacts,
  deviceIds: readonly string[],
  currentPassword: string | undefined,
  signal?: AbortSignal,
) {
  const { options, concurrency } = ctx;
  const { credentials, fleet } = options.services;
  const found = await options.standard.standard();
  if (!found.ok) return found;
  const { site } = found.value;
  const standard = found.value.standard;
  if (standard === undefined) {
    return errWithText(
      'NOT_FOUND',
      `Site ${site.name} has no standard yet: set it first.`,
      message('errors.standard.noneYet', { site: site.name }),
    );
  }
  const targets = await options.targets([...new Set(deviceIds)]);
  const c = concurrency();
  const refused = await unlockWithCurrent({ credentials }, targets, currentPassword, {
    remember: true,
    ...(c !== undefined ? { concurrency: c } : {}),
    ...(signal !== undefined ? { signal } : {}),
  });
  // Unlocked now: the monitor reads them at once (the window's rows leave "locked").
  if (currentPassword !== undefined) await fleet.credentialsChanged(targets.map((t) => t.deviceId));
  const { planned, sitePassword } = await kept.readFacts(site.id, standard, targets, signal);
  const entries = planned.plan.entries.map((entry): CommissionPlanEntry => {
    const why = refused.get(entry.deviceId);
    if (why === undefined || entry.skip === undefined) return entry;
    return { ...entry, steps: [], skip: 'no-credential', detail: why };
  });
  // Ids that are not (or no longer) fleet devices are named, not dropped.
  const byId = new Map(entries.map((e) => [e.deviceId, e]));
  const all = [...new Set(deviceIds)].map(
    (deviceId): CommissionPlanEntry =>
      byId.get(deviceId) ?? {
        deviceId,
        address: '',
        steps: [],
        skip: 'not-checked',
        detail: 'this device is no longer in the fleet',
      },
  );
  kept.emitDrift(site.id, planned.drifts, await kept.siteDrift(site.id, standard));
  return ok({
    siteId: site.id,
    standard,
    targets,
    presets: planned.presets,
    sitePassword,
    plan: { siteId: site.id, entries: all, groups: groupPlan(all) },
    facts: new Map(planned.facts.map((f) => [f.deviceId, f])),
  });
}

/** The drift of these devices (all of the site's when undefined), read again first when `refresh`. */
export async function deskDrift(
  ctx: DeskContext,
  kept: DeskFacts,
  deviceIds: readonly string[] | undefined,
  refresh: boolean,
): Promise<Result<StandardDriftOutput>> {
  const { options } = ctx;
  const found = await options.standard.standard();
  if (!found.ok) return found;
  const { site } = found.value;
  const standard = found.value.standard;
  const all = await options.targets(undefined);
  const asked = deviceIds === undefined ? all : await options.targets(deviceIds);
  if (standard !== undefined) {
    const unread = asked.filter((t) => refresh || kept.known.get(t.deviceId)?.siteId !== site.id);
    if (unread.length > 0) await kept.readFacts(site.id, standard, unread);
  }
  const drifts = await kept.siteDrift(site.id, standard);
  const byId = new Map(drifts.map((d) => [d.deviceId, d]));
  const devices = (deviceIds ?? all.map((t) => t.deviceId)).map(
    (deviceId): DeviceDrift =>
      byId.get(deviceId) ?? {
        deviceId,
        address: '',
        status: standard === undefined ? 'no-standard' : 'not-checked',
        parts: [],
        words: standard === undefined ? [] : ['not checked: this device is no longer in the fleet'],
      },
  );
  if (refresh) kept.emitDrift(site.id, devices, drifts);
  return ok({
    siteId: site.id,
    hasStandard: standard !== undefined,
    devices,
    summary: summarizeDrift(drifts),
  });
}
