/**
 * The device-action part of the commissioning services: the locate LED, mining restart and
 * reboot, for the app and the CLI alike. Each: a preview (`planDeviceAction`), one write per device the
 * preview marked (`callOnce`, never resent), one outcome per device, one entry in the site's activity log.
 *
 * - Locate: idempotent (read first, toggle only when needed, read back). Turned on, an LED goes off by
 *   itself after the minutes asked for: this process keeps a timer when it lives long (`keepLedTimers`:
 *   the app, `minerdeck monitor`); either way the time is in the log (`until`), and the next long-lived
 *   process turns off the LEDs that are due (`followLedLog`: at start, then every half minute, so an LED
 *   a terminal command turns on while the app runs goes off in time too).
 * - Restart and reboot: a monitor in this process is told at once (`disruptions`), so the device shows
 *   `restarting` / `rebooting` instead of an offline alarm; the log's `until` tells monitors elsewhere.
 */
import { actionDetail, LED_TIME_UP_DETAIL } from './plan-detail';
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { BulkProgress } from '../credentials/bulk';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { CredentialVault } from '../credentials/vault';
import type { DeviceClient } from '../device/client';
import type { InventoryServices } from '../inventory/inventory-services';
import type { InventoryStore } from '../inventory/store';
import type { Monitor } from '../monitor/monitor';
import type { ActionPlanOptions, ActivityInput, DeviceAction, Recorded } from './action-bulk';
import { concludeAndRecord, planAction, recordIn, runAction } from './action-bulk';
import type { DisruptionTiming, DisruptionWindow } from './disruption-timing';
import { DEFAULT_DISRUPTION_TIMING, rebootWindow, restartWindow } from './disruption-timing';
import type { LedTargetPicker } from './led-auto-off';
import { createLedAutoOff } from './led-auto-off';
import type { LedOffDue } from './led-timers';
import type { LedResult } from './locate-led';
import { switchLed } from './locate-led';
import type { PowerResult } from './power-actions';
import { rebootOn, restartMiningOn } from './power-actions';

export type { DeviceAction } from './action-bulk';
export type { LedResult } from './locate-led';
export type { PowerResult } from './power-actions';

/** How long a locate LED stays on unless the user picks another time. */
export const DEFAULT_LED_MINUTES = 10;
export const MAX_LED_MINUTES = 24 * 60;

interface ActionRequest<R> {
  /** The preview the user saw; devices it skips are reported skipped and never contacted. */
  plan: readonly WritePlanEntry[];
  /** The site whose activity log records the request (no log when absent or no inventory). */
  siteId?: string;
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: R | WriteResult, progress: BulkProgress) => void;
}

export interface LocateRequest extends ActionRequest<LedResult> {
  on: boolean;
  /** Turned on: minutes until it goes off by itself (default 10). */
  minutes?: number;
}

export interface LocateOutcome extends Recorded {
  results: (LedResult | WriteResult)[];
  /** Turned on: when the LEDs go off by itself (ISO time). */
  offAt?: string;
  /** True when this process turns them off then; false: the next app start or `minerdeck monitor` does. */
  timerKept: boolean;
}

export interface PowerOutcome extends Recorded {
  results: (PowerResult | WriteResult)[];
  /** Until when the devices are expected to be disrupted (the monitor's deadline; ISO time). */
  until?: string;
}

export interface DeviceActionServices {
  /** Who will get the action and who is skipped (locked out, offline, no credential), and why. */
  planDeviceAction(
    action: DeviceAction,
    targets: readonly SessionTarget[],
    options?: ActionPlanOptions & { on?: boolean; minutes?: number },
  ): Promise<WritePlanEntry[]>;
  locate(targets: readonly SessionTarget[], request: LocateRequest): Promise<LocateOutcome>;
  restartMining(
    targets: readonly SessionTarget[],
    request: ActionRequest<PowerResult>,
  ): Promise<PowerOutcome>;
  reboot(targets: readonly SessionTarget[], request: ActionRequest<PowerResult>): Promise<PowerOutcome>;
  /**
   * Re-arms the auto-off of locate LEDs the log says are on (left by a process that has ended); those
   * past their time go off now. `only` picks the devices this process may write to (and their current
   * address); default all. Answers how many were found. Needs `keepLedTimers` and an inventory.
   */
  resumeLedTimers(only?: LedTargetPicker): Promise<number>;
  /**
   * `resumeLedTimers` now and every `everyMs` (default 30 s) until `dispose`: LEDs another process turns
   * on meanwhile go off in time too. `onFound`: how many LEDs a pass newly took over (not already timed).
   */
  followLedLog(
    only?: LedTargetPicker,
    options?: { everyMs?: number; onFound?: (count: number) => void },
  ): void;
  /** When the device's LED goes off by itself in this process (epoch ms). */
  ledOffAt(deviceId: string): number | undefined;
  /** Stops the LED timers (quit). */
  dispose(): void;
}

export interface DeviceActionOptions {
  client: DeviceClient;
  vault: CredentialVault;
  sessions: SessionManager;
  inventory?: Pick<InventoryServices, 'recordActivity'> & { store?: Pick<InventoryStore, 'load'> };
  now: () => Date;
  /** The monitor of this process, told of each reboot and restart as it is sent. */
  disruptions?: Pick<Monitor, 'expectDisruption'>;
  /** This process lives on (the app, `minerdeck monitor`): it turns LEDs off by itself when due. */
  keepLedTimers?: boolean;
  timing?: DisruptionTiming;
}

const reached = (r: WriteResult): boolean => r.outcome === 'done' || r.outcome === 'unknown';

export function createDeviceActionServices(options: DeviceActionOptions): DeviceActionServices {
  const { client, vault, sessions, inventory } = options;
  const deps = { client, sessions };
  const nowMs = () => options.now().getTime();
  const timing = options.timing ?? DEFAULT_DISRUPTION_TIMING;
  const auto =
    options.keepLedTimers === true
      ? createLedAutoOff({
          ...(inventory?.store !== undefined ? { store: inventory.store } : {}),
          now: nowMs,
          turnOff: (due) => autoOff(due),
        })
      : undefined;
  const timers = auto?.timers;

  async function record(entry: ActivityInput): Promise<Recorded> {
    return inventory === undefined ? {} : recordIn(inventory, entry);
  }

  /** Where a request is logged: its site's activity, when it names one and there is an inventory. */
  const logOf = (request: { siteId?: string }, at: Date, action: DeviceAction, what: string) =>
    request.siteId === undefined || inventory === undefined
      ? undefined
      : { siteId: request.siteId, at: at.toISOString(), action, what };

  const bulk = <R>(request: ActionRequest<R>) => ({
    ...(request.signal !== undefined ? { signal: request.signal } : {}),
    ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
    ...(request.onResult !== undefined ? { onResult: request.onResult } : {}),
  });

  async function locate(
    targets: readonly SessionTarget[],
    request: LocateRequest,
    auto?: number,
  ): Promise<LocateOutcome> {
    const at = options.now();
    const minutes = Math.min(MAX_LED_MINUTES, Math.max(1, request.minutes ?? DEFAULT_LED_MINUTES));
    const offAt = request.on ? at.getTime() + minutes * 60_000 : undefined;
    const results = await runAction(
      targets,
      request.plan,
      (target, signal) => switchLed(deps, target, request.on, signal),
      {
        ...bulk(request),
        afterWrite: (target, result) => {
          if (timers === undefined || !reached(result)) return;
          if (offAt === undefined) timers.cancel(target.deviceId);
          else {
            const due: LedOffDue = {
              target,
              minutes,
              ...(request.siteId !== undefined ? { siteId: request.siteId } : {}),
            };
            timers.schedule(due, offAt);
          }
        },
      },
    );
    const what = request.on
      ? `locate LED on for ${minutes} min, then off by itself`
      : auto !== undefined
        ? `locate LED off by itself after ${auto} min`
        : 'locate LED off';
    return concludeAndRecord(
      results,
      logOf(request, at, 'locate', what),
      () => {
        const until = offAt === undefined ? undefined : new Date(offAt).toISOString();
        const outcome: LocateOutcome = {
          results,
          timerKept: timers !== undefined,
          ...(until !== undefined ? { offAt: until } : {}),
        };
        return { outcome, ...(until !== undefined ? { until } : {}) };
      },
      record,
    );
  }

  /** The timers' callback: one site's LEDs that are due go off, recorded as done by themselves. */
  async function autoOff(due: readonly LedOffDue[]): Promise<void> {
    const targets = due.map((d) => d.target);
    const plan = await planAction({ vault, sessions }, targets, LED_TIME_UP_DETAIL);
    const siteId = due[0]?.siteId;
    await locate(targets, { on: false, plan, ...(siteId !== undefined ? { siteId } : {}) }, due[0]?.minutes);
  }

  async function power(
    action: Exclude<DeviceAction, 'locate'>,
    targets: readonly SessionTarget[],
    request: ActionRequest<PowerResult>,
  ): Promise<PowerOutcome> {
    const at = options.now();
    let until: number | undefined;
    const results = await runAction(
      targets,
      request.plan,
      (target, signal) =>
        action === 'reboot'
          ? rebootOn(deps, target, signal, nowMs, timing.defaultAfterSeconds)
          : restartMiningOn(deps, target, signal, nowMs),
      {
        ...bulk(request),
        afterWrite: (target, result) => {
          if (!reached(result) || result.sentAt === undefined) return;
          const window: DisruptionWindow =
            action === 'reboot'
              ? rebootWindow(result.sentAt, result.after ?? timing.defaultAfterSeconds, timing)
              : restartWindow(result.sentAt, timing);
          until = Math.max(until ?? 0, window.until);
          options.disruptions?.expectDisruption(
            target.deviceId,
            action === 'reboot' ? 'rebooting' : 'restarting',
            window.until,
            {
              since: result.sentAt,
              backAtMs: window.backAt,
              ...(window.downAt !== undefined ? { downAtMs: window.downAt } : {}),
            },
          );
        },
      },
    );
    return concludeAndRecord(
      results,
      logOf(request, at, action, action === 'reboot' ? 'reboot' : 'mining restart'),
      () => {
        const iso = until === undefined ? undefined : new Date(until).toISOString();
        const outcome: PowerOutcome = { results, ...(iso !== undefined ? { until: iso } : {}) };
        return { outcome, ...(iso !== undefined ? { until: iso } : {}) };
      },
      record,
    );
  }

  return {
    planDeviceAction(action, targets, planOptions = {}) {
      const minutes = planOptions.minutes ?? DEFAULT_LED_MINUTES;
      const detail = actionDetail(action, planOptions.on !== false, minutes);
      return planAction({ vault, sessions }, targets, detail, planOptions);
    },
    locate: (targets, request) => locate(targets, request),
    restartMining: (targets, request) => power('restart-mining', targets, request),
    reboot: (targets, request) => power('reboot', targets, request),

    resumeLedTimers: async (only) => (auto === undefined ? 0 : auto.resume(only)),
    followLedLog: (only, followOptions) => auto?.follow(only, followOptions),
    ledOffAt: (deviceId) => timers?.offAt(deviceId),
    dispose: () => auto?.dispose(),
  };
}
