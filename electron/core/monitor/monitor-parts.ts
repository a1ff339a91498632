/**
 * What one monitor keeps, shared by its jobs (run-poll.ts, watched-devices.ts, monitor-reads.ts): each
 * device's record, the alert book, the fleet totals and history, the laptop's network, the diffs going
 * out, and the two flags they all read. Built once per monitor; nothing here is made per poll.
 */
import type { FleetTotals, MonitorDeviceView } from '../../../shared/domain/monitor';
import type { EventHub } from '../events/event-hub';
import { AlertBook } from './alerts';
import type { DeviceRecord } from './device-record';
import { toView } from './device-record';
import { DiffEmitter } from './diff-emitter';
import { FleetTotalsTracker } from './fleet-totals';
import type { FleetHistoryField, SeriesRing } from './history';
import { createFleetHistory, historyCapacity } from './history';
import { LaptopNetwork } from './laptop-network';
import { LatencyStats } from './latency-stats';
import type { ResolvedSettings } from './monitor-options';

export interface MonitorParts {
  readonly settings: ResolvedSettings;
  readonly now: () => number;
  readonly random: () => number;
  /** When the monitor was made: the start of every history ring. */
  readonly epoch: number;
  readonly records: Map<string, DeviceRecord>;
  readonly alerts: AlertBook;
  readonly latency: LatencyStats;
  /** Samples a history ring holds (an hour at the interval). */
  readonly capacity: number;
  readonly fleetHistory: SeriesRing<FleetHistoryField>;
  readonly tracker: FleetTotalsTracker;
  /** Off the site network: one condition in the totals instead of an offline alarm per device. */
  readonly network: LaptopNetwork;
  readonly diffs: DiffEmitter;
  /** Per device, when the last disruption it went through began: an activity entry counts only once. */
  readonly disruptionSince: Map<string, number>;
  /** When the laptop was last back on the network: a poll begun before it and failing is the outage's. */
  networkBackAt: number;
  /** Set by `stop()`: an answer arriving after it belongs to nobody. */
  stopped: boolean;
  /** The totals as they stand, with the laptop off the network when it is. */
  currentTotals(): FleetTotals;
  /** The compact view of one device, as diffs and snapshots carry it. */
  view(deviceId: string): MonitorDeviceView | undefined;
}

/** First-poll spread per device at start: 10 devices start within 50 ms, 2,000 over a whole interval. */
export const START_SPREAD_PER_DEVICE_MS = 5;

/** Full recount of the fleet totals, against floating-point drift. */
const RECOUNT_EVERY_MS = 60_000;

export function createMonitorParts(
  settings: ResolvedSettings,
  clock: { now: () => number; random: () => number; events?: EventHub },
): MonitorParts {
  const { now } = clock;
  const epoch = now();
  const records = new Map<string, DeviceRecord>();
  const alerts = new AlertBook(settings.thresholds);
  const capacity = historyCapacity(settings.historyMs, settings.intervalMs);
  const fleetHistory = createFleetHistory(capacity, epoch);
  const tracker = new FleetTotalsTracker();
  const network = new LaptopNetwork(settings.timeoutMs, epoch);
  let lastFleetSample = Number.NEGATIVE_INFINITY;
  let lastRecount = epoch;

  const currentTotals = (): FleetTotals => {
    const value = tracker.totals(alerts.activeCount);
    const off = network.offNetworkSince;
    return off === undefined ? value : { ...value, laptopOffNetworkSince: off };
  };

  /** The totals a diff carries: recounted now and then, and sampled into the fleet's history. */
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
    { intervalMs: settings.diffIntervalMs, now, ...(clock.events ? { events: clock.events } : {}) },
  );

  return {
    settings,
    now,
    random: clock.random,
    epoch,
    records,
    alerts,
    latency: new LatencyStats(),
    capacity,
    fleetHistory,
    tracker,
    network,
    diffs,
    disruptionSince: new Map(),
    networkBackAt: Number.NEGATIVE_INFINITY,
    stopped: false,
    currentTotals,
    view,
  };
}
