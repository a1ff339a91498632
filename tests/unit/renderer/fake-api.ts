/**
 * The one fake `window.api` for renderer tests: every channel is a vi.fn a test can re-program, events
 * can be pushed as main would push a batch.
 */
import { vi } from 'vitest';
import type { Api, AppInfo } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import { ok } from '../../../shared/result';

export const sampleAppInfo: AppInfo = {
  name: 'minerdeck',
  version: '0.1.0',
  platform: 'linux',
  versions: { electron: '45.4.1', node: '22.20.0' },
};

export interface FakeApi extends Api {
  /** Delivers one batch to every onEvent listener, as the preload would. */
  pushEvents(events: readonly AppEvent[]): void;
}

export function createFakeApi(): FakeApi {
  const listeners = new Set<(events: readonly AppEvent[]) => void>();
  return {
    'app:info': vi.fn(async () => ok(sampleAppInfo)),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pushEvents: (events) => {
      for (const listener of listeners) listener(events);
    },
  };
}
