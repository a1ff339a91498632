/**
 * The monitor (docs/design.md, Monitoring): polls every device it is given, keeps each one's state with a
 * reason, its latest reading and raw bodies, a bounded history and its alerts, and tells subscribers
 * what changed in batched diffs. Transport-agnostic core: the Electron window, the CLI and tests all
 * drive the same object (start/add/remove/stop, snapshot, subscribe).
 *
 * Credentials are never chosen here: every poll goes through the session manager (API key first, else a
 * token, unlocking with the stored password once when a session ends).
 */
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import type { FleetTotals, MonitorAlert, MonitorDeviceView } from '../../../shared/domain/monitor';
import type { SessionManager } from '../credentials/session-manager';
import type { PollDone } from '../metrics/poll-recorder';
import type { DeviceClient } from '../device/client';
import type { NetworkSide } from '../device/network-errors';
import { networkSideOf } from '../device/network-errors';
import type { EventHub } from '../events/event-hub';
import { AlertBook } from './alerts';
import type { DeviceDetail, DeviceRecord } from './device-record';
import type { DisruptionDetail, DisruptionKind, ExpectedDisruption } from './disruption';
import { expectedDisruption, mayBeDisrupted } from './disruption';
import { failureOf, newRecord, toDetail, toView } from './device-record';
import type { DiffListener } from './diff-emitter';
import { DiffEmitter } from './diff-emitter';
import type { Share } from './fleet-totals';
import { FleetTotalsTracker, shareOf } from './fleet-totals';
import type { FleetHistoryField, Series } from './history';
import { createDeviceHistory, createFleetHistory, historyCapacity } from './history';
import { LaptopNetwork } from './laptop-network';
import { LatencyStats } from './latency-stats';
import type { MonitorSettings } from './monitor-options';
import { resolveSettings } from './monitor-options';
import type { MonitorTarget } from './poll-device';
import { createDevicePoller } from './poll-device';
import type { SchedulerStats } from './scheduler';
import { createScheduler } from './scheduler';
import type { PollSummary } from './poll-summary';
import type { MachineState, PollEvent } from './state-machine';
import { jittered, nextPollDelay, transition, withinKeptConnection } from './state-machine';

export type { MonitorTarget } from './poll-device';
export type { DeviceDetail } from './device-record';

export interface MonitorOptions extends MonitorSettings {
  client: DeviceClient;
  sessions: SessionManager;
  /** Where `monitor:diff` events go (the window); optional for the CLI and tests. */
  events?: EventHub;
  now?: () => number;
  random?: () => number;
  /**
   * A reboot or mining restart another process asked for (the site's activity log), looked up when a
   * device falls silent or reports a shutting-down or booting state and none is known: found, the device
   * shows `rebooting` / `restarting` instead of an offline alarm.
   */
  lookupDisruption?: (target: MonitorTarget) => Promise<ExpectedDisruption | undefined>;
  /** Told of every finished poll (the site metrics' recorder: errors by reason, latency, identity). */
  onPollDone?: (done: PollDone) => void;
}

export type { DisruptionDetail } from './disruption';

export interface MonitorSnapshot {
  at: number;
  devices: MonitorDeviceView[];
  totals: FleetTotals;
  alerts: MonitorAlert[];
}

export interface MonitorStats extends SchedulerStats {
  polls: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

export interface Monitor {
  /** Adds the devices (first polls spread over up to one interval so a big fleet does not poll in step). */
  start(devices: readonly MonitorTarget[]): void;
  add(device: MonitorTarget): void;
  remove(deviceId: string): void;
  /**
   * The other addresses answering with the device's MAC now (each a device of its own); empty clears its
   * alert.
   */
  flag(deviceId: string, sameMacAs: readonly string[]): void;
  /**
   * Whether the device's working password is the factory default (the fleet reads it from the keychain's
   * metadata: a credential, not a reading); raised or cleared as a `factory-password` alert at once.
   */
  flagFactoryPassword(deviceId: string, factory: boolean): void;
  /** Polls a device as soon as a slot is free (e.g. the user just gave its password). */
  pollSoon(deviceId: string): void;
  /**
   * This process asked the device to reboot or restart mining: it shows `rebooting` / `restarting` (no
   * offline alarm) until it answers again or `untilMs` passes, then the usual states and alarms.
   */
  expectDisruption(deviceId: string, kind: DisruptionKind, untilMs: number, detail?: DisruptionDetail): void;
  /** Cancels every poll in flight, stops the timers and sends the last diff. */
  stop(): Promise<void>;
  snapshot(): MonitorSnapshot;
  device(deviceId: string): DeviceDetail | undefined;
  fleetHistory(): Series<FleetHistoryField>;
  /** Alerts cleared so far (bounded), newest last. */
  clearedAlerts(): MonitorAlert[];
  subscribe(listener: DiffListener): () => void;
  stats(): MonitorStats;
}

/** The poll got no answer: the laptop's network refused it, or nobody answered. */
const isNoAnswer = (side: NetworkSide): boolean => side === 'laptop' || side === 'silent';

/** Full recount of the fleet totals, against floating-point drift. */
const RECOUNT_EVERY_MS = 60_000;

/** First-poll spread per device at start: 10 devices start within 50 ms, 2,000 over a whole interval. */
const START_SPREAD_PER_DEVICE_MS = 5;

export function createMonitor(options: MonitorOptions): Monitor {
  const settings = resolveSettings(options);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const { sessions } = options;
  const epoch = now();
  const records = new Map<string, DeviceRecord>();
  const alerts = new AlertBook(settings.thresholds);
  const latency = new LatencyStats();
  const capacity = historyCapacity(settings.historyMs, settings.intervalMs);
  const fleetHistory = createFleetHistory(capacity, epoch);
  const tracker = new FleetTotalsTracker();
  /** Off the site network: one condition in the totals instead of an offline alarm per device. */
  const network = new LaptopNetwork(settings.timeoutMs, epoch);
  /** When the laptop was last back on the network: a poll begun before it and failing is the outage's. */
  let networkBackAt = Number.NEGATIVE_INFINITY;
  let lastFleetSample = Number.NEGATIVE_INFINITY;
  let lastRecount = epoch;
  let stopped = false;
  /** Per device, when the last disruption it went through began: an activity entry counts only once. */
  const disruptionSince = new Map<string, number>();

  const poll = createDevicePoller({
    client: options.client,
    sessions,
    timeoutMs: settings.timeoutMs,
    recheckMs: settings.capabilityRecheckMs,
    now,
  });

  const currentTotals = (): FleetTotals => {
    const value = tracker.totals(alerts.activeCount);
    const off = network.offNetworkSince;
    return off === undefined ? value : { ...value, laptopOffNetworkSince: off };
  };

  const totals = (): FleetTotals => {
    const at = now();
    if (at - lastRecount >= RECOUNT_EVERY_MS) {
      lastRecount = at;
      tracker.recount(records.values());
    }
    const value = currentTotals();
    if (at - lastFleetSample >= settings.intervalMs) {
      lastFleetSample = at;
      fleetHistory.push(at, {
        hashRate: value.hashRate,
        powerW: value.powerW,
        online: value.byState.online,
        activeAlerts: value.activeAlerts,
      });
    }
    return value;
  };

  const view = (deviceId: string): MonitorDeviceView | undefined => {
    const record = records.get(deviceId);
    return record === undefined ? undefined : toView(record, alerts.kindsFor(deviceId));
  };

  const diffs = new DiffEmitter(
    { view, totals },
    { intervalMs: settings.diffIntervalMs, now, ...(options.events ? { events: options.events } : {}) },
  );

  /** Keeps the fleet totals in step with a record changed since `before` (its share then). */
  function settle(record: DeviceRecord, before: Share): void {
    tracker.remove(before);
    tracker.add(shareOf(record));
  }

  /** Moves the record's state machine; the totals change only when the state does. */
  function apply(record: DeviceRecord, event: PollEvent): MachineState {
    const prev = record.machine;
    const next = transition(prev, event, now(), settings);
    if (next === prev) return prev;
    const before = shareOf(record);
    record.machine = next;
    settle(record, before);
    return next;
  }

  async function runPoll(deviceId: string, controller: AbortController): Promise<number> {
    const record = records.get(deviceId);
    if (record === undefined) return settings.intervalMs;
    const started = now();
    const before = record.machine;
    const opensSession = sessions.state(deviceId).kind === 'no-session' && record.credential !== 'apiKey';
    if (apply(record, { kind: 'poll-started', opensSession }) !== before) diffs.markDirty(deviceId);
    const result = await poll(record.target, record.caps, controller);
    // Stopped, or removed meanwhile: the answer belongs to nobody. (The poll aborts its controller itself
    // when it runs late; that answer is a timeout and counts.)
    if (stopped || records.get(deviceId) !== record) return settings.intervalMs;
    const at = now();
    record.lastPollAt = at;
    record.lastPollMs = at - started;
    latency.add(record.lastPollMs);
    options.onPollDone?.(
      result.ok
        ? {
            deviceId,
            ms: record.lastPollMs,
            // The bodies that stand for this poll: read by it, or kept from an earlier one.
            summary: result.summaryReused ? record.answer.summaryForListener : result.summary,
            info: result.info ?? record.answer.infoForListener,
          }
        : { deviceId, ms: record.lastPollMs, error: result.error.code },
    );

    const side: NetworkSide = result.ok ? 'answered' : networkSideOf(result.error);
    // Off the site network (or a poll begun while it was): no answer says nothing about the device.
    if (isNoAnswer(side) && (network.offNetworkSince !== undefined || started < networkBackAt)) {
      if (network.offNetworkSince !== undefined) {
        network.observe({ deviceId, side, startedAt: started, endedAt: at }, records.size);
      }
      return notChecked(record, before);
    }

    let fresh: PollSummary | undefined;
    let event: PollEvent;
    if (result.ok) {
      // Only the summary is read per poll; the full reading is rebuilt from the kept bodies on demand
      // (device()).
      fresh = record.answer.take(result, at);
      const before = shareOf(record);
      record.summary = fresh.summary;
      settle(record, before);
      record.notes = result.notes;
      record.credential = result.credential;
      event = { kind: 'answered', reading: fresh };
    } else {
      event = { kind: 'failed', failure: failureOf(result.error, record.target) };
    }
    if (options.lookupDisruption !== undefined && mayBeDisrupted(record.machine, event)) {
      const found = await options.lookupDisruption(record.target).catch(() => undefined);
      if (stopped || records.get(deviceId) !== record) return settings.intervalMs;
      if (found !== undefined) expect(record, found);
    }
    // A device rebooting on purpose says nothing about the laptop's network.
    const seen = record.machine.expected !== undefined && side !== 'answered' ? 'unknown' : side;
    const change = network.observe({ deviceId, side: seen, startedAt: started, endedAt: at }, records.size);
    if (change?.kind === 'lost') {
      networkLost(change.quiet);
      if (isNoAnswer(side)) return notChecked(record, before);
    } else if (change?.kind === 'back') networkBack(change.at);
    const prev = record.machine;
    const next = apply(record, event);
    const changes = alerts.update(
      deviceId,
      record.address,
      {
        state: next.state,
        reason: next.reason,
        reading: fresh === undefined ? undefined : record.summary,
        sameMacAs: record.target.sameMacAs,
        factoryPassword: record.target.factoryPassword,
      },
      at,
    );
    diffs.addAlerts(changes);
    record.history ??= createDeviceHistory(capacity, epoch);
    const s = fresh === undefined ? undefined : record.summary;
    record.history.push(
      at,
      {
        hashRate: s?.hashRate,
        chipTempMax: s?.chipTempMax,
        boardTempMax: s?.boardTempMax,
        powerW: s?.powerW,
      },
      MONITOR_STATES.indexOf(next.state),
    );
    if (next !== prev || fresh !== undefined || changes.raised.length + changes.cleared.length > 0) {
      diffs.markDirty(deviceId);
    }
    const delay = nextPollDelay(prev, next, settings, random);
    if (next.state !== 'online') return delay;
    const keptMs = options.client.keptConnectionMs?.(record.target.address);
    return keptMs === undefined
      ? delay
      : withinKeptConnection(delay, now() - started + keptMs, settings, random);
  }

  /**
   * A poll the laptop's network failed: the device keeps the state it had before it (a first poll that
   * began opening a session goes back to waiting), no miss counted, no alarm; polled again at the
   * interval (not its backoff) so the network's return is seen at once.
   */
  function notChecked(record: DeviceRecord, before: MachineState): number {
    if (record.machine.state === 'unlocking' && before.state === 'discovered') {
      const share = shareOf(record);
      record.machine = before;
      settle(record, share);
      diffs.markDirty(record.target.deviceId);
    }
    return jittered(settings.intervalMs, settings.jitter, random);
  }

  /** The laptop left the site network: the polls missed since the last answer were its, not the devices'. */
  function networkLost(quiet: ReadonlySet<string>): void {
    for (const id of quiet) {
      const record = records.get(id);
      if (record === undefined || record.machine.missedPolls === 0 || record.machine.state === 'offline') {
        continue;
      }
      record.machine = { ...record.machine, missedPolls: 0 };
      diffs.markDirty(id);
    }
    diffs.markTotalsChanged();
  }

  /**
   * Back on the site network: every device is polled again within a short spread (as at start), none left
   * waiting out a backoff. Once per return, the only walk of the fleet this costs.
   */
  function networkBack(at: number): void {
    networkBackAt = at;
    diffs.markTotalsChanged();
    const spread = Math.min(settings.intervalMs, records.size * START_SPREAD_PER_DEVICE_MS);
    for (const id of records.keys()) scheduler.pollSoon(id, Math.floor(random() * spread));
  }

  const scheduler = createScheduler({
    concurrency: settings.concurrency,
    run: runPoll,
    retryDelayMs: settings.intervalMs,
    lateAfterMs: settings.intervalMs,
    granularityMs: settings.batchMs,
    now,
  });

  /** Enters an expected disruption not seen before; answers whether the state changed. */
  function expect(record: DeviceRecord, disruption: ExpectedDisruption): boolean {
    const id = record.target.deviceId;
    if (disruption.since <= (disruptionSince.get(id) ?? Number.NEGATIVE_INFINITY)) return false;
    disruptionSince.set(id, disruption.since);
    const prev = record.machine;
    return apply(record, { kind: 'expect', disruption }) !== prev;
  }

  /** Re-derives the alerts that do not wait for a poll (the same MAC elsewhere, a factory password). */
  function realert(record: DeviceRecord): void {
    const { state, reason } = record.machine;
    const input = {
      state,
      reason,
      reading: undefined,
      sameMacAs: record.target.sameMacAs,
      factoryPassword: record.target.factoryPassword,
    };
    const changes = alerts.update(record.target.deviceId, record.address, input, now());
    if (changes.raised.length + changes.cleared.length === 0) return;
    diffs.addAlerts(changes);
    diffs.markDirty(record.target.deviceId);
  }

  function addWithin(device: MonitorTarget, spreadMs: number): void {
    if (stopped || records.has(device.deviceId)) return;
    const record = newRecord(device, now(), options.onPollDone !== undefined);
    records.set(device.deviceId, record);
    tracker.add(shareOf(record));
    diffs.markDirty(device.deviceId);
    if ((device.sameMacAs?.length ?? 0) > 0 || device.factoryPassword === true) realert(record);
    scheduler.add(device.deviceId, Math.floor(random() * spreadMs));
  }

  return {
    start(devices) {
      const spread = Math.min(settings.intervalMs, devices.length * START_SPREAD_PER_DEVICE_MS);
      for (const device of devices) addWithin(device, spread);
    },
    add: (device) => addWithin(device, START_SPREAD_PER_DEVICE_MS),
    remove(deviceId) {
      const record = records.get(deviceId);
      if (record === undefined) return;
      records.delete(deviceId);
      disruptionSince.delete(deviceId);
      network.forget(deviceId);
      tracker.remove(shareOf(record));
      scheduler.remove(deviceId);
      diffs.addAlerts({ raised: [], cleared: alerts.removeDevice(deviceId, now()) });
      diffs.markRemoved(deviceId);
    },
    flag(deviceId, sameMacAs) {
      const record = records.get(deviceId);
      if (record === undefined || stopped) return;
      record.target = { ...record.target, sameMacAs: [...sameMacAs] };
      realert(record);
    },
    flagFactoryPassword(deviceId, factory) {
      const record = records.get(deviceId);
      if (record === undefined || stopped || (record.target.factoryPassword === true) === factory) return;
      record.target = { ...record.target, factoryPassword: factory };
      realert(record);
    },
    pollSoon: (deviceId) => scheduler.pollSoon(deviceId),
    expectDisruption(deviceId, kind, untilMs, detail = {}) {
      const record = records.get(deviceId);
      if (record === undefined || stopped) return;
      if (!expect(record, expectedDisruption(kind, untilMs, detail, now()))) return;
      // An offline alarm raised before it was known clears now.
      realert(record);
      diffs.markDirty(deviceId);
    },
    async stop() {
      stopped = true;
      await scheduler.stop();
      diffs.close();
    },
    snapshot: () => ({
      at: now(),
      devices: [...records.keys()].flatMap((id) => view(id) ?? []),
      totals: currentTotals(),
      alerts: alerts.allActive(),
    }),
    device(deviceId) {
      const record = records.get(deviceId);
      const current = view(deviceId);
      return record === undefined || current === undefined
        ? undefined
        : toDetail(record, current, alerts.activeFor(deviceId));
    },
    fleetHistory: () => fleetHistory.toSeries(),
    clearedAlerts: () => alerts.cleared(),
    subscribe: (listener) => diffs.subscribe(listener),
    stats: () => ({
      ...scheduler.stats(),
      polls: latency.polls,
      latencyP50Ms: latency.percentile(50),
      latencyP99Ms: latency.percentile(99),
    }),
  };
}
