/**
 * What the standard desk knows of each device (by site), from the last read: the facts drift compares,
 * kept so the Standard column does not read 200 devices at every look; writes that were read back update
 * them. Also the firmware versions read from `/info` or verified by a rollout, and the `standard:drift`
 * event that tells the window what changed.
 */
import type { Verdict } from '../../../shared/domain/acceptance-words';
import type { DeviceDrift, SiteStandard } from '../../../shared/domain/standard';
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionTarget } from '../credentials/session-target';
import { runBulk } from '../credentials/bulk';
import { firmwareIdentityOf } from '../firmware/device-facts';
import { passwordFact } from './device-facts';
import type { DeskContext } from './desk-options';
import type { DeviceFacts } from './drift';
import { driftOf, summarizeDrift } from './drift';
import { planCommission } from './standard-commission';

export type DeskFacts = ReturnType<typeof createDeskFacts>;

/** A device that took every step is at the standard: its read-back facts are the standard's own. */
export function factsAtStandard(facts: DeviceFacts, standard: SiteStandard): DeviceFacts {
  const { unreadable: _unreadable, ...known } = facts;
  return {
    ...known,
    ...(standard.password ? { password: 'site' as const } : {}),
    ...(standard.firmware !== undefined ? { firmware: standard.firmware.version } : {}),
    ...(facts.pools !== undefined ? { pools: { read: facts.pools.wanted, wanted: facts.pools.wanted } } : {}),
    ...(facts.power !== undefined
      ? { power: { current: facts.power.wanted, wanted: facts.power.wanted } }
      : {}),
    // Its restart, if one was due, was taken: nothing of the standard waits for one (a reboot still may).
    ...(facts.applyPending !== undefined
      ? { applyPending: { restart: false, reboot: facts.applyPending.reboot } }
      : {}),
    ...(standard.acceptance !== undefined ? { acceptance: 'pass' as const } : {}),
  };
}

/** The site's latest acceptance verdict per device id. */
async function verdictsOf(ctx: DeskContext): Promise<Map<string, Verdict>> {
  const kept = await ctx.options.services.acceptance.kept();
  return new Map(kept.ok ? kept.value.verdicts.map((v) => [v.deviceId, v.verdict] as const) : []);
}

/** A device's version: read here from `/info` or verified by this app's rollout; else the monitor's reading. */
function firmwareWith(ctx: DeskContext, versions: ReadonlyMap<string, string>) {
  const { fleet } = ctx.options.services;
  return (target: SessionTarget): string | undefined => {
    const read = versions.get(target.deviceId);
    if (read !== undefined) return read;
    // The fleet keeps "<fw_name> <fw_version>" ("Vnish 1.2.8"): the version is its last word.
    const said =
      fleet.readIdentity(target.deviceId)?.firmware ?? fleet.entry(target.deviceId)?.identity.firmware;
    return said?.trim().split(/\s+/).at(-1);
  };
}

/**
 * The versions the devices report now, from the `/info` the monitor reads too (by the rule for anonymous
 * reads: `sessions.read`; a device just
 * added or just updated may not be polled yet): a preview and a refresh compare what is there now.
 */
async function readVersions(
  ctx: DeskContext,
  versions: Map<string, string>,
  targets: readonly PoolTarget[],
  signal?: AbortSignal,
): Promise<void> {
  const c = ctx.concurrency();
  await runBulk(
    targets,
    async (t, bulkSignal) => {
      const call = bulkSignal === undefined ? {} : { signal: bulkSignal };
      const info = await ctx.options.services.credentials.sessions.read(
        t,
        (credential) => ctx.options.client.getInfo(t.address, credential, call),
        call,
      );
      const version = firmwareIdentityOf(info).version;
      if (version !== undefined) versions.set(t.deviceId, version);
    },
    { ...(c !== undefined ? { concurrency: c } : {}), ...(signal !== undefined ? { signal } : {}) },
  );
}

/** The kept facts with what changes without a read brought up to date: password evidence, firmware. */
async function freshFacts(
  ctx: DeskContext,
  firmwareOf: (target: SessionTarget) => string | undefined,
  at: { siteId: string; site: SiteStandard; target: PoolTarget },
  kept: DeviceFacts,
): Promise<DeviceFacts> {
  const { standard, services } = ctx.options;
  const sitePassword = at.site.password ? await standard.sitePassword(at.siteId) : undefined;
  const password = passwordFact(services.credentials.sessions, at.target.deviceId, sitePassword);
  const firmware = firmwareOf(at.target);
  return {
    ...kept,
    ...(password !== undefined ? { password } : {}),
    ...(firmware !== undefined ? { firmware } : {}),
  };
}

export function createDeskFacts(ctx: DeskContext) {
  const { options, concurrency } = ctx;
  const { services, standard } = options;
  /** What is known of each device (by site), from the last read; writes that were read back update it. */
  const known = new Map<string, { siteId: string; facts: DeviceFacts }>();
  const versions = new Map<string, string>();
  const firmwareOf = firmwareWith(ctx, versions);

  /** Facts read now from the devices (pools, presets: requests), kept for the next look. */
  async function readFacts(
    siteId: string,
    site: SiteStandard,
    targets: readonly PoolTarget[],
    signal?: AbortSignal,
  ) {
    const sitePassword = site.password ? await standard.sitePassword(siteId) : undefined;
    if (site.firmware !== undefined) await readVersions(ctx, versions, targets, signal);
    const c = concurrency();
    const planned = await planCommission(
      { commission: services.commission, sessions: services.credentials.sessions, client: options.client },
      siteId,
      site,
      targets,
      {
        sitePassword,
        firmwareOf,
        offlineReason: await options.offlineReason(),
        verdicts: await verdictsOf(ctx),
        ...(c !== undefined ? { concurrency: c } : {}),
        ...(signal !== undefined ? { signal } : {}),
      },
    );
    for (const f of planned.facts) known.set(f.deviceId, { siteId, facts: f });
    return { planned, sitePassword };
  }

  function emitDrift(siteId: string, drifts: DeviceDrift[], all: DeviceDrift[]): void {
    if (drifts.length === 0) return;
    services.events.emit({
      type: 'standard:drift',
      payload: { siteId, devices: drifts, summary: summarizeDrift(all) },
    });
  }

  /** Drift of every fleet device of the site from kept facts (no request), for the footer's counts. */
  async function siteDrift(siteId: string, site: SiteStandard | undefined): Promise<DeviceDrift[]> {
    const targets = await options.targets(undefined);
    const acceptance = await verdictsOf(ctx);
    const out: DeviceDrift[] = [];
    for (const target of targets) {
      const kept = known.get(target.deviceId);
      const facts =
        kept !== undefined && kept.siteId === siteId
          ? await freshFacts(
              ctx,
              firmwareOf,
              { siteId, site: site ?? { password: false, updatedAt: '' }, target },
              kept.facts,
            )
          : {
              deviceId: target.deviceId,
              address: services.fleet.entry(target.deviceId)?.addressText ?? '',
              unreadable: 'not read yet',
            };
      out.push(driftOf(site, { ...facts, acceptance: acceptance.get(target.deviceId) ?? 'none' }));
    }
    return out;
  }

  return { known, versions, readFacts, siteDrift, emitDrift };
}
