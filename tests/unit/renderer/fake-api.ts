/**
 * The one fake `window.api` for renderer tests: every contract channel is a vi.fn a test can re-program
 * (answering INTERNAL "not programmed" unless a default below says otherwise), and events can be pushed
 * as main would push a batch.
 */
import { vi } from 'vitest';
import type { FleetTotals } from '../../../shared/domain/monitor';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { AboutInfo } from '../../../shared/ipc/channels/app';
import type { Api, AppInfo } from '../../../shared/ipc/contract';
import { channels } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import { err, ok } from '../../../shared/result';
import { zeroByState } from '../../../shared/domain/kinds';

export const sampleAppInfo: AppInfo = {
  name: 'minerdeck',
  version: '0.1.0',
  platform: 'linux',
  versions: { electron: '45.4.1', node: '22.20.0' },
};

export const sampleAbout: AboutInfo = {
  name: 'Minerdeck',
  version: '0.1.0',
  dataDir: '/home/tech/.config/minerdeck',
  keychain: {
    state: 'available',
    persistent: true,
    summary: "Working: passwords and API keys are kept in the operating system's keychain.",
  },
};

export const emptyTotals = (devices = 0): FleetTotals => ({
  devices,
  byState: zeroByState(),
  hashRate: 0,
  nominalHashRate: 0,
  powerW: 0,
  activeAlerts: 0,
});

export interface FakeApi extends Api {
  /** Delivers one batch to every onEvent listener, as the preload would. */
  pushEvents(events: readonly AppEvent[]): void;
}

export function createFakeApi(): FakeApi {
  const listeners = new Set<(events: readonly AppEvent[]) => void>();
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[channel] = vi.fn(async () => err('INTERNAL', `${channel} is not programmed in this test.`));
  }
  Object.assign(api, {
    'app:info': vi.fn(async () => ok(sampleAppInfo)),
    'app:about': vi.fn(async () => ok(sampleAbout)),
    'discovery:suggest': vi.fn(async () => ok({ subnets: [] })),
    'monitor:snapshot': vi.fn(async () =>
      ok({ running: true, devices: [], totals: emptyTotals(), alerts: [] }),
    ),
    'settings:get': vi.fn(async () => ok(DEFAULT_SETTINGS)),
    'credentials:keychain': vi.fn(async () =>
      ok({
        state: 'available',
        advice: 'Passwords and API keys are stored in the OS keychain.',
        persistent: true,
      }),
    ),
  });
  return Object.assign(api as unknown as Api, {
    onEvent: (listener: (events: readonly AppEvent[]) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    pushEvents: (events: readonly AppEvent[]) => {
      for (const listener of listeners) listener(events);
    },
  });
}
