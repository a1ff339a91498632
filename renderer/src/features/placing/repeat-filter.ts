/**
 * The camera sees the same label in every frame while it is held up: the same label within `windowMs`
 * of its last sighting counts once (a label held for ten seconds is one scan; shown again after a pause
 * it is a new one). Pure, with the clock given, so it is unit-tested without timers.
 */
export const REPEAT_WINDOW_MS = 2_000;

export interface RepeatFilter {
  /** True when `label` seen at `now` is a new scan (not a repeat of one seen within the window). */
  accept(label: string, now: number): boolean;
}

export function createRepeatFilter(windowMs = REPEAT_WINDOW_MS): RepeatFilter {
  const lastSeen = new Map<string, number>();
  return {
    accept(label, now) {
      const last = lastSeen.get(label);
      lastSeen.set(label, now);
      // Old sightings are forgotten so a long session does not keep every label it ever saw.
      for (const [other, at] of lastSeen) if (now - at > windowMs) lastSeen.delete(other);
      return last === undefined || now - last > windowMs;
    },
  };
}
