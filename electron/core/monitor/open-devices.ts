/**
 * Devices someone has open (the device panel, `Monitor.device()`): their whole `/summary` is kept for the
 * detail view, which every other device goes without (kept-answer.ts). Opening a device whose summary is not
 * kept asks for one at once — the next poll reads `/summary` and comes as soon as a slot is free — and
 * `open()` waits for that poll, so the panel's first paint has the boards, fans and pools.
 */
import type { DeviceDetail, DeviceRecord } from './device-record';
import type { MonitorParts } from './monitor-parts';
import { openDevice } from './monitor-reads';
import type { PollScheduler } from './scheduler';

/**
 * How long a device stays open after it was last looked at: the panel asks every 2 s; three intervals so a
 * summary read every other poll comes while it is open, even at a long interval.
 */
export const openHoldMs = (intervalMs: number): number => Math.max(60_000, 3 * intervalMs);

/** Settles callers waiting for a device's next poll to end. Empty but for devices being opened. */
export class PollWaiters {
  private readonly waiting = new Map<string, (() => void)[]>();

  get any(): boolean {
    return this.waiting.size > 0;
  }

  /**
   * Settles when the device's next poll ends (true), or after `timeoutMs` (false; then it waits no more).
   */
  next(deviceId: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        // Gone from the list, so a device removed meanwhile leaves nobody waiting (and polls unwrapped).
        const list = this.waiting.get(deviceId)?.filter((other) => other !== wake) ?? [];
        if (list.length > 0) this.waiting.set(deviceId, list);
        else this.waiting.delete(deviceId);
        resolve(false);
      }, timeoutMs);
      timer.unref?.();
      this.waiting.set(deviceId, [...(this.waiting.get(deviceId) ?? []), wake]);
    });
  }

  /** A poll of the device ended. */
  done(deviceId: string): void {
    const list = this.waiting.get(deviceId);
    if (list === undefined) return;
    this.waiting.delete(deviceId);
    for (const wake of list) wake();
  }
}

/**
 * Whether opening the device should ask it for a summary: it is online and answered its last poll (a device
 * that does not answer is not asked sooner than its next poll: its backoff stands), has one, and none is
 * kept.
 */
const lacksSummary = (record: DeviceRecord): boolean =>
  record.machine.state === 'online' &&
  record.machine.missedPolls === 0 &&
  record.caps.summary === 'present' &&
  !record.answer.summaryKept;

/**
 * Marks the device open and, when its summary is not kept, has the next poll read one as soon as it can.
 * Answers whether such a poll was asked for.
 */
export function markOpen(parts: MonitorParts, scheduler: PollScheduler, deviceId: string): boolean {
  const record = parts.stopped ? undefined : parts.records.get(deviceId);
  if (record === undefined) return false;
  record.openUntil = parts.now() + openHoldMs(parts.settings.intervalMs);
  if (!lacksSummary(record)) return false;
  record.caps.summaryRead = false;
  scheduler.pollSoon(deviceId);
  return true;
}

/**
 * The device opened, with its summary read when it was not kept: waits for up to two of its polls (one
 * may already be running without the summary), each within the poll timeout; a poll that did not end in
 * time is not waited for again (the panel asks anew in 2 s, with what is kept by then).
 */
export async function openDeviceFresh(
  parts: MonitorParts,
  scheduler: PollScheduler,
  waiters: PollWaiters,
  deviceId: string,
): Promise<DeviceDetail | undefined> {
  const waitMs = parts.settings.timeoutMs + 500;
  for (let tries = 0; tries < 2 && markOpen(parts, scheduler, deviceId); tries += 1) {
    if (!(await waiters.next(deviceId, waitMs))) break;
  }
  return openDevice(parts, deviceId);
}
