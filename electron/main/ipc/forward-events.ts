/**
 * Carries the core event hub's batches to the window: one IPC message on EVENT_CHANNEL per flush, so the
 * hub's rate limit (≤ 10 per second) is also the renderer's. Events emitted while no window exists (start
 * up, macOS with all windows closed) are dropped: the renderer reloads state through requests when it
 * starts, events only tell it what changed since.
 */
import { EVENT_CHANNEL } from '../../../shared/ipc/contract';
import type { EventHub } from '../../core/events/event-hub';

/** The part of WebContents used here. */
export interface EventSink {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

/** Starts forwarding; returns the function that stops it. */
export function forwardEvents(
  hub: Pick<EventHub, 'subscribe'>,
  getTarget: () => EventSink | null,
): () => void {
  return hub.subscribe((batch) => {
    const target = getTarget();
    if (target === null || target.isDestroyed()) return;
    target.send(EVENT_CHANNEL, batch);
  });
}
