/**
 * The site standard for the app's window (`standard:*` channels): the standard itself, each fleet
 * device's drift — kept per device so the Standard column does not read 200 devices at every look, read
 * again on `refresh` — the Commission preview, and one Commission run at a time in the background, its
 * progress streamed as `standard:progress` / `standard:device` events and the drift it changed as
 * `standard:drift`. Cancel stops the run between steps (an AbortSignal every write service honours).
 */
import type { Verdict } from '../../../shared/domain/acceptance-words';
import { randomBytes } from 'node:crypto';
import type {
  CommissionCounts,
  CommissionDevice,
  CommissionPlan,
  CommissionPlanEntry,
  CommissionRun,
  CommissionStepKind,
  DeviceDrift,
  SiteStandard,
  StandardView,
} from '../../../shared/domain/standard';
import type { StandardDriftOutput, StandardSetInput } from '../../../shared/ipc/channels/standard';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionTarget } from '../credentials/session-target';
import type { AcceptanceService } from '../acceptance/acceptance-service';
import type { CommissionServices } from '../commission/commission-services';
import type { CredentialServices } from '../credentials/credential-services';
import type { EventHub } from '../events/event-hub';
import type { FleetService } from '../fleet/fleet-service';
import type { InventoryServices } from '../inventory/inventory-services';
import type { SettingsStore } from '../settings/settings-store';
import type { DeviceClient } from '../device/client';
import type { AcceptanceRunner, FirmwareRunner } from './commission-run';
import { runBulk } from '../credentials/bulk';
import { firmwareIdentityOf } from '../firmware/device-facts';
import { groupPlan } from './commission-plan';
import { initialDevice, runCommission } from './commission-run';
import { unlockWithCurrent } from './current-password';
import { passwordFact } from './device-facts';
import type { DeviceFacts } from './drift';
import { driftOf, summarizeDrift } from './drift';
import type { StandardServices } from './standard-services';
import { CHOOSE_IMAGE_FIRST } from './standard-services';
import { planCommission } from './standard-commission';

export const RUN_GOING_ON =
  'A Commission run is going on: wait for it to end, or stop it first (Cancel), then start again.';

export interface StandardDesk {
  get(site: string | undefined): Promise<Result<StandardView>>;
  set(input: StandardSetInput): Promise<Result<StandardView>>;
  drift(deviceIds: readonly string[] | undefined, refresh: boolean): Promise<Result<StandardDriftOutput>>;
  plan(deviceIds: readonly string[], currentPassword: string | undefined): Promise<Result<CommissionPlan>>;
  commission(input: {
    deviceIds: readonly string[];
    currentPassword?: string | undefined;
    confirmed: readonly { deviceId: string; steps: readonly string[] }[];
  }): Promise<Result<CommissionRun>>;
  current(): CommissionRun | null;
  cancel(): boolean;
  /** Resolves when the run going on (if any) has ended. */
  settled(): Promise<void>;
  dispose(): Promise<void>;
}

export interface StandardDeskOptions {
  /** The app's services this desk works through (named here, not picked from CoreServices, which holds the desk). */
  services: {
    commission: CommissionServices;
    credentials: CredentialServices;
    fleet: FleetService;
    inventory: InventoryServices;
    events: EventHub;
    settings: SettingsStore;
    acceptance: AcceptanceService;
  };
  client: DeviceClient;
  standard: StandardServices;
  /** The fleet devices among these ids with their worker facts (all of the site's when absent). */
  targets: (deviceIds: readonly string[] | undefined) => Promise<PoolTarget[]>;
  /** Why the monitor says a device cannot be reached now. */
  offlineReason: () => Promise<(target: SessionTarget) => string | undefined>;
  /** The standard's firmware and acceptance steps for a run in this site. */
  runners?: (siteId: string) => { firmware?: FirmwareRunner; acceptance?: AcceptanceRunner };
  /** The image path last chosen through `firmware:choose-image` (`firmware: {image: 'chosen'}`). */
  chosenImagePath?: () => string | undefined;
  now?: () => Date;
}

const newRunId = (now: Date): string => `${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;

export function countsOf(devices: readonly CommissionDevice[]): CommissionCounts {
  const counts: CommissionCounts = {
    total: devices.length,
    done: 0,
    unchanged: 0,
    failed: 0,
    unknown: 0,
    skipped: 0,
    open: 0,
  };
  for (const d of devices) {
    if (d.outcome === 'pending' || d.outcome === 'running') counts.open += 1;
    else counts[d.outcome] += 1;
  }
  return counts;
}

/** "commissioned 18 of 20 devices; 2 failed: 10.0.0.7 (set pools), …" */
export function runSummary(devices: readonly CommissionDevice[], cancelled: boolean): string {
  const counts = countsOf(devices);
  const atStandard = counts.done + counts.unchanged;
  const parts = [`commissioned ${counts.done} of ${counts.total} devices`];
  if (counts.unchanged > 0) parts.push(`${counts.unchanged} at the standard already`);
  const failed = devices.filter((d) => d.outcome === 'failed' || d.outcome === 'unknown');
  if (failed.length > 0) {
    const named = failed
      .slice(0, 5)
      .map((d) => {
        const step = d.steps.find((s) => s.kind === d.failedStep)?.words ?? d.failedStep ?? 'a step';
        return `${d.address} (${step})`;
      })
      .join(', ');
    parts.push(`${failed.length} failed: ${named}${failed.length > 5 ? ', …' : ''}`);
  }
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  if (cancelled) parts.push('stopped: run Commission again to finish');
  return `${parts.join('; ')} (${atStandard} at the standard)`;
}

/** A device that took every step is at the standard: its read-back facts are the standard's own. */
function factsAtStandard(facts: DeviceFacts, standard: SiteStandard): DeviceFacts {
  const { unreadable: _unreadable, ...known } = facts;
  return {
    ...known,
    ...(standard.password ? { password: 'site' as const } : {}),
    ...(standard.firmware !== undefined ? { firmware: standard.firmware.version } : {}),
    ...(facts.pools !== undefined ? { pools: { read: facts.pools.wanted, wanted: facts.pools.wanted } } : {}),
    ...(facts.power !== undefined
      ? { power: { current: facts.power.wanted, wanted: facts.power.wanted } }
      : {}),
    ...(standard.acceptance !== undefined ? { acceptance: 'pass' as const } : {}),
  };
}

/** The plan with every device whose steps are not the ones the technician saw skipped, said why. */
function asConfirmed(
  entries: readonly CommissionPlanEntry[],
  confirmed: readonly { deviceId: string; steps: readonly string[] }[],
): CommissionPlanEntry[] {
  const seen = new Map(confirmed.map((c) => [c.deviceId, c.steps.join('\n')]));
  return entries.map((entry) => {
    if (entry.steps.length === 0) return entry;
    const shown = seen.get(entry.deviceId);
    if (shown === entry.steps.map((s) => s.words).join('\n')) return entry;
    return {
      ...entry,
      steps: [],
      skip: 'not-checked',
      detail:
        shown === undefined
          ? 'plan changed: the preview you saw did not list it'
          : 'plan changed since the preview: preview again',
    };
  });
}

export function createStandardDesk(options: StandardDeskOptions): StandardDesk {
  const { services, standard } = options;
  const { commission, credentials, fleet, events } = services;
  const now = options.now ?? (() => new Date());
  const concurrency = (): number | undefined => services.settings.current().credentials.concurrency;
  /** What is known of each device (by site), from the last read; writes that were read back update it. */
  const known = new Map<string, { siteId: string; facts: DeviceFacts }>();
  let run: { view: CommissionRun; controller: AbortController; ending: Promise<void> } | undefined;

  const siteStandard = async () => {
    const found = await standard.standard();
    if (!found.ok) return found;
    return ok(found.value);
  };

  const verdicts = async (): Promise<Map<string, Verdict>> => {
    const kept = await services.acceptance.kept();
    return new Map(kept.ok ? kept.value.verdicts.map((v) => [v.deviceId, v.verdict] as const) : []);
  };

  /** Versions read here from `/info` or verified by this app's rollout; else the monitor's reading. */
  const versions = new Map<string, string>();
  const firmwareOf = (target: SessionTarget): string | undefined => {
    const read = versions.get(target.deviceId);
    if (read !== undefined) return read;
    // The fleet keeps "<fw_name> <fw_version>" ("Vnish 1.2.8"): the version is its last word.
    const said =
      fleet.readIdentity(target.deviceId)?.firmware ?? fleet.entry(target.deviceId)?.identity.firmware;
    return said?.trim().split(/\s+/).at(-1);
  };

  /**
   * The versions the devices report now, from the `/info` the monitor reads too (by the rule for
   * anonymous reads: `sessions.read`) (a device just
   * added or just updated may not be polled yet): a preview and a refresh compare what is there now.
   */
  async function readVersions(targets: readonly PoolTarget[], signal?: AbortSignal): Promise<void> {
    const c = concurrency();
    await runBulk(
      targets,
      async (t, bulkSignal) => {
        const call = bulkSignal === undefined ? {} : { signal: bulkSignal };
        const info = await credentials.sessions.read(
          t,
          (credential) => options.client.getInfo(t.address, credential, call),
          call,
        );
        const version = firmwareIdentityOf(info).version;
        if (version !== undefined) versions.set(t.deviceId, version);
      },
      { ...(c !== undefined ? { concurrency: c } : {}), ...(signal !== undefined ? { signal } : {}) },
    );
  }

  /** Facts read now from the devices (pools, presets: requests), kept for the next look. */
  async function readFacts(
    siteId: string,
    site: SiteStandard,
    targets: readonly PoolTarget[],
    signal?: AbortSignal,
  ) {
    const sitePassword = site.password ? await standard.sitePassword(siteId) : undefined;
    if (site.firmware !== undefined) await readVersions(targets, signal);
    const c = concurrency();
    const planned = await planCommission(
      { commission, sessions: credentials.sessions },
      siteId,
      site,
      targets,
      {
        sitePassword,
        firmwareOf,
        offlineReason: await options.offlineReason(),
        verdicts: await verdicts(),
        ...(c !== undefined ? { concurrency: c } : {}),
        ...(signal !== undefined ? { signal } : {}),
      },
    );
    for (const f of planned.facts) known.set(f.deviceId, { siteId, facts: f });
    return { planned, sitePassword };
  }

  /** The kept facts with what changes without a read brought up to date: password evidence, firmware, verdicts. */
  async function freshFacts(siteId: string, site: SiteStandard, target: PoolTarget, kept: DeviceFacts) {
    const sitePassword = site.password ? await standard.sitePassword(siteId) : undefined;
    const password = passwordFact(credentials.sessions, target.deviceId, sitePassword);
    const firmware = firmwareOf(target);
    return {
      ...kept,
      ...(password !== undefined ? { password } : {}),
      ...(firmware !== undefined ? { firmware } : {}),
    };
  }

  function emitDrift(siteId: string, drifts: DeviceDrift[], all: DeviceDrift[]): void {
    if (drifts.length === 0) return;
    events.emit({
      type: 'standard:drift',
      payload: { siteId, devices: drifts, summary: summarizeDrift(all) },
    });
  }

  /** Drift of every fleet device of the site from kept facts (no request), for the footer's counts. */
  async function siteDrift(siteId: string, site: SiteStandard | undefined): Promise<DeviceDrift[]> {
    const targets = await options.targets(undefined);
    const acceptance = await verdicts();
    const out: DeviceDrift[] = [];
    for (const t of targets) {
      const kept = known.get(t.deviceId);
      const facts =
        kept !== undefined && kept.siteId === siteId
          ? await freshFacts(siteId, site ?? { password: false, updatedAt: '' }, t, kept.facts)
          : {
              deviceId: t.deviceId,
              address: fleet.entry(t.deviceId)?.addressText ?? '',
              unreadable: 'not read yet',
            };
      out.push(driftOf(site, { ...facts, acceptance: acceptance.get(t.deviceId) ?? 'none' }));
    }
    return out;
  }

  async function plan(
    deviceIds: readonly string[],
    currentPassword: string | undefined,
    signal?: AbortSignal,
  ) {
    const found = await siteStandard();
    if (!found.ok) return found;
    const { site } = found.value;
    const kept = found.value.standard;
    if (kept === undefined) {
      return err('NOT_FOUND', `Site ${site.name} has no standard yet: set it first.`);
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
    const { planned, sitePassword } = await readFacts(site.id, kept, targets, signal);
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
    emitDrift(site.id, planned.drifts, await siteDrift(site.id, kept));
    return ok({
      siteId: site.id,
      standard: kept,
      targets,
      presets: planned.presets,
      sitePassword,
      plan: { siteId: site.id, entries: all, groups: groupPlan(all) },
      facts: new Map(planned.facts.map((f) => [f.deviceId, f])),
    });
  }

  function tell(state: CommissionRun, device?: CommissionDevice, phase?: CommissionStepKind): void {
    if (device !== undefined) {
      state.devices = state.devices.map((d) => (d.deviceId === device.deviceId ? device : d));
      events.emit({ type: 'standard:device', payload: { runId: state.runId, device } });
    }
    if (phase !== undefined && state.status === 'running') state.phase = phase;
    state.counts = countsOf(state.devices);
    events.emit({
      type: 'standard:progress',
      payload: {
        runId: state.runId,
        status: state.status,
        ...(state.phase !== undefined ? { phase: state.phase } : {}),
        counts: state.counts,
      },
    });
  }

  const copy = (view: CommissionRun): CommissionRun => ({
    ...view,
    counts: { ...view.counts },
    devices: view.devices.map((d) => ({ ...d, steps: d.steps.map((s) => ({ ...s })) })),
  });

  return {
    get: (site) => standard.view(site),

    async set(input) {
      if (input.firmware !== undefined && input.firmware !== null && 'image' in input.firmware) {
        const path = options.chosenImagePath?.();
        if (path === undefined) return err('INVALID_INPUT', CHOOSE_IMAGE_FIRST);
        input = { ...input, firmware: { version: input.firmware.version, imagePath: path } };
      }
      const set = await standard.set(input);
      if (!set.ok) return set;
      // The standard changed: every kept device's drift may have.
      const found = await standard.standard(set.value.siteId);
      if (found.ok && found.value.site.id === fleet.siteId()) {
        const drifts = await siteDrift(found.value.site.id, found.value.standard);
        emitDrift(found.value.site.id, drifts, drifts);
      }
      return set;
    },

    async drift(deviceIds, refresh) {
      const found = await siteStandard();
      if (!found.ok) return found;
      const { site } = found.value;
      const kept = found.value.standard;
      const all = await options.targets(undefined);
      const asked = deviceIds === undefined ? all : await options.targets(deviceIds);
      if (kept !== undefined) {
        const unread = asked.filter((t) => refresh || known.get(t.deviceId)?.siteId !== site.id);
        if (unread.length > 0) await readFacts(site.id, kept, unread);
      }
      const drifts = await siteDrift(site.id, kept);
      const byId = new Map(drifts.map((d) => [d.deviceId, d]));
      const devices = (deviceIds ?? all.map((t) => t.deviceId)).map(
        (deviceId): DeviceDrift =>
          byId.get(deviceId) ?? {
            deviceId,
            address: '',
            status: kept === undefined ? 'no-standard' : 'not-checked',
            parts: [],
            words: kept === undefined ? [] : ['not checked: this device is no longer in the fleet'],
          },
      );
      if (refresh) emitDrift(site.id, devices, drifts);
      return ok({
        siteId: site.id,
        hasStandard: kept !== undefined,
        devices,
        summary: summarizeDrift(drifts),
      });
    },

    async plan(deviceIds, currentPassword) {
      const planned = await plan(deviceIds, currentPassword);
      return planned.ok ? ok(planned.value.plan) : planned;
    },

    async commission(input) {
      if (run?.view.status === 'running') return err('INVALID_INPUT', RUN_GOING_ON);
      const controller = new AbortController();
      // Reserved before the first await: a second start while this one plans is refused too.
      const startedAt = now();
      const view: CommissionRun = {
        runId: newRunId(startedAt),
        siteId: fleet.siteId() ?? '',
        status: 'running',
        startedAt: startedAt.toISOString(),
        counts: countsOf([]),
        devices: [],
      };
      const state = { view, controller, ending: Promise.resolve() };
      const before = run;
      run = state;
      const planned = await plan(input.deviceIds, input.currentPassword, controller.signal);
      if (!planned.ok) {
        run = before;
        return planned;
      }
      const { plan: shown, targets, presets, sitePassword, facts } = planned.value;
      const entries = asConfirmed(shown.entries, input.confirmed);
      view.siteId = shown.siteId;
      view.devices = entries.map(initialDevice);
      view.counts = countsOf(view.devices);
      const runners = options.runners?.(shown.siteId) ?? {};
      const c = concurrency();
      state.ending = (async () => {
        const devices = await runCommission(
          {
            client: options.client,
            sessions: credentials.sessions,
            commission,
            inventory: services.inventory,
            now,
            ...runners,
          },
          {
            siteId: shown.siteId,
            standard: planned.value.standard,
            entries,
            targets,
            presets,
            sitePassword,
            signal: controller.signal,
            ...(c !== undefined ? { concurrency: c } : {}),
            onDevice: (device, phase) => tell(view, device, phase),
          },
        ).catch((error: unknown): CommissionDevice[] =>
          view.devices.map((d) =>
            d.outcome === 'pending' || d.outcome === 'running'
              ? { ...d, outcome: 'unknown', message: `the run broke off: ${String(error)}` }
              : d,
          ),
        );
        view.devices = devices;
        view.status = controller.signal.aborted ? 'cancelled' : 'done';
        delete view.phase;
        view.endedAt = now().toISOString();
        view.summary = runSummary(devices, controller.signal.aborted);
        // Written and read back: those devices are at the standard now; the rest is read again when asked.
        const changed: DeviceDrift[] = [];
        for (const d of devices) {
          const f = facts.get(d.deviceId);
          if (f === undefined) continue;
          if (d.outcome === 'done') {
            const version = planned.value.standard.firmware?.version;
            if (version !== undefined) versions.set(d.deviceId, version);
            known.set(d.deviceId, {
              siteId: shown.siteId,
              facts: factsAtStandard(f, planned.value.standard),
            });
          } else if (d.outcome === 'failed' || d.outcome === 'unknown') known.delete(d.deviceId);
        }
        const drifts = await siteDrift(shown.siteId, planned.value.standard).catch(() => []);
        const ran = new Set(devices.filter((d) => d.outcome !== 'unchanged').map((d) => d.deviceId));
        for (const d of drifts) if (ran.has(d.deviceId)) changed.push(d);
        emitDrift(shown.siteId, changed, drifts);
        fleet.pollSoon(targets.map((t) => t.deviceId));
        for (const d of devices)
          events.emit({ type: 'standard:device', payload: { runId: view.runId, device: d } });
        tell(view);
      })();
      tell(view);
      return ok(copy(view));
    },

    current: () => (run === undefined ? null : copy(run.view)),

    cancel() {
      if (run?.view.status !== 'running') return false;
      run.controller.abort();
      return true;
    },

    settled: () => run?.ending ?? Promise.resolve(),

    async dispose() {
      run?.controller.abort();
      await run?.ending;
    },
  };
}
