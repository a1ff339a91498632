/**
 * Locate LEDs that turn themselves off: in a long-lived process (the app, `minerdeck monitor`) each LED
 * turned on gets its time to go off, and one timer — for the earliest — turns off every LED due then, one
 * request per site (so the activity log gets one entry per site). Turning one off earlier forgets it.
 */
import type { SessionTarget } from '../credentials/session-target';

export interface LedOffDue {
  target: SessionTarget;
  /** The site whose activity log records the auto-off; none for a process without an inventory. */
  siteId?: string;
  minutes: number;
}

export interface LedTimers {
  /** The LED goes off at `offAt` (epoch ms; now when past), replacing an earlier time for the device. */
  schedule(due: LedOffDue, offAt: number): void;
  /** Turned off (or on again with another time) by hand: no auto-off from here. */
  cancel(deviceId: string): void;
  /** When the device's LED goes off by itself, if this process will do it. */
  offAt(deviceId: string): number | undefined;
  dispose(): void;
}

export interface LedTimersOptions {
  /** Turns these LEDs off (one site's, or those without a site); never rejects. */
  turnOff(due: readonly LedOffDue[]): Promise<void>;
  now?: () => number;
}

/** Node's timers take at most about 24.8 days; later times are re-armed when that one fires. */
const MAX_DELAY_MS = 2_147_000_000;

export function createLedTimers(options: LedTimersOptions): LedTimers {
  const now = options.now ?? Date.now;
  const pending = new Map<string, { due: LedOffDue; offAt: number }>();
  let timer: NodeJS.Timeout | undefined;
  let armedFor: number | undefined;
  let disposed = false;

  function arm(): void {
    let earliest: number | undefined;
    for (const { offAt } of pending.values())
      if (earliest === undefined || offAt < earliest) earliest = offAt;
    if (earliest === armedFor) return;
    clearTimeout(timer);
    timer = undefined;
    armedFor = earliest;
    if (earliest === undefined || disposed) return;
    timer = setTimeout(fire, Math.min(MAX_DELAY_MS, Math.max(0, earliest - now())));
    // An LED left on must not keep a process alive that has nothing else to do.
    timer.unref();
  }

  function fire(): void {
    timer = undefined;
    armedFor = undefined;
    const at = now();
    const bySite = new Map<string, LedOffDue[]>();
    for (const [deviceId, { due, offAt }] of pending) {
      if (offAt > at) continue;
      pending.delete(deviceId);
      const key = due.siteId ?? '';
      bySite.set(key, [...(bySite.get(key) ?? []), due]);
    }
    for (const group of bySite.values()) void options.turnOff(group).catch(() => undefined);
    arm();
  }

  return {
    schedule(due, offAt) {
      if (disposed) return;
      pending.set(due.target.deviceId, { due, offAt });
      arm();
    },
    cancel(deviceId) {
      if (pending.delete(deviceId)) arm();
    },
    offAt: (deviceId) => pending.get(deviceId)?.offAt,
    dispose() {
      disposed = true;
      pending.clear();
      clearTimeout(timer);
      timer = undefined;
      armedFor = undefined;
    },
  };
}
