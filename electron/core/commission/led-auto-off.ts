/**
 * Locate LEDs going off by themselves in a long-lived process (the app, `minerdeck monitor`): the timers of
 * the LEDs this process turned on, plus those the activity log says another process left on (a terminal's
 * `minerdeck locate` cannot wait), read at start and every half minute so an LED turned on elsewhere while
 * this process runs goes off in time too.
 */
import type { SessionTarget } from '../credentials/session-target';
import type { InventoryStore } from '../inventory/store';
import type { PendingLedOff } from './activity-lookup';
import { createActivityLookup } from './activity-lookup';
import type { LedOffDue, LedTimers } from './led-timers';
import { createLedTimers } from './led-timers';

/** How often the log is read for LEDs other processes turned on. */
const LED_LOG_EVERY_MS = 30_000;

export type LedTargetPicker = (pending: PendingLedOff) => SessionTarget | undefined;

export interface LedAutoOff {
  readonly timers: LedTimers;
  /** Times the LEDs the log says are on (`only` picks the devices this process may write to). */
  resume(only?: LedTargetPicker): Promise<number>;
  /** `resume` now and every `everyMs` until `dispose`; `onFound`: LEDs a pass newly took over. */
  follow(only?: LedTargetPicker, options?: { everyMs?: number; onFound?: (count: number) => void }): void;
  dispose(): void;
}

export interface LedAutoOffOptions {
  /** The log; without it only this process's own LEDs are timed. */
  store?: Pick<InventoryStore, 'load'>;
  now: () => number;
  /** Turns these LEDs off and records it (one site's, or those without a site). */
  turnOff(due: readonly LedOffDue[]): Promise<void>;
}

export function createLedAutoOff(options: LedAutoOffOptions): LedAutoOff {
  const { store, now } = options;
  /** LEDs being turned off right now: until their entry is in the log, a pass must not time them again. */
  const turningOff = new Set<string>();
  let following: NodeJS.Timeout | undefined;

  const timers = createLedTimers({
    now,
    async turnOff(due) {
      for (const d of due) turningOff.add(d.target.deviceId);
      try {
        await options.turnOff(due);
      } finally {
        for (const d of due) turningOff.delete(d.target.deviceId);
      }
    },
  });

  async function resume(only?: LedTargetPicker): Promise<number> {
    if (store === undefined) return 0;
    const pending = await createActivityLookup({ store, now, cacheMs: 0 }).pendingLedOffs();
    let found = 0;
    for (const led of pending) {
      if (turningOff.has(led.deviceId)) continue;
      const target = only === undefined ? { deviceId: led.deviceId, address: led.address } : only(led);
      if (target === undefined) continue;
      if (timers.offAt(led.deviceId) !== led.offAt) found += 1;
      timers.schedule({ target, siteId: led.siteId, minutes: led.minutes }, led.offAt);
    }
    return found;
  }

  return {
    timers,
    resume,
    follow(only, followOptions = {}) {
      if (following !== undefined) return;
      const pass = () =>
        void resume(only).then(
          (found) => (found > 0 ? followOptions.onFound?.(found) : undefined),
          () => undefined,
        );
      following = setInterval(pass, followOptions.everyMs ?? LED_LOG_EVERY_MS);
      // Reading the log must not keep a process alive that has nothing else to do.
      following.unref();
      pass();
    },
    dispose() {
      clearInterval(following);
      following = undefined;
      timers.dispose();
    },
  };
}
