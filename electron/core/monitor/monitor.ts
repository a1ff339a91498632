/**
 * The monitor (docs/design.md, Monitoring): polls every device it is given, keeps each one's state with a
 * reason, its latest reading and raw bodies, a bounded history and its alerts, and tells subscribers
 * what changed in batched diffs. Transport-agnostic core: the Electron window, the CLI and tests all
 * drive the same object (start/add/remove/stop, snapshot, subscribe).
 *
 * Credentials are never chosen here: every poll goes through the session manager (API key first, else a
 * token, unlocking with the stored password once when a session ends).
 */
import type { MonitorAlert } from '../../../shared/domain/monitor';
import type { DeviceReading } from '../../../shared/domain/reading';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient } from '../device/client';
import type { EventHub } from '../events/event-hub';
import type { DeviceDetail } from './device-record';
import type { DiffListener } from './diff-emitter';
import type { DisruptionDetail, DisruptionKind } from './disruption';
import type { FleetHistoryField, Series } from './history';
import { createMonitorParts, START_SPREAD_PER_DEVICE_MS } from './monitor-parts';
import type { MonitorSettings } from './monitor-options';
import { resolveSettings } from './monitor-options';
import type { MonitorSnapshot, MonitorStats } from './monitor-reads';
import { monitorSnapshot, monitorStats, openDevice } from './monitor-reads';
import { markOpen, openDeviceFresh, PollWaiters } from './open-devices';
import type { MonitorTarget } from './poll-device';
import type { PollRunnerOptions } from './run-poll';
import { createPollRunner } from './run-poll';
import { createScheduler } from './scheduler';
import type { KeptPool } from './summary-pools';
import {
  expectDisruption,
  flagFactoryPassword,
  flagSameMac,
  unwatchDevice,
  watchDevice,
} from './watched-devices';

export type { MonitorTarget } from './poll-device';
export type { DeviceDetail } from './device-record';

export interface MonitorOptions extends MonitorSettings {
  client: DeviceClient;
  sessions: SessionManager;
  /** Where `monitor:diff` events go (the window); optional for the CLI and tests. */
  events?: EventHub;
  now?: () => number;
  /**
   * The clock the polls are paced on (default the real one; `now` defaults to its time). The poll timeout
   * is the client's (`monitorClientOptions`): its creator converts it with `clock.realMs`.
   */
  clock?: Clock;
  random?: () => number;
  /**
   * A reboot or mining restart another process asked for (the site's activity log), looked up when a
   * device falls silent or reports a shutting-down or booting state and none is known: found, the device
   * shows `rebooting` / `restarting` instead of an offline alarm.
   */
  lookupDisruption?: PollRunnerOptions['lookupDisruption'];
  /** Told of every finished poll (the site metrics' recorder: errors by reason, latency, identity). */
  onPollDone?: PollRunnerOptions['onPollDone'];
  /**
   * Whether `onPollDone` takes the bodies now (default: whenever there is one). The app's site metrics
   * listen only while they are on; meanwhile the monitor keeps bodies as it does without a listener.
   */
  pollListenerOn?: () => boolean;
}

export type { DisruptionDetail } from './disruption';

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
  /**
   * One device opened, from what is kept now. It stays open for a while (open-devices.ts): its polls keep
   * the whole `/summary`, and one is asked for at once when none is kept.
   */
  device(deviceId: string): DeviceDetail | undefined;
  /** The same, after the poll that reads its summary when none was kept (the device panel). */
  open(deviceId: string): Promise<DeviceDetail | undefined>;
  /** The pools the device's last `/summary` listed (no password), without opening it. */
  pools(deviceId: string): readonly KeptPool[] | undefined;
  /** What the device's last `/info` said of it, without opening it. */
  identity(deviceId: string): DeviceReading['identity'];
  fleetHistory(): Series<FleetHistoryField>;
  /** Alerts cleared so far (bounded), newest last. */
  clearedAlerts(): MonitorAlert[];
  subscribe(listener: DiffListener): () => void;
  stats(): MonitorStats;
}

/**
 * The monitor's parts (monitor-parts.ts), its poll (run-poll.ts) under one scheduler, and the jobs the
 * interface above names: devices watched (watched-devices.ts) and reads (monitor-reads.ts).
 */
export function createMonitor(options: MonitorOptions): Monitor {
  const settings = resolveSettings(options);
  const parts = createMonitorParts(settings, {
    now: options.now ?? (options.clock ?? REAL_CLOCK).now,
    random: options.random ?? Math.random,
    ...(options.events ? { events: options.events } : {}),
  });
  const runPoll = createPollRunner(parts, options, () => scheduler);
  const waiters = new PollWaiters();
  const scheduler = createScheduler({
    concurrency: settings.concurrency,
    // Nobody waiting (nearly always): the poll as it is, no promise added.
    run: (deviceId, controller) =>
      waiters.any
        ? runPoll(deviceId, controller).finally(() => waiters.done(deviceId))
        : runPoll(deviceId, controller),
    retryDelayMs: settings.intervalMs,
    lateAfterMs: settings.intervalMs,
    granularityMs: settings.batchMs,
    now: parts.now,
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
  });
  const listened =
    options.onPollDone === undefined
      ? (): boolean => false
      : (options.pollListenerOn ?? ((): boolean => true));

  return {
    start(devices) {
      const spread = Math.min(settings.intervalMs, devices.length * START_SPREAD_PER_DEVICE_MS);
      for (const device of devices) watchDevice(parts, scheduler, device, spread, listened);
    },
    add: (device) => watchDevice(parts, scheduler, device, START_SPREAD_PER_DEVICE_MS, listened),
    remove: (deviceId) => unwatchDevice(parts, scheduler, deviceId),
    flag: (deviceId, sameMacAs) => flagSameMac(parts, deviceId, sameMacAs),
    flagFactoryPassword: (deviceId, factory) => flagFactoryPassword(parts, deviceId, factory),
    pollSoon: (deviceId) => scheduler.pollSoon(deviceId),
    expectDisruption: (deviceId, kind, untilMs, detail = {}) =>
      expectDisruption(parts, deviceId, kind, untilMs, detail),
    async stop() {
      parts.stopped = true;
      await scheduler.stop();
      parts.diffs.close();
    },
    snapshot: () => monitorSnapshot(parts),
    device(deviceId) {
      markOpen(parts, scheduler, deviceId);
      return openDevice(parts, deviceId);
    },
    open: (deviceId) => openDeviceFresh(parts, scheduler, waiters, deviceId),
    pools: (deviceId) => parts.records.get(deviceId)?.answer.lastPools,
    identity: (deviceId) => parts.records.get(deviceId)?.answer.identity(),
    fleetHistory: () => parts.fleetHistory.toSeries(),
    clearedAlerts: () => parts.alerts.cleared(),
    subscribe: (listener) => parts.diffs.subscribe(listener),
    stats: () => monitorStats(parts, scheduler),
  };
}
